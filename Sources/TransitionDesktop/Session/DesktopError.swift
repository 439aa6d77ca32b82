// SPDX-License-Identifier: MIT

/// Why the runner cannot follow focus or press keys on this desktop, in words for its log.
public struct DesktopError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reason, e.g. "sway offers no zwp_virtual_keyboard_manager_v1".
    public var message: String
    /// An error with its reason.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
