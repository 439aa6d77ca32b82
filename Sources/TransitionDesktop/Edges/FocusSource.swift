// SPDX-License-Identifier: MIT

/// The application that has the keyboard focus, as the desktop names it.
public struct FocusedApplication: Equatable, Sendable, CustomStringConvertible {
    /// The Wayland app id, or the class (second string) of X11's `WM_CLASS`.
    public var appID: String
    /// The instance (first string) of X11's `WM_CLASS`, where the desktop has one.
    public var instance: String?
    /// The window's title, for `--verbose` only: actions never match on it.
    public var title: String?

    /// An application by app id or class, with its instance and title where known.
    public init(appID: String, instance: String? = nil, title: String? = nil) {
        self.appID = appID
        self.instance = instance
        self.title = title
    }

    public var description: String {
        var text = appID
        if let instance, instance != appID { text += " (\(instance))" }
        if let title, !title.isEmpty { text += " “\(title)”" }
        return text
    }
}

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
