// SPDX-License-Identifier: MIT
/// Who may connect: a cap on all connections, a cap per user (peer uid), and eviction of idle
/// connections that never subscribed, so that a full server still has room for a real client.
///
/// A new connection is checked against its user's cap first, then against the global cap. When
/// a cap is reached, the connection that has been idle longest among those the cap counts (the
/// user's own, or everyone's) is evicted to make room, provided it never subscribed and has sent
/// no complete request for at least the grace period; if there is no such connection, the new one
/// is refused. Subscribers are never evicted, nor is a client that just connected or just sent a
/// request: eviction clears out leftovers and idle junk, it does not let one client push another
/// out. Every uid is treated alike, root and the daemon's own included.
///
/// Pure: the server feeds it its clients and the time. The uinput key service admits its
/// connections with it too (`KeyServiceSlots` in TransitionDaemon).
public struct AdmissionPolicy: Sendable, Hashable {
    /// One connection as the policy sees it.
    public struct Connection: Sendable, Hashable {
        /// The server's id for it.
        public var id: UInt64
        /// Its peer's uid (SO_PEERCRED).
        public var uid: UInt32
        /// Whether it is subscribed (or otherwise in use, as its server says): never evicted.
        public var subscribed: Bool
        /// When it connected or last sent a complete request (CLOCK_MONOTONIC µs).
        public var lastActiveUs: UInt64

        /// A connection as the policy sees it.
        public init(id: UInt64, uid: UInt32, subscribed: Bool, lastActiveUs: UInt64) {
            self.id = id; self.uid = uid; self.subscribed = subscribed; self.lastActiveUs = lastActiveUs
        }
    }

    /// The cap a connection ran into.
    public enum Limit: Sendable, Hashable {
        /// The user already has `max` connections.
        case perUser(uid: UInt32, max: Int)
        /// The server already has `max` connections.
        case global(max: Int)
    }

    /// What to do with a new connection.
    public enum Decision: Sendable, Hashable {
        /// Take it.
        case admit
        /// Close connection `victim` (it hit `limit` and was evictable), then take the new one.
        case evict(victim: UInt64, limit: Limit)
        /// Turn it away.
        case refuse(Limit)
    }

    /// At most this many connections in all (at least 1).
    public var maxClients: Int
    /// At most this many connections per uid (at least 1).
    public var maxClientsPerUser: Int
    /// How long a connection must have been idle (no complete request) and unsubscribed before
    /// it may be evicted, µs.
    public var evictionGraceUs: UInt64

    /// A policy with these caps (below 1 counts as 1) and this grace.
    public init(maxClients: Int, maxClientsPerUser: Int, evictionGraceUs: UInt64) {
        self.maxClients = max(1, maxClients)
        self.maxClientsPerUser = max(1, maxClientsPerUser)
        self.evictionGraceUs = evictionGraceUs
    }

    /// Decides about a new connection from `uid`, given the connections already open.
    public func decide<C: Collection<Connection>>(uid: UInt32, nowUs: UInt64, connections: C) -> Decision {
        let own = connections.filter { $0.uid == uid }
        if own.count >= maxClientsPerUser {
            let limit = Limit.perUser(uid: uid, max: maxClientsPerUser)
            return victim(among: own, nowUs: nowUs).map { .evict(victim: $0, limit: limit) } ?? .refuse(limit)
        }
        if connections.count >= maxClients {
            let limit = Limit.global(max: maxClients)
            return victim(among: connections, nowUs: nowUs).map { .evict(victim: $0, limit: limit) } ?? .refuse(limit)
        }
        return .admit
    }

    /// Whether `connection` may be evicted at `nowUs`.
    public func isEvictable(_ connection: Connection, nowUs: UInt64) -> Bool {
        !connection.subscribed && nowUs >= connection.lastActiveUs && nowUs - connection.lastActiveUs >= evictionGraceUs
    }

    /// The evictable connection idle longest (the oldest first on a tie).
    private func victim<C: Collection<Connection>>(among connections: C, nowUs: UInt64) -> UInt64? {
        connections.filter { isEvictable($0, nowUs: nowUs) }
            .min { ($0.lastActiveUs, $0.id) < ($1.lastActiveUs, $1.id) }?.id
    }
}

extension AdmissionPolicy.Limit {
    /// For the refused client's `goodbye`.
    var refusal: String {
        switch self {
        case .perUser(let uid, let max): "uid \(uid) already has \(max) connections, the limit per user"
        case .global(let max): "the server already has \(max) clients"
        }
    }
}
