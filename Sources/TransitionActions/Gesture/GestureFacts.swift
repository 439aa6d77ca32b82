// SPDX-License-Identifier: MIT
public import TransitionCore

/// What the runner knows about one gesture (one gesture id) while it runs: where it came from,
/// and its latest values. It fills every command's environment.
public struct GestureFacts: Sendable, Hashable {
    /// The transition's name.
    public var transition: String
    /// The gesture id.
    public var gesture: UInt64
    /// Where it came from.
    public var source: ActionSource
    /// Finger count (nil for a trigger).
    public var fingers: Int?
    /// The direction that completes it (nil for a trigger).
    public var direction: Direction?
    /// The latest progress (rubber-banded, as shown).
    public var progress: Double
    /// The latest unbounded progress (steps and thresholds use it).
    public var rawProgress: Double
    /// The latest velocity, progress per second.
    public var velocity: Double
    /// The latest decision, once `ended` came.
    public var outcome: Outcome?
    /// Why, once `ended` came.
    public var reason: EndReason?

    /// The facts of a gesture that just began.
    public init(transition: String, gesture: UInt64, began: BeganEvent) {
        self.transition = transition
        self.gesture = gesture
        switch began.origin {
        case .gesture(let source, let fingers, _):
            self.source = ActionSource(rawValue: source.rawValue) ?? .swipe
            self.fingers = fingers
        case .trigger:
            self.source = .trigger
            self.fingers = nil
        }
        direction = began.direction
        progress = began.from
        rawProgress = began.from
        velocity = 0
    }

    /// `TRANSITIOND_*` variables for a command run at `event` (`step`: +1 or −1 for steps, and
    /// `level`: the step's cell after it).
    public func environment(event: ActionEvent, step: Int? = nil, level: Int? = nil) -> [(String, String)] {
        var variables: [(String, String)] = [
            ("TRANSITIOND_TRANSITION", transition),
            ("TRANSITIOND_EVENT", event.rawValue),
            ("TRANSITIOND_GESTURE", String(gesture)),
            ("TRANSITIOND_PROGRESS", NumberText.fixed(progress)),
            ("TRANSITIOND_RAW_PROGRESS", NumberText.fixed(rawProgress)),
            ("TRANSITIOND_VELOCITY", NumberText.fixed(velocity)),
            ("TRANSITIOND_OUTCOME", outcome?.rawValue ?? ""),
            ("TRANSITIOND_REASON", reason?.rawValue ?? ""),
            ("TRANSITIOND_DIRECTION", direction?.rawValue ?? ""),
            ("TRANSITIOND_FINGERS", fingers.map(String.init) ?? ""),
            ("TRANSITIOND_SOURCE", source.rawValue),
            ("TRANSITIOND_STEP", step.map { $0 > 0 ? "+\($0)" : "\($0)" } ?? ""),
        ]
        if let level { variables.append(("TRANSITIOND_LEVEL", String(level))) }
        return variables
    }
}
