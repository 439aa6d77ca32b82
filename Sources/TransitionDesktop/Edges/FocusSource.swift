// SPDX-License-Identifier: MIT
public import TransitionActions

/// A way to follow the keyboard focus: a connection to the desktop whose descriptor the runner's
/// event loop watches. Focus is followed by events, never looked up per gesture.
public protocol FocusSource: AnyObject {
    /// What it speaks, for logs: "wlr-foreign-toplevel", "ewmh", "kwin".
    var name: String { get }
    /// The descriptor to watch for reading.
    var fileDescriptor: Int32 { get }
    /// The focused application; nil when no window has focus (a desktop, a lock screen).
    var focused: FocusedApplication? { get }
    /// Reads and handles whatever the desktop sent, without blocking.
    /// - Returns: true when `focused` changed.
    /// - Throws: when the connection is gone; the runner then drops the source and says so.
    func readReady() throws -> Bool
}
