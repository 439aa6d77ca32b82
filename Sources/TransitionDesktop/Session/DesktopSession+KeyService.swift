// SPDX-License-Identifier: MIT

// Placeholder: the client of the uinput key service replaces it.
extension DesktopSession {
    /// Presses keys through the uinput key service listening at `socketPath`.
    static func keyServiceSender(socketPath: String) throws(DesktopError) -> any KeySender {
        throw DesktopError("the uinput key service's client is not built")
    }
}
