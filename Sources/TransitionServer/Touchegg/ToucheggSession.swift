// SPDX-License-Identifier: MIT
import TransitionProtocol
import TransitionTouchegg

/// A connection on `@touchegg` (Touchégg's D-Bus protocol): its conversation (NUL, SASL,
/// messages) and which gestures are its, handled by its ``ToucheggEndpoint``.
final class ToucheggSession: ConnectionHandler {
    /// Strong: a broadcast may still hold this session after the connection closed (the core
    /// then replaces the connection's handler, which ends the cycle).
    let connection: ClientConnection
    unowned(unsafe) let endpoint: ToucheggEndpoint
    /// The handshake and the messages after it.
    var conversation: ToucheggConversation
    /// Past `BEGIN`: it receives signals (kept as a flag: read for every client on every signal).
    @exclusivity(unchecked) private(set) var isReady = false
    /// It takes no signal of a gesture numbered below this: those began before it authenticated,
    /// or were ended for it when its delivery paused.
    @exclusivity(unchecked) var floor: UInt64 = 0

    init(connection: ClientConnection, endpoint: ToucheggEndpoint) {
        self.connection = connection
        self.endpoint = endpoint
        conversation = ToucheggConversation(peerUID: connection.credentials.uid, guid: endpoint.guid)
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

    // MARK: ConnectionHandler

    /// Authenticated: it receives signals, so it is not evicted as idle.
    var isStreaming: Bool { isReady }

    func opened(nowUs: UInt64) { endpoint.opened(self, nowUs: nowUs) }

    func received() { endpoint.processDBus(of: self) }

    /// D-Bus has no goodbye: whatever is queued goes out as far as the socket takes it.
    func farewell(_ reason: GoodbyeReason, message: String) {}

    func deliveryChanged(from old: ClientDelivery, nowUs: UInt64) {
        if old == .active, connection.isPaused { endpoint.endGestures(for: self, nowUs: nowUs) }
    }

    func closed() { endpoint.closed(self) }
}
