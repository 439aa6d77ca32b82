// SPDX-License-Identifier: MIT

// The X11 back ends (EWMH focus, XTEST keys, in X11/) and KWin's focus.
extension DesktopSession {
    /// Follows `_NET_ACTIVE_WINDOW` and its `WM_CLASS` on the X server at `display`.
    static func x11FocusSource(display: String) throws(DesktopError) -> any FocusSource {
        try X11FocusSource(display: display)
    }

    /// Presses keys through XTEST on the X server at `display`.
    static func x11KeySender(display: String) throws(DesktopError) -> any KeySender {
        try X11KeySender(display: display)
    }

    /// Follows focus through KWin (Plasma on Wayland has no standard protocol for it). Not built:
    /// KWin tells clients the active window only through its own scripting (a KWin script
    /// calling back over D-Bus), which this runner does not install.
    static func kwinFocusSource() throws(DesktopError) -> any FocusSource {
        throw DesktopError("KDE Plasma on Wayland tells no client which window has focus through a standard protocol, and transitiond does not follow KWin's own scripting yet: actions with app, apps or not_apps never run here (they do under Plasma on X11)")
    }
}
