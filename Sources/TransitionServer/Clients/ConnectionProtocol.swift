// SPDX-License-Identifier: MIT
import TransitionProtocol

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
