// SPDX-License-Identifier: MIT

// The X11 back ends (EWMH focus, XTEST keys, in X11/).
extension DesktopSession {
    /// Follows `_NET_ACTIVE_WINDOW` and its `WM_CLASS` on the X server at `display`.
    static func x11FocusSource(display: String) throws(DesktopError) -> any FocusSource {
        try X11FocusSource(display: display)
    }

    /// Presses keys through XTEST on the X server at `display`.
    static func x11KeySender(display: String) throws(DesktopError) -> any KeySender {
        try X11KeySender(display: display)
    }
}
