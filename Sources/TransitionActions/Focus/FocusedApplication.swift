// SPDX-License-Identifier: MIT
import TransitionLog

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

    /// `firefox (Navigator) “Title”`, for logs: the desktop's (any application's) text escaped
    /// (``PrintableText``), so that a title holding a newline cannot start a line of the log.
    public var description: String {
        var text = PrintableText.escaped(appID)
        if let instance, instance != appID { text += " (\(escaped: instance))" }
        if let title, !title.isEmpty { text += " “\(escaped: title)”" }
        return text
    }
}
