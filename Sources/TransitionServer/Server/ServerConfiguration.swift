// SPDX-License-Identifier: MIT
public import TransitionProtocol

/// How the server treats its clients.
public struct ServerConfiguration: Sendable {
    /// Line, queue, timeout and frame-rate limits (announced in `hello`).
    public var limits: ServerLimits
    /// At most this many connections in all (at least 1). At the limit, an evictable connection
    /// (see ``evictionGraceMs``) makes room; without one, the new connection is told
    /// `too_many_clients` and closed.
    public var maxClients: Int
    /// At most this many connections from one user (peer uid, SO_PEERCRED; at least 1), root
    /// and the daemon's own user included, so that one user's connections cannot take every
    /// slot. At the limit, one of that user's evictable connections makes room; without one,
    /// the new connection is told `too_many_clients` with a message naming this limit.
    public var maxClientsPerUser: Int
    /// At a limit, a connection that never subscribed and sent no complete request for this
    /// long (milliseconds) is closed (`goodbye` `evicted`) to let a new one in: the one idle
    /// longest. Subscribers and recently active clients are never evicted.
    public var evictionGraceMs: Int
    /// `hello.server` and `status.server`.
    public var serverName: String
    /// At most this many bytes waiting to be written to all clients together (at least 1), on
    /// top of each client's own ``ServerLimits/maxQueuedBytes``: past it, the client with the
    /// largest backlog is disconnected (`goodbye` `backlog_overflow`), then the next largest,
    /// until the total is under it again. 128 clients each at their own 4 MiB would hold
    /// 512 MiB; this keeps the daemon's memory bounded whatever its clients do not read.
    public var maxTotalQueuedBytes: Int
    /// SO_SNDBUF for client sockets, bytes (`nil`: the kernel's default, about 200 KiB). Bounds
    /// the kernel memory a client that does not read can pin, on top of ``ServerLimits``.
    public var socketSendBufferBytes: Int?

    /// Settings with these values; the defaults are the daemon's.
    public init(limits: ServerLimits = ServerLimits(), maxClients: Int = 128, maxClientsPerUser: Int = 32,
                evictionGraceMs: Int = 10_000, maxTotalQueuedBytes: Int = 32 << 20,
                serverName: String = TransitiondVersion.serverName, socketSendBufferBytes: Int? = nil) {
        self.limits = limits; self.maxClients = maxClients; self.maxClientsPerUser = maxClientsPerUser
        self.evictionGraceMs = evictionGraceMs; self.serverName = serverName
        self.socketSendBufferBytes = socketSendBufferBytes
        self.maxTotalQueuedBytes = max(1, maxTotalQueuedBytes)
    }

    /// The admission rules these settings make.
    var admissionPolicy: AdmissionPolicy {
        AdmissionPolicy(maxClients: maxClients, maxClientsPerUser: maxClientsPerUser,
                        evictionGraceUs: UInt64(max(0, evictionGraceMs)) * 1000)
    }
}
