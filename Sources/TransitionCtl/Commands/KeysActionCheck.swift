// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionDesktop
import TransitionKeys

/// `transitionctl run --check`'s check of `keys` actions against the keys the uinput key service
/// presses (``KeyAllowList``, the service's own list): an action that asks for a power, sleep,
/// brightness… key, the magic SysRq or Ctrl+Alt+Delete is a problem, whatever the desktop.
enum KeysActionCheck {
    /// One line per refused `keys` action of `file`; `strokes` resolves a sequence to key
    /// strokes (`nil` when the keymap cannot type it: another check's business).
    static func problems(in file: ActionsFile, strokes: (KeySequence) -> [KeyStroke]?) -> [String] {
        file.actions.compactMap { action in
            guard case .keys(let keys) = action.command, let events = strokes(keys),
                  let refused = KeyAllowList.refusal(events) else { return nil }
            return "\(file.source):\(action.position): keys \"\(keys.text)\": \(refused) (docs/service.md, the uinput key service)"
        }
    }

    /// The problems of `file` with the keymap the uinput key service's client compiles
    /// (`XKB_DEFAULT_LAYOUT` and friends, else xkbcommon's default).
    static func problems(in file: ActionsFile) -> [String] {
        guard file.wantsKeys, let keymap = try? XKBKeymap() else { return [] }
        return problems(in: file) { try? keymap.events(for: $0.chords) }
    }
}
