// SPDX-License-Identifier: MIT

/// The wlroots back ends (Sources/TransitionDesktop/Wayland/): focus through
/// wlr-foreign-toplevel-management, keys through virtual-keyboard.
extension DesktopSession {
    /// Follows focus through `zwlr_foreign_toplevel_manager_v1` on the compositor at `display`.
    static func waylandFocusSource(display: String) throws(DesktopError) -> any FocusSource {
        try WaylandFocusSource(display: display)
    }

    /// Presses keys through `zwp_virtual_keyboard_manager_v1` on the compositor at `display`.
    static func waylandKeySender(display: String) throws(DesktopError) -> any KeySender {
        try VirtualKeyboardSender(display: display)
    }
}
