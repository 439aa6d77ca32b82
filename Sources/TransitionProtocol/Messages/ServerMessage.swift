// SPDX-License-Identifier: MIT
public import TransitionCore

/// The limits a server enforces, announced in `hello` so clients need not guess.
public struct ServerLimits: Sendable, Hashable {
    /// Longest request line, newline excluded (bytes). Longer closes the connection.
    public var maxLineBytes: Int
    /// Lifecycle events and replies queued for a client that does not read, before the server
    /// disconnects it.
    public var maxQueuedMessages: Int
    /// The same limit in bytes.
    public var maxQueuedBytes: Int
    /// How long a request may stay half-sent (milliseconds).
    public var requestTimeoutMs: Int
    /// The highest `frame_rate` accepted.
    public var maxFrameRate: Int

    /// The longest line a client reads from the server, newline excluded (bytes): the most the
    /// server queues for one client (the default ``maxQueuedBytes``, which is not configurable),
    /// so none of its lines is longer. A client closes the connection on a longer one (a process
    /// at the socket that is not transitiond), keeping its memory bounded.
    public static let maxServerLineBytes = 4 << 20

    /// The limits, at the server's defaults unless given.
    public init(maxLineBytes: Int = 65536, maxQueuedMessages: Int = 256, maxQueuedBytes: Int = 4 << 20,
                requestTimeoutMs: Int = 5000, maxFrameRate: Int = Subscription.maxFrameRate) {
        self.maxLineBytes = maxLineBytes; self.maxQueuedMessages = maxQueuedMessages
        self.maxQueuedBytes = maxQueuedBytes; self.requestTimeoutMs = requestTimeoutMs; self.maxFrameRate = maxFrameRate
    }
}

/// `hello`: the first line of every connection.
public struct Hello: Sendable, Hashable {
    /// The protocol's major version (``ProtocolVersion/current``).
    public var protocolVersion: Int
    /// e.g. "transitiond 0.1.0".
    public var server: String
    public var pid: Int32?
    /// CLOCK_MONOTONIC µs when the connection was accepted.
    public var timeUs: UInt64
    public var transitions: [TransitionInfo]
    public var limits: ServerLimits?

    public init(protocolVersion: Int = ProtocolVersion.current, server: String = TransitiondVersion.serverName,
                pid: Int32? = nil, timeUs: UInt64, transitions: [TransitionInfo], limits: ServerLimits? = nil) {
        self.protocolVersion = protocolVersion; self.server = server; self.pid = pid; self.timeUs = timeUs
        self.transitions = transitions; self.limits = limits
    }
}

/// `frame`: a server-driven sample of a running completion animation.
public struct FrameEvent: Sendable, Hashable {
    public var transition: String
    public var gesture: UInt64
    public var timeUs: UInt64
    public var progress: Double
    public var velocity: Double

    public init(transition: String, gesture: UInt64, timeUs: UInt64, progress: Double, velocity: Double) {
        self.transition = transition; self.gesture = gesture; self.timeUs = timeUs
        self.progress = progress; self.velocity = velocity
    }
}

/// `snapshot`: sent right after the reply to `subscribe`: every subscribed transition's state,
/// so a client that connects mid-gesture (or mid-animation) starts in sync.
public struct Snapshot: Sendable, Hashable {
    public var timeUs: UInt64
    public var transitions: [TransitionState]
    public init(timeUs: UInt64, transitions: [TransitionState]) { self.timeUs = timeUs; self.transitions = transitions }
}

/// `transitions_changed`: the configured transitions changed (a configuration reload added,
/// removed or redefined some). Sent to every connected client, subscribed or not, only when the
/// list differs from the one before; it replaces the list the connection's `hello` carried.
public struct TransitionsChanged: Sendable, Hashable {
    /// CLOCK_MONOTONIC µs when the new configuration took effect.
    public var timeUs: UInt64
    /// Every configured transition, in configuration order, as in ``Hello/transitions``.
    public var transitions: [TransitionInfo]
    public init(timeUs: UInt64, transitions: [TransitionInfo]) { self.timeUs = timeUs; self.transitions = transitions }
}

