// SPDX-License-Identifier: MIT
/// Why the server does not send a connection transition events right now.
///
/// Open-ended like every reason in the protocol: a newer server may send one this version does
/// not name; treat it as opaque.
public struct PauseReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Another user's session is the active one on the seat (fast user switching).
    public static let inactive = PauseReason(rawValue: "inactive")
    /// The connection's user has the active session, but it is locked (its locked hint is set).
    public static let locked = PauseReason(rawValue: "locked")
    /// No session is active on the seat (nobody logged in at the screen, or between sessions).
    public static let noSession = PauseReason(rawValue: "no_session")
    /// The server cannot tell who the peer is: it runs in a user namespace that does not map the
    /// peer's uid (SO_PEERCRED says the overflow uid, 65534).
    public static let unidentified = PauseReason(rawValue: "unidentified")
    public var description: String { rawValue }
}

/// Whether a connection receives transition events, as `status` reports it.
public enum ClientDelivery: Sendable, Hashable {
    /// Transition events flow.
    case active
    /// Transition events are held back, for this reason.
    case paused(PauseReason)
}

/// `delivery`: transition events stop (`paused`) or start again (`resumed`) for this connection,
/// because the seat's active session changed or was locked or unlocked.
///
/// Sent to every connection whose state changes, subscribed or not; and right after `hello` to a
/// connection that starts paused. A `resumed` one is followed by a `snapshot` when the
/// connection is subscribed. On the wire its kind is `"delivery"`
/// (``MessageKind/other(_:)``): older clients ignore it, as the version policy asks.
public struct DeliveryNotice: Sendable, Hashable {
    /// `paused` or `resumed`.
    public enum State: String, Sendable, Hashable {
        case paused, resumed
    }

    /// The `event` member's value.
    public static let eventName = "delivery"

    public var state: State
    /// Why, when paused.
    public var reason: PauseReason?
    /// The same for people: which seat, and what the client can do about it.
    public var message: String
    /// CLOCK_MONOTONIC µs when the server decided.
    public var timeUs: UInt64

    public init(state: State, reason: PauseReason? = nil, message: String, timeUs: UInt64) {
        self.state = state; self.reason = reason; self.message = message; self.timeUs = timeUs
    }

    /// Reads a `delivery` message, which ``decodeServerMessage(_:)`` hands over as
    /// ``ServerMessage/unknown(event:_:)``; `nil` for any other message.
    public init?(_ message: ServerMessage) {
        guard case .unknown(Self.eventName, let value) = message, let members = value.objectValue,
              let raw = members["state"]?.stringValue, let state = State(rawValue: raw)
        else { return nil }
        self.state = state
        self.reason = members["reason"]?.stringValue.map(PauseReason.init(rawValue:))
        self.message = members["message"]?.stringValue ?? ""
        self.timeUs = members["time_us"]?.uint64Value ?? 0
    }
}
