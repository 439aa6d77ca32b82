// SPDX-License-Identifier: MIT
import Glibc

extension DesktopSession {
    /// Presses keys through the uinput key service listening at `socketPath`
    /// (``KeyServiceSender``), resolving them with the keymap xkbcommon builds from the
    /// environment (`XKB_DEFAULT_LAYOUT`, …; else its default, us). Throws when the socket is not
    /// there (the service is off until an administrator enables `transitiond-keys.socket`), or
    /// cannot be reached (a directory the user may not search), saying which.
    static func keyServiceSender(socketPath: String) throws(DesktopError) -> any KeySender {
        guard access(socketPath, F_OK) == 0 else {
            throw DesktopError(KeyServiceSender.connectFailure(socketPath, errno: errno))
        }
        let keymap: XKBKeymap
        do {
            keymap = try XKBKeymap()
        } catch {
            throw DesktopError("\(error)")
        }
        return KeyServiceSender(socketPath: socketPath, keymap: keymap)
    }
}
