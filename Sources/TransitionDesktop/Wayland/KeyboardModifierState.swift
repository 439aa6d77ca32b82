// SPDX-License-Identifier: MIT
import CXKBCommon
import TransitionKeys

/// The modifier and group state a keyboard's keys make, the way a compositor computes it: an
/// xkb state over the same keymap text, fed each key. The virtual-keyboard protocol wants it
/// beside the keys (`modifiers`: depressed, latched and locked masks over the keymap's modifier
/// indices, and the group).
final class KeyboardModifierState {
    /// The four values of a `modifiers` request.
    struct Masks: Equatable {
        var depressed: UInt32
        var latched: UInt32
        var locked: UInt32
        var group: UInt32
    }

    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    /// Compiles `text` (xkb's text format) and starts with no key down.
    init(keymapText text: String) throws(KeyError) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .keymap("xkb_context_new failed") }
        guard let keymap = xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            throw .keymap("the keymap text does not compile")
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            throw .keymap("xkb_state_new failed")
        }
        self.context = context
        self.keymap = keymap
        self.state = state
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// The masks now.
    var masks: Masks {
        Masks(depressed: xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
              latched: xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
              locked: xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
              group: xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE))
    }

    /// Feeds one key (evdev code) going down or up.
    /// - Returns: the masks when they changed, else nil.
    func update(_ event: KeyStroke) -> Masks? {
        let changed = xkb_state_update_key(state, UInt32(event.code) + 8, event.pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        let modifiers = XKB_STATE_MODS_DEPRESSED.rawValue | XKB_STATE_MODS_LATCHED.rawValue | XKB_STATE_MODS_LOCKED.rawValue
            | XKB_STATE_LAYOUT_EFFECTIVE.rawValue
        return changed.rawValue & modifiers != 0 ? masks : nil
    }
}
