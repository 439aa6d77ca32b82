// SPDX-License-Identifier: MIT
import TransitionProtocol
import TransitionTouchegg

/// The protocol a connection speaks, and what only that protocol keeps. Everything else (access,
/// admission, delivery, the bounded queue, backpressure) is one mechanism for both.
///
/// Each case owns its decoding (the server's `readRequests(from:)` dispatches on it), its
/// coalescing rule in the queue (``OutputQueue/SlotKey``) and its state.
enum ConnectionProtocol {
    /// transitiond's JSON lines (the native socket): request lines, replies and events as lines;
    /// `updated` and `frame` events coalesce per transition and kind.
    case native(NativeSession)
    /// Touchégg's D-Bus protocol (`@touchegg`): SASL, then D-Bus messages; `OnGestureUpdate`
    /// coalesces into one slot.
    case touchegg(ToucheggSession)

    /// The native client's session; `nil` for a Touchégg client.
    var native: NativeSession? {
        if case .native(let session) = self { session } else { nil }
    }

    /// Whether a native client subscribed to `kind` events of `transition` (never a Touchégg
    /// one): asked for every client on every event.
    func accepts(_ kind: EventKind, of transition: String) -> Bool {
        switch self {
        case .native(let session): session.accepts(kind, of: transition)
        case .touchegg: false
        }
    }

    /// The Touchégg client's session; `nil` for a native client.
    var touchegg: ToucheggSession? {
        if case .touchegg(let session) = self { session } else { nil }
    }
}

/// What a connection on the native socket keeps: what it subscribed to, and when its next
/// `frame` is due.
final class NativeSession {
    /// `nil` until the client subscribes: before that it gets `hello` and replies only (read for
    /// every client on every event: no dynamic exclusivity checks, see ``ClientConnection``).
    @exclusivity(unchecked) var subscription: Subscription?
    /// When this client is next due a `frame` (CLOCK_MONOTONIC µs).
    var nextFrameUs: UInt64 = 0

    init() {}

    /// Whether it wants `kind` events of `transition`.
    func accepts(_ kind: EventKind, of transition: String) -> Bool {
        subscription?.accepts(kind, of: transition) ?? false
    }

    /// The interval between its frames, when it subscribed to frames.
    var frameIntervalUs: UInt64? {
        guard let rate = subscription?.frameRate, rate > 0 else { return nil }
        return 1_000_000 / UInt64(rate)
    }
}

/// What a connection on `@touchegg` keeps: its conversation (NUL, SASL, messages) and which
/// gestures are its.
final class ToucheggSession {
    /// The handshake and the messages after it.
    var conversation: ToucheggConversation
    /// Past `BEGIN`: it receives signals (kept as a flag: read for every client on every signal).
    @exclusivity(unchecked) private(set) var isReady = false
    /// It takes no signal of a gesture numbered below this: those began before it authenticated,
    /// or were ended for it when its delivery paused.
    @exclusivity(unchecked) var floor: UInt64 = 0

    init(peerUID: UInt32, guid: String) {
        conversation = ToucheggConversation(peerUID: peerUID, guid: guid)
    }

    /// `BEGIN` came: it takes the gestures from `floor` on.
    func authenticated(floor: UInt64) {
        isReady = true
        self.floor = floor
    }

    /// Whether `signal` is this client's: it is authenticated and saw the gesture begin.
    func takes(_ signal: ToucheggSignal) -> Bool {
        isReady && signal.gesture >= floor
    }
}
