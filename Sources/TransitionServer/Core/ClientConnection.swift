// SPDX-License-Identifier: MIT
import TransitionProtocol

/// One connected client, as the ``SocketCore`` sees it: its socket, its peer, its bounded
/// output and its protocol's ``ConnectionHandler``. Lives on the loop's thread.
///
/// The properties every update touches for every client are `@exclusivity(unchecked)`: the
/// runtime's dynamic exclusivity checks on them were a third of the per-client instructions of
/// a publish (callgrind, `Benchmarks/callgrind/run 32`). They are safe to skip here: one thread
/// owns the object, and no access to one of these properties is ever nested in another access
/// to the same property (the compiler still checks what it can see statically).
package final class ClientConnection {
    package let id: UInt64
    package let fd: Int32
    package let credentials: PeerCredentials
    /// Its protocol's side (set right after the connection is made; ``ClosedConnection`` once
    /// closed, which lets go of the protocol's state).
    package var handler: any ConnectionHandler = ClosedConnection.shared
    var watch: WatchID?
    /// Whether the watch includes `.writable` (only while a backlog exists).
    @exclusivity(unchecked) var wantsWritable = false
    @exclusivity(unchecked) package var isClosed = false

    /// When it connected or last sent a complete request (CLOCK_MONOTONIC µs): how long it has
    /// been idle, for eviction.
    package var lastActiveUs: UInt64

    /// Whether transition events reach it (``DeliveryPolicy``); see ``isPaused``.
    var delivery: ClientDelivery = .active {
        didSet { isPaused = delivery != .active }
    }
    /// `delivery` is paused: checked for every client on every event, so kept as a plain flag.
    @exclusivity(unchecked) private(set) var isPaused = false

    /// Messages not yet taken for writing.
    @exclusivity(unchecked) var queue: OutputQueue
    /// Bytes taken from the queue (or written straight here) and not yet accepted by the socket.
    @exclusivity(unchecked) var out: [UInt8] = []
    @exclusivity(unchecked) var outOffset = 0
    /// Its backlog as last counted in the core's total (``SocketCore/queuedBytes``).
    @exclusivity(unchecked) var countedBytes = 0

    /// Received bytes its handler has not consumed yet.
    package var inbox: [UInt8] = []
    /// Fires when a request has been half-sent, or a handshake left unfinished, for too long.
    var requestTimer: TimerID?

    init(id: UInt64, fd: Int32, credentials: PeerCredentials, limits: ServerLimits, nowUs: UInt64) {
        self.id = id
        self.lastActiveUs = nowUs
        self.fd = fd
        self.credentials = credentials
        self.queue = OutputQueue(maxMessages: limits.maxQueuedMessages, maxBytes: limits.maxQueuedBytes)
    }

    /// Nothing waits to be written: a new message can go straight to the socket.
    package var isIdle: Bool { outOffset == out.count && queue.isEmpty }

    /// Empties `out` (keeping its storage) for the next message. `flush` leaves an idle client's
    /// `out` empty already, and emptying an empty array still costs some 80 instructions (once
    /// per client per update), so that case is skipped.
    func resetOut() {
        if !out.isEmpty { out.removeAll(keepingCapacity: true) }
        outOffset = 0
    }

    /// Queues a whole message, in order, without writing it now (a last message before close).
    package func queueWhole(_ bytes: [UInt8]) {
        queue.append(whole: bytes)
    }

    /// Bytes waiting in `out`.
    var unwrittenBytes: Int { out.count - outOffset }

    /// Everything waiting for its socket: the queue and `out`.
    var backlogBytes: Int { queue.queuedBytes + unwrittenBytes }

    /// What the admission policy looks at.
    var admission: AdmissionPolicy.Connection {
        AdmissionPolicy.Connection(id: id, uid: credentials.uid, subscribed: handler.isStreaming, lastActiveUs: lastActiveUs)
    }

    /// For `status`, with what its protocol says it subscribed to.
    func info(subscription: Subscription?) -> ClientInfo {
        ClientInfo(id: id, pid: credentials.pid, uid: credentials.uid, gid: credentials.gid,
                   subscription: subscription, queuedMessages: queue.count,
                   queuedBytes: queue.queuedBytes + unwrittenBytes, delivery: delivery)
    }
}
