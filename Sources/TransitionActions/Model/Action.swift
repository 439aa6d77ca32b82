// SPDX-License-Identifier: MIT
public import TransitionConfig

/// The gesture sources an action may be limited to (`source = …`); `trigger` is a run started
/// by a `trigger` request rather than a finger.
public enum ActionSource: String, Sendable, Hashable, CaseIterable {
    case swipe, scroll, touch, pinch, trigger
}

/// One `[[action]]` of the actions file.
public struct Action: Sendable, Hashable {
    /// The transitions it applies to.
    public var transitions: TransitionSelector
    /// When it runs.
    public var event: ActionEvent
    /// What it runs: a command, or keys (`keys = "super+Right"`).
    public var command: ActionCommand
    /// For `on = "step"`: the progress per step (greater than 0).
    public var step: Double?
    /// For `on = "threshold"`: the progress to cross.
    public var threshold: Double?
    /// Seconds a command may run (for `progress`: after its input is closed) before it is
    /// terminated; `nil` takes the file's `timeout`.
    public var timeout: Double?
    /// Only gestures from these sources (`nil`: all, triggers included).
    public var sources: Set<ActionSource>?
    /// `app`, `apps` or `not_apps`: the focused applications it runs in (`nil`: any, focus
    /// unknown included).
    public var apps: AppCondition?
    /// Where the `[[action]]` header is, for logs (`actions.toml:12`).
    public var position: SourcePosition

    /// An action; `position` defaults to the start of the file.
    public init(transitions: TransitionSelector, event: ActionEvent, command: ActionCommand, step: Double? = nil,
                threshold: Double? = nil, timeout: Double? = nil, sources: Set<ActionSource>? = nil,
                apps: AppCondition? = nil, position: SourcePosition = SourcePosition(line: 1, column: 1)) {
        self.transitions = transitions; self.event = event; self.command = command; self.step = step
        self.threshold = threshold; self.timeout = timeout; self.sources = sources; self.apps = apps
        self.position = position
    }

    /// Whether the action applies to a gesture of `transition` from `source`.
    public func applies(to transition: String, source: ActionSource) -> Bool {
        transitions.matches(transition) && (sources?.contains(source) ?? true)
    }

    /// Whether it applies to a gesture of `transition` from `source` with `focus`.
    public func applies(to transition: String, source: ActionSource, focus: AppFocus) -> Bool {
        applies(to: transition, source: source) && (apps?.matches(focus) ?? true)
    }
}
