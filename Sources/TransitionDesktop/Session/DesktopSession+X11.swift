// SPDX-License-Identifier: MIT

// Placeholder: the X11 back ends (EWMH focus, XTEST keys) and KWin's focus replace it.
extension DesktopSession {
    /// Follows `_NET_ACTIVE_WINDOW` and its `WM_CLASS` on the X server at `display`.
    static func x11FocusSource(display: String) throws(DesktopError) -> any FocusSource {
        throw DesktopError("the X11 focus source is not built")
    }

    /// Presses keys through XTEST on the X server at `display`.
    static func x11KeySender(display: String) throws(DesktopError) -> any KeySender {
        throw DesktopError("the X11 key sender is not built")
    }

    /// Follows focus through KWin (Plasma on Wayland has no standard protocol for it).
    static func kwinFocusSource() throws(DesktopError) -> any FocusSource {
        throw DesktopError("the KWin focus source is not built")
    }
}
