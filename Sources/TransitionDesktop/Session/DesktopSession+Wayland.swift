// SPDX-License-Identifier: MIT

// Placeholder: the Wayland back ends (wlr-foreign-toplevel-management, virtual-keyboard) replace it.
extension DesktopSession {
    /// Follows focus through `zwlr_foreign_toplevel_manager_v1` on the compositor at `display`.
    static func waylandFocusSource(display: String) throws(DesktopError) -> any FocusSource {
        throw DesktopError("the Wayland focus source is not built")
    }

    /// Presses keys through `zwp_virtual_keyboard_manager_v1` on the compositor at `display`.
    static func waylandKeySender(display: String) throws(DesktopError) -> any KeySender {
        throw DesktopError("the Wayland key sender is not built")
    }
}