/// What a successful reply carries, by request.
public enum ReplyResult: Sendable, Hashable {
    case subscribed
    case list([TransitionListing])
    case status(StatusInfo)
    /// The run's gesture id (every event of the run carries it), when it started one.
    case triggered(gesture: UInt64?)
    /// How many running transitions were cancelled.
    case cancelled(count: Int)
    case synced
    /// What a `settings` request did.
    case settings(SettingsResult)
    /// `declare`: the transition's name and every gesture it owns.
    case declared(transition: String, gestures: [String])
    /// `update` or `withdraw` done (an empty result).
    case done
    /// A reply to a request this library does not know (a newer server), raw.
    case other(JSONValue)
}

/// `reply`: the answer to one request.
public struct Reply: Sendable, Hashable {
    /// The request's id (`nil` when it had none or the line could not be read).
    public var id: RequestID?
    /// The request's name, when the server could tell.
    public var request: String?
    public var result: Result<ReplyResult, ProtocolError>

    public init(id: RequestID?, request: String?, result: Result<ReplyResult, ProtocolError>) {
        self.id = id; self.request = request; self.result = result
    }
}

/// Why the server closes a connection.
public struct GoodbyeReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A request line exceeded ``ServerLimits/maxLineBytes``.
    public static let lineTooLong = GoodbyeReason(rawValue: "line_too_long")
    /// A request stayed half-sent longer than ``ServerLimits/requestTimeoutMs``.
    public static let requestTimeout = GoodbyeReason(rawValue: "request_timeout")
    /// The client did not read and its queue of lifecycle events and replies overflowed.
    public static let backlogOverflow = GoodbyeReason(rawValue: "backlog_overflow")
    /// The server already serves as many clients as it allows, in all or from this client's
    /// user (the `message` says which limit).
    public static let tooManyClients = GoodbyeReason(rawValue: "too_many_clients")
    /// The server was full and closed this connection to make room for a new one: it had never
    /// subscribed and had sent no request for a while.
    public static let evicted = GoodbyeReason(rawValue: "evicted")
    /// The server is stopping.
    public static let shutdown = GoodbyeReason(rawValue: "shutdown")
    public var description: String { rawValue }
}

/// `goodbye`: the last line before the server closes the connection (best effort: a client
/// that does not read may never see it).
public struct Goodbye: Sendable, Hashable {
    public var reason: GoodbyeReason
    public var message: String
    public init(reason: GoodbyeReason, message: String) { self.reason = reason; self.message = message }
}

/// Any line the server sends.
public enum ServerMessage: Sendable, Hashable {
    case hello(Hello)
    /// began, updated, ended, paused, completed.
    case transition(TransitionEvent)
    case frame(FrameEvent)
    case snapshot(Snapshot)
    case reply(Reply)
    case goodbye(Goodbye)
    /// The configured transitions changed (a reload).
    case transitionsChanged(TransitionsChanged)
    /// A message this version does not know (a newer server): ignore it.
    case unknown(event: String, JSONValue)

    /// The `event` member's value.
    public var eventName: String {
        switch self {
        case .hello: "hello"
        case .transition(let e): e.payload.kind.rawValue
        case .frame: "frame"
        case .snapshot: "snapshot"
        case .reply: "reply"
        case .goodbye: "goodbye"
        case .transitionsChanged: "transitions_changed"
        case .unknown(let name, _): name
        }
    }
}

/// A decoded line: the message and its per-connection sequence number.
public struct ReceivedMessage: Sendable, Hashable {
    /// 1 for `hello`, then +1 per message queued for the connection; a gap means `updated` or
    /// `frame` events were coalesced away. `nil` when the line had none.
    public var seq: UInt64?
    public var message: ServerMessage
    public init(seq: UInt64?, message: ServerMessage) { self.seq = seq; self.message = message }
}

extension TransitionEvent.Payload {
    /// The event's kind, as named on the wire.
    public var kind: EventKind {
        switch self {
        case .began: .began
        case .updated: .updated
        case .ended: .ended
        case .paused: .paused
        case .completed: .completed
        }
    }
}
