// SPDX-License-Identifier: MIT
import CSystemd
import TransitionSystemd
import TransitionKeys
import TransitionActions

/// Presses keys through transitiond's GNOME Shell extension (``GnomeShellExtension``), which
/// presses them on GNOME Shell's own seat through a Clutter virtual keyboard: no uinput, no
/// root. Resolves the chords to evdev key strokes with the session's keymap (as for the uinput
/// key service), refuses what ``KeyAllowList`` refuses before sending, and calls
/// ``GnomeShellExtension/pressKeys`` on GNOME Shell, waiting for its answer (2 s at most), on a
/// session-bus connection of its own for each press (as the key service's sender connects for
/// each: nothing stays open that no loop reads, and a bus restarted in between is no matter). The
/// extension checks the same list again (its copy, core/keyAllowList.js, checked against this
/// one by a test), presses nothing while the screen is locked, and takes requests only from a
/// `transitionctl` process of its own user (docs/gnome.md).
final class GnomeShellKeySender: KeySender {
    let name = "gnome-shell"
    private let keymap: XKBKeymap

    /// How long a press may take.
    static let callTimeoutUs: UInt64 = 2_000_000

    /// Connects to the session bus and checks that the extension is there and takes this
    /// process's requests: a `PressKeys` of no strokes.
    init(keymap: XKBKeymap) throws(DesktopError) {
        self.keymap = keymap
        try press([])
    }

    func send(_ chords: [KeyChord]) throws(KeyError) {
        let events = try keymap.events(for: chords)
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
