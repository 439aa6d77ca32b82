// SPDX-License-Identifier: MIT
import CSystemd
import TransitionSystemd
import TransitionKeys
import TransitionActions

/// Presses keys through transitiond's GNOME Shell extension (``GnomeShellExtension``), which
/// presses them on GNOME Shell's own seat through a Clutter virtual keyboard: no uinput, no
/// root. Resolves the chords to evdev key strokes with GNOME's keymap, refuses what
/// ``KeyAllowList`` refuses before sending, and calls ``GnomeShellExtension/pressKeys`` on GNOME
/// Shell, waiting for its answer (2 s at most), on a session-bus connection of its own for each
/// press (as the key service's sender connects for each: nothing stays open that no loop reads,
/// and a bus restarted in between is no matter). The extension checks the same list again (its
/// copy, core/keyAllowList.js, checked against this one by a test), presses nothing while the
/// screen is locked, and takes requests only from a `transitionctl` process of its own user
/// (docs/gnome.md).
///
/// GNOME turns the codes into symbols with its own keymap, the user's input source: so the
/// chords are resolved with the keymap GNOME gives its seat's keyboard on its Wayland display
/// (``SeatKeymap``), read at each press (the user may switch layouts); where it gives none (a
/// headless GNOME with no keyboard yet), xkbcommon's default from `XKB_DEFAULT_LAYOUT` and friends.
final class GnomeShellKeySender: KeySender {
    let name = "gnome-shell"
    /// GNOME's Wayland display, whose seat's keymap resolves the keys.
    private let display: String
    /// The keymap when GNOME's cannot be read.
    private let fallback: XKBKeymap
    /// GNOME's keymap as last read, and its text.
    private var gnome: (text: String, keymap: XKBKeymap)?

    /// How long a press may take.
    static let callTimeoutUs: UInt64 = 2_000_000

    /// Checks that the extension is there and takes this process's requests (a `PressKeys` of no
    /// strokes, which also gives a headless seat its keyboard).
    init(display: String, fallback: XKBKeymap) throws(DesktopError) {
        self.display = display
        self.fallback = fallback
        try press([])
    }

    func send(_ chords: [KeyChord]) throws(KeyError) {
        let events = try keymap().events(for: chords)
        guard !events.isEmpty else { return }
        if let refused = KeyAllowList.refusal(events) {
            throw .unavailable("never pressed: \(refused)")
        }
        do throws(DesktopError) {
            try press(events)
        } catch {
            throw .unavailable(error.message)
        }
    }

    /// GNOME's keymap now, compiled again only when its text changed; else the fallback.
    private func keymap() -> XKBKeymap {
        guard let text = try? SeatKeymap.read(display: display) else { return fallback }
        if let gnome, gnome.text == text { return gnome.keymap }
        guard let keymap = try? XKBKeymap(text: text) else { return fallback }
        gnome = (text, keymap)
        return keymap
    }

    /// Calls `PressKeys(a(qb))` with `strokes` and waits for the extension's answer.
    private func press(_ strokes: [KeyStroke]) throws(DesktopError) {
        let codes = strokes.map(\.code)
        let pressed = strokes.map { UInt8($0.pressed ? 1 : 0) }
        do throws(SessionBusError) {
            let bus = try SessionBus()
            try bus.call(GnomeShellExtension.busName, GnomeShellExtension.objectPath, GnomeShellExtension.interface,
                         GnomeShellExtension.pressKeys, appending: { message in
                codes.withUnsafeBufferPointer { codes in
                    pressed.withUnsafeBufferPointer { pressed in
                        csystemd_append_strokes(message, codes.baseAddress, pressed.baseAddress, codes.count)
                    }
                }
            }, timeoutUs: Self.callTimeoutUs) { _ in () }
        } catch {
            throw DesktopError(GnomeShellFocusReporter.describe(error))
        }
    }
}
