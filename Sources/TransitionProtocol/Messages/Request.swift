// SPDX-License-Identifier: MIT
public import TransitionCore

/// A request's `id`, echoed in its reply: an integer or a string, chosen by the client.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
    case int(Int64)
    case string(String)

    public var description: String {
        switch self {
        case .int(let i): String(i)
        case .string(let s): "\"\(s)\""
        }
    }
}

/// `subscribe`: which events this connection wants. Sending it again replaces the filter.
public struct Subscription: Sendable, Hashable {
    /// Transition names to receive; `nil` means all.
    public var transitions: Set<String>?
    /// Event kinds to receive.
    public var events: Set<EventKind> { didSet { eventMask = Self.mask(of: events) } }
    /// `events` as one bit per kind: ``accepts(_:of:)`` runs for every client on every update,
    /// and a bit test is far cheaper than hashing into the set.
    private var eventMask: UInt8
    /// Server-driven animation samples (`frame` events) per second, 0 for none.
    public var frameRate: Int

    /// The highest frame rate a client may ask for.
    public static let maxFrameRate = 1000
    /// The frame rate used when `events` names `frame` but no rate is given.
    public static let defaultFrameRate = 60

    public init(transitions: Set<String>? = nil, events: Set<EventKind> = EventKind.defaultSet, frameRate: Int = 0) {
        self.transitions = transitions; self.events = events; self.frameRate = frameRate
        self.eventMask = Self.mask(of: events)
    }

    private static func mask(of kinds: Set<EventKind>) -> UInt8 {
        kinds.reduce(0) { $0 | $1.bit }
    }

    /// Whether a `kind` event of `transition` passes the filter.
    public func accepts(_ kind: EventKind, of transition: String) -> Bool {
        eventMask & kind.bit != 0 && (transitions?.contains(transition) ?? true)
    }

    /// Whether events of `transition` pass the filter at all.
    public func accepts(transition: String) -> Bool { transitions?.contains(transition) ?? true }
}

/// The completion animation a `trigger` asks for instead of the transition's configured one.
public enum TriggerAnimation: Sendable, Hashable {
    /// A timing curve over the run's duration.
    case curve(Curve)
    /// A spring (its duration follows from its parameters).
    case spring(SpringParameters)
}

/// `trigger`: run a transition non-interactively, like a stock animated transition.
public struct TriggerRequest: Sendable, Hashable {
    public var transition: String
    /// Run towards 0 instead of towards 1.
    public var reverse: Bool
    /// Seconds; `nil` keeps the transition's `trigger_duration`.
    public var duration: Double?
    /// `nil` keeps the transition's configured trigger animation.
    public var animation: TriggerAnimation?

    /// The longest run a client may ask for, seconds.
    public static let maxDuration = 60.0

    public init(transition: String, reverse: Bool = false, duration: Double? = nil, animation: TriggerAnimation? = nil) {
        self.transition = transition; self.reverse = reverse; self.duration = duration; self.animation = animation
    }

    /// The override for `TransitionEngine.trigger(_:reverse:duration:completion:…)`: a curve is
    /// timed UIKit-style over the run's duration (`defaultDuration` when the request names
    /// none); a spring is taken as is; `nil` keeps the configured animation.
    public func completionStyle(defaultDuration: Double) -> CompletionStyle? {
        switch animation {
        case nil: nil
        case .curve(let curve): .curve(curve, .uikit(duration: duration ?? defaultDuration, completionSpeed: 1))
        case .spring(let parameters): .spring(parameters)
        }
    }
}

/// One client request. Each is answered by exactly one `reply` carrying the same `id`.
public struct Request: Sendable, Hashable {
    /// The operation and its arguments.
    public enum Command: Sendable, Hashable {
        /// Start (or change) the event stream; the reply is followed by a `snapshot`.
        case subscribe(Subscription)
        /// The configured transitions and their state.
        case list
        /// Server, devices, clients, counters, transitions.
        case status
        /// Run a transition non-interactively.
        case trigger(TriggerRequest)
        /// Cancel one transition (`nil`: every running one); it animates back.
        case cancel(transition: String?)
        /// A barrier: the reply comes after every event published before the request was read.
        case sync
        /// The connection's user's own gesture settings (only from the active session's user).
        case settings(SettingsRequest)
        /// A transition this connection defines, with its gestures (and pages).
        case declare(DeclareRequest)
        /// The pages of one of this connection's declared transitions.
        case update(UpdateRequest)
        /// Ends one of this connection's declared transitions.
        case withdraw(transition: String)
    }

    public var id: RequestID?
    public var command: Command

    public init(id: RequestID? = nil, _ command: Command) { self.id = id; self.command = command }

    /// The request's name on the wire (`"request"` member).
    public var name: String { command.name }
}

extension Request.Command {
    /// The command's name on the wire.
    public var name: String {
        switch self {
        case .subscribe: "subscribe"
        case .list: "list"
        case .status: "status"
        case .trigger: "trigger"
        case .cancel: "cancel"
        case .sync: "sync"
        case .settings: "settings"
        case .declare: "declare"
        case .update: "update"
        case .withdraw: "withdraw"
        }
    }
}
