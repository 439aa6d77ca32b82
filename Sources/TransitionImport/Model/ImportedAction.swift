// SPDX-License-Identifier: MIT
public import TransitionActions

/// One `[[action]]` the importer writes, with the line of the other tool's file it comes from.
public struct ImportedAction: Sendable, Hashable {
    /// The transitions it applies to (one or more names).
    public var transitions: [String]
    /// When it runs.
    public var event: ActionEvent
    /// What it runs.
    public var command: ActionCommand
    /// For `on = "step"`.
    public var step: Double?
    /// For `on = "threshold"`.
    public var threshold: Double?
    /// `app`, `apps` or `not_apps`: the applications it runs in, or those it does not.
    public var apps: AppCondition?
    /// The line of the imported file it comes from.
    public var line: Int
    /// Lines of comment written above it (what it was, what changed).
    public var comments: [String]

    /// An action translated from line `line`.
    public init(transitions: [String], event: ActionEvent, command: ActionCommand, step: Double? = nil,
                threshold: Double? = nil, apps: AppCondition? = nil, line: Int, comments: [String] = []) {
        self.transitions = transitions; self.event = event; self.command = command; self.step = step
        self.threshold = threshold; self.apps = apps; self.line = line; self.comments = comments
    }

    /// `swipe3-left finish`, `swipe4-up step 0.1`: how it reads in a report.
    public var summary: String {
        var text = transitions.joined(separator: ",") + " " + event.rawValue
        if let step { text += " step \(step)" }
        if let threshold { text += " threshold \(threshold)" }
        if let apps { text += " " + apps.description }
        var shown = ""
        for character in command.description { shown += character == "\n" ? "\\n" : String(character) }
        return text + ": " + shown
    }
}
