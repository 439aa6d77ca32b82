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
