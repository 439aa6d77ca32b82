/// A configuration the engine refuses (zero distance, unknown transition in a binding, …).
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A request the engine cannot carry out (unknown transition, …).
public struct EngineError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Where one transition is right now, for `status`, `list` and the snapshot a new subscriber
/// gets first.
public struct TransitionState: Sendable, Hashable, Codable {
    public enum Phase: String, Sendable, Hashable, Codable {
        case idle, interactive, animating, paused
    }
    public var name: String
    public var phase: Phase
    /// The gesture or run in flight, if any.
    public var gesture: UInt64?
    public var progress: Double
    public var velocity: Double
    /// While animating: the `ended` event that started the animation (its `timeUs` is t = 0).
    public var ended: EndedEvent?
    public var endedAtUs: UInt64?

    public init(name: String, phase: Phase, gesture: UInt64?, progress: Double, velocity: Double,
                ended: EndedEvent? = nil, endedAtUs: UInt64? = nil) {
        self.name = name; self.phase = phase; self.gesture = gesture; self.progress = progress
        self.velocity = velocity; self.ended = ended; self.endedAtUs = endedAtUs
    }
}

/// The interactive transition engine: gesture samples in, transition events out.
///
/// Pure: it never reads a clock or a file descriptor. Time arrives with every input
/// (`GestureInput.timeUs`) and every call that needs it (`nowUs`), all CLOCK_MONOTONIC µs.
/// Events are handed to `emit` synchronously, in order; nothing is allocated per update.
public struct TransitionEngine: Sendable {
    /// The configuration in force.
    public private(set) var configuration: EngineConfiguration

    /// Validates `configuration` and builds an idle engine.
    public init(configuration: EngineConfiguration) throws(ConfigurationError) {
        self.configuration = configuration
    }

    /// Feeds one input sample.
    public mutating func handle(_ input: GestureInput, emit: (TransitionEvent) -> Void) {}

    /// Completes animations that have reached their end by `nowUs` (emits `completed`).
    public mutating func advance(toUs nowUs: UInt64, emit: (TransitionEvent) -> Void) {}

    /// The earliest time `advance` has something to do, or `nil` when nothing animates.
    public var nextDeadlineUs: UInt64? { nil }

    /// Runs `name` non-interactively from its current value to 1 (or to 0 with `reverse`).
    /// `duration` (seconds) and `completion` override the transition's trigger settings.
    public mutating func trigger(_ name: String, reverse: Bool = false, duration: Double? = nil,
                                 completion: CompletionStyle? = nil, nowUs: UInt64,
                                 emit: (TransitionEvent) -> Void) throws(EngineError) {}

    /// Cancels `name` (every running transition when `nil`): it animates back to its cancel
    /// point; `ended.reason` is `reason`. Returns how many transitions were cancelled.
    @discardableResult
    public mutating func cancel(_ name: String?, reason: EndReason, nowUs: UInt64,
                                emit: (TransitionEvent) -> Void) throws(EngineError) -> Int { 0 }

    /// Replaces the configuration (SIGHUP). Transitions that no longer exist are cancelled with
    /// reason `shutdown`; the others keep running.
    public mutating func reconfigure(_ configuration: EngineConfiguration, nowUs: UInt64,
                                     emit: (TransitionEvent) -> Void) throws(ConfigurationError) {
        self.configuration = configuration
    }

    /// Every configured transition's state at `nowUs`, in configuration order.
    public func states(atUs nowUs: UInt64) -> [TransitionState] { [] }
}
