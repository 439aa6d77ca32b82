// SPDX-License-Identifier: MIT
import TransitionProtocol

/// A connection on the native socket (JSON lines): what it subscribed to, when its next `frame`
/// is due, and its side of the conversation, handled by its ``NativeProtocol``.
final class NativeSession: ConnectionHandler {
    /// Strong: a broadcast may still hold this session after its connection closed (the core
    /// then replaces the connection's handler, which ends the cycle); it checks ``isLive``
    /// before using the connection.
    let connection: ClientConnection
    unowned(unsafe) let native: NativeProtocol
    /// `nil` until the client subscribes: before that it gets `hello` and replies only (read for
    /// every client on every event: no dynamic exclusivity checks, see ``ClientConnection``).
    @exclusivity(unchecked) var subscription: Subscription?
    /// When this client is next due a `frame` (CLOCK_MONOTONIC µs).
    var nextFrameUs: UInt64 = 0
    /// Admitted and not closed yet: its connection may be used.
    @exclusivity(unchecked) private(set) var isLive = false
    /// Its connection's delivery is paused (kept here, read for every client on every event).
    @exclusivity(unchecked) private(set) var isPaused = false

    init(connection: ClientConnection, native: NativeProtocol) {
        self.connection = connection
        self.native = native
    }

    /// Whether it wants `kind` events of `transition` now: open, not paused, and subscribed to
    /// them. Asked for every client on every event.
    @inline(__always)
    func takes(_ kind: EventKind, of transition: String) -> Bool {
        isLive && !isPaused && (subscription?.accepts(kind, of: transition) ?? false)
    }

    /// The interval between its frames, when it subscribed to frames.
    var frameIntervalUs: UInt64? {
        guard let rate = subscription?.frameRate, rate > 0 else { return nil }
        return 1_000_000 / UInt64(rate)
    }

    // MARK: ConnectionHandler

    /// Subscribed: it receives events, so it is not evicted as idle.
    var isStreaming: Bool { subscription != nil }

    func opened(nowUs: UInt64) {
        isLive = true
        isPaused = connection.isPaused
        native.opened(self, nowUs: nowUs)
    }

    func received() { native.processLines(of: self) }

    func farewell(_ reason: GoodbyeReason, message: String) {
        // Its own encoder: this may run in the middle of a broadcast that is using the protocol's.
        var encoder = MessageEncoder()
        let kind = encoder.encodeBody(Goodbye(reason: reason, message: message))
        connection.queue.append(kind: kind, body: encoder.body)
    }

    func deliveryChanged(from old: ClientDelivery, nowUs: UInt64) {
        isPaused = connection.isPaused
        native.deliveryChanged(self, from: old, nowUs: nowUs)
    }

    func closed() {
        isLive = false
        native.closed(self)
    }
}
