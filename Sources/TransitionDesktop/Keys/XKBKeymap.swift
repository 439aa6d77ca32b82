// SPDX-License-Identifier: MIT
import CXKBCommon
import Glibc
public import TransitionActions
public import TransitionKeys

/// A compiled xkb keymap and the one lookup every key sender needs: which key, at which shift
/// level, types a keysym. X11 reads the server's keymap into one (xkbcommon-x11), the
/// virtual-keyboard protocol uploads this one's text, the uinput service compiles the layout the
/// session uses (`XKB_DEFAULT_LAYOUT` and friends, as compositors do).
public final class XKBKeymap {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    /// Keysym → the first key (lowest keycode, lowest level) of the first layout that types it.
    private var locations: [UInt32: Location] = [:]

    /// Where a keysym is on the keyboard.
    public struct Location: Equatable, Sendable {
        /// The evdev code (xkb keycode − 8).
        public var code: UInt16
        /// The shift level: 0 plain, 1 with Shift, 2 with AltGr (ISO_Level3_Shift), 3 with both.
        public var level: UInt32
    }

    /// Compiles a keymap from rules, model, layout, variant and options; nil fields take
    /// xkbcommon's defaults, which read `XKB_DEFAULT_RULES` … `XKB_DEFAULT_OPTIONS`.
    public convenience init(layout: String? = nil, variant: String? = nil, options: String? = nil) throws(KeyError) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .keymap("xkb_context_new failed") }
        let made: OpaquePointer? = withOptionalCString(layout) { l in
            withOptionalCString(variant) { v in
                withOptionalCString(options) { o in
                    var names = xkb_rule_names(rules: nil, model: nil, layout: l, variant: v, options: o)
                    return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                }
            }
        }
        guard let made else {
            xkb_context_unref(context)
            throw .keymap("layout \(layout ?? "default") variant \(variant ?? "default") does not compile")
        }
        self.init(context: context, keymap: made)
    }

    /// Compiles a keymap from its text (xkb's text format, as X11 and Wayland send it).
    public convenience init(text: String) throws(KeyError) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .keymap("xkb_context_new failed") }
        guard let made = xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            throw .keymap("the keymap text does not compile")
        }
        self.init(context: context, keymap: made)
    }

    /// Takes ownership of a context and a keymap (one reference each), e.g. from xkbcommon-x11.
    public init(context: OpaquePointer, keymap: OpaquePointer) {
        self.context = context
        self.keymap = keymap
        indexKeys()
    }

    deinit {
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// The keymap in xkb's text format (what the virtual-keyboard protocol uploads).
    public var text: String {
        guard let raw = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return "" }
        defer { free(raw) }
        return String(cString: raw)
    }

    /// The keysym of a name: xkbcommon's exact name first ("Right", "XF86AudioMute"), then
    /// ignoring case ("right", "return"); nil for no such name.
    public static func keysym(named name: String) -> UInt32? {
        let exact = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        if exact != 0 { return exact }
        let folded = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE)
        return folded == 0 ? nil : folded
    }

    /// The name of a keysym, for messages and logs.
    public static func name(of keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        guard n > 0 else { return String(format0x: keysym) }
        return String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Where `keysym` is, or nil when no key of this keymap types it.
    public func location(of keysym: UInt32) -> Location? { locations[keysym] }

    /// The key events that type `chords` on this keymap: for each chord its modifiers down, the
    /// shift levels its key needs (Shift, AltGr) down, the key down and up, then the rest up in
    /// reverse order.
    public func events(for chords: [KeyChord]) throws(KeyError) -> [KeyStroke] {
        var out: [KeyStroke] = []
        for chord in chords {
            var held: [UInt16] = []
            for modifier in chord.modifiers {
                guard let at = locations[modifier] else { throw .notInKeymap(Self.name(of: modifier)) }
                if !held.contains(at.code) { held.append(at.code) }
            }
            guard let key = locations[chord.key] else { throw .notInKeymap(Self.name(of: chord.key)) }
            if key.level & 1 != 0, let shift = locations[0xffe1 /* Shift_L */], !held.contains(shift.code) { held.append(shift.code) }
            if key.level & 2 != 0, let level3 = locations[0xfe03 /* ISO_Level3_Shift */], !held.contains(level3.code) { held.append(level3.code) }
            out += held.map { KeyStroke(code: $0, pressed: true) }
            out.append(KeyStroke(code: key.code, pressed: true))
            out.append(KeyStroke(code: key.code, pressed: false))
            out += held.reversed().map { KeyStroke(code: $0, pressed: false) }
        }
        return out
    }

    private func indexKeys() {
        let minimum = xkb_keymap_min_keycode(keymap), maximum = xkb_keymap_max_keycode(keymap)
        guard minimum >= 8, minimum <= maximum else { return }
        for keycode in minimum...maximum where xkb_keymap_num_layouts_for_key(keymap, keycode) > 0 {
            let levels = xkb_keymap_num_levels_for_key(keymap, keycode, 0)
            for level in 0..<min(levels, 4) {
                var syms: UnsafePointer<xkb_keysym_t>?
                let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &syms)
                guard count == 1, let sym = syms?.pointee else { continue }
                if let known = locations[sym], known.level <= level { continue }
                locations[sym] = Location(code: UInt16(truncatingIfNeeded: keycode - 8), level: level)
            }
        }
    }
}

private func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}

private extension String {
    init(format0x value: UInt32) {
        self = "0x" + String(value, radix: 16)
    }
}

extension KeysymLookup {
    /// xkbcommon's keysym names (``XKBKeymap/keysym(named:)``): what the runner and
    /// `transitionctl` hand the pure parts that read `keys`.
    public static let xkbcommon = KeysymLookup { XKBKeymap.keysym(named: $0) }
}
