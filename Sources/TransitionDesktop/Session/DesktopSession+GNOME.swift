// SPDX-License-Identifier: MIT

// GNOME Shell on Wayland (GNOME/): focus and keys through transitiond's GNOME Shell extension.
extension DesktopSession {
    /// Follows focus through the extension, which reports GNOME Shell's focused window over the
    /// session bus (``CompositorFocusSource`` with ``GnomeShellFocusReporter``).
    static func gnomeShellFocusSource() throws(DesktopError) -> any FocusSource {
        try CompositorFocusSource(reporter: GnomeShellFocusReporter())
    }

    /// Presses keys through the extension's Clutter virtual keyboard (``GnomeShellKeySender``),
    /// resolving them with the keymap GNOME gives its seat on `display`, else the one xkbcommon
    /// builds from the environment.
    static func gnomeShellKeySender(display: String) throws(DesktopError) -> any KeySender {
        let keymap: XKBKeymap
        do {
            keymap = try XKBKeymap()
        } catch {
            throw DesktopError("\(error)")
        }
        return try GnomeShellKeySender(display: display, fallback: keymap)
    }
}
