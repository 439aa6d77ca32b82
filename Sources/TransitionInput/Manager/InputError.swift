// SPDX-License-Identifier: MIT
/// Why the input layer cannot start or refuses a device.
public enum InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A device given with `--device` is not one transitiond may use; `reason` says why
    /// (e.g. "keyboard: not a touch device").
    case refused(path: String, reason: String)
    /// libinput, libudev or the kernel failed; the message says what.
    case system(String)

    /// The message for logs and the command line.
    public var description: String {
        switch self {
        case .refused(let path, let reason):
            "refusing \(path): \(reason); transitiond opens only touchpads and touchscreens"
        case .system(let message):
            message
        }
    }
}
