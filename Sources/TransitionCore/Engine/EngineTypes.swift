// SPDX-License-Identifier: MIT
/// A configuration the engine refuses (zero distance, unknown transition in a binding, …).
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the transition or binding.
    public var message: String
    /// The part of the configuration that is wrong, when it is one part (set by
    /// ``EngineConfiguration/validate()``, so that a loader can point at where it read that part).
    public var subject: Subject?

    /// A part of an ``EngineConfiguration``.
    public enum Subject: Sendable, Hashable {
        /// A top-level setting, by its configuration key (`slop`, `touch_slop`, `pinch_slop`,
        /// `rotation_slop`, `hold_delay`).
        case setting(String)
        /// `transitions[index]`.
        case transition(index: Int)
        /// `bindings[index]`.
        case binding(index: Int)
        /// `taps[index]`.
        case tap(index: Int)
        /// `holds[index]`.
        case hold(index: Int)
    }

    /// An error saying `message` about `subject`.
    public init(_ message: String, subject: Subject? = nil) { self.message = message; self.subject = subject }
    /// The message.
    public var description: String { message }

    /// Errors are equal when they say the same thing (the subject says only where).
    public static func == (lhs: ConfigurationError, rhs: ConfigurationError) -> Bool { lhs.message == rhs.message }
    /// Hashes the message.
    public func hash(into hasher: inout Hasher) { hasher.combine(message) }
}

/// A request the engine cannot carry out (unknown transition, …).
public struct EngineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// Where one transition is right now, for `status`, `list` and the snapshot a new subscriber
/// gets first.
public struct TransitionState: Sendable, Hashable, Codable {
    /// At rest, finger-driven, animating, or caught.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// idle: at rest; interactive: a finger drives it; animating: its completion runs;
        /// paused: a new touch caught it.
        case idle, interactive, animating, paused
    }
    /// The transition's name.
    public var name: String
    /// What it is doing.
    public var phase: Phase
    /// The gesture or run in flight, if any.
    public var gesture: UInt64?
    /// The value shown now (0 when idle).
    public var progress: Double
    /// Progress per second now.
    public var velocity: Double
    /// While animating: the `ended` event that started the animation (its `timeUs` is t = 0).
    public var ended: EndedEvent?
    /// While animating: when the animation started (the `ended` event's time).
    public var endedAtUs: UInt64?

    /// A snapshot of one transition.
    public init(name: String, phase: Phase, gesture: UInt64?, progress: Double, velocity: Double,
                ended: EndedEvent? = nil, endedAtUs: UInt64? = nil) {
        self.name = name; self.phase = phase; self.gesture = gesture; self.progress = progress
        self.velocity = velocity; self.ended = ended; self.endedAtUs = endedAtUs
    }
}
