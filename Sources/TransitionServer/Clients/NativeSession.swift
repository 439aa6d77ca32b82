// SPDX-License-Identifier: MIT
import TransitionProtocol

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
