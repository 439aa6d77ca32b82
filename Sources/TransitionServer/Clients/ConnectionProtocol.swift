// SPDX-License-Identifier: MIT
import TransitionTouchegg

/// The protocol a connection speaks, and what only that protocol keeps. Everything else (access,
/// admission, delivery, the bounded queue, backpressure) is one mechanism for both.
///
/// Each case owns its decoding (``TransitionServer/readRequests(from:)`` dispatches on it), its
/// coalescing rule in the queue (``OutputQueue/SlotKey``) and its state.
enum ConnectionProtocol {
    /// transitiond's JSON lines (the native socket): request lines, replies and events as lines;
    /// `updated` and `frame` events coalesce per transition and kind. Its subscription is the
    /// connection's (``ClientConnection/subscription``): the fan-out reads it for every client
    /// on every event, so it stays a plain stored property.
    case native
    /// Touchégg's D-Bus protocol (`@touchegg`): SASL, then D-Bus messages; `OnGestureUpdate`
    /// coalesces into one slot.
    case touchegg(ToucheggSession)

    /// The Touchégg client's session; `nil` for a native client.
    var touchegg: ToucheggSession? {
        if case .touchegg(let session) = self { session } else { nil }
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
