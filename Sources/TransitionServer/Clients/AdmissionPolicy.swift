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
/// Pure: the server feeds it its clients and the time.
struct AdmissionPolicy: Sendable, Hashable {
    /// One connection as the policy sees it.
    struct Connection: Sendable, Hashable {
        var id: UInt64
        var uid: UInt32
        var subscribed: Bool
        /// When it connected or last sent a complete request (CLOCK_MONOTONIC µs).
        var lastActiveUs: UInt64
    }

    /// The cap a connection ran into.
    enum Limit: Sendable, Hashable {
        /// The user already has `max` connections.
        case perUser(uid: UInt32, max: Int)
        /// The server already has `max` connections.
        case global(max: Int)
    }

    /// What to do with a new connection.
    enum Decision: Sendable, Hashable {
        /// Take it.
        case admit
        /// Close connection `victim` (it hit `limit` and was evictable), then take the new one.
        case evict(victim: UInt64, limit: Limit)
        /// Turn it away.
        case refuse(Limit)
    }

    /// At most this many connections in all (at least 1).
    var maxClients: Int
    /// At most this many connections per uid (at least 1).
    var maxClientsPerUser: Int
    /// How long a connection must have been idle (no complete request) and unsubscribed before
    /// it may be evicted, µs.
    var evictionGraceUs: UInt64

    init(maxClients: Int, maxClientsPerUser: Int, evictionGraceUs: UInt64) {
        self.maxClients = max(1, maxClients)
        self.maxClientsPerUser = max(1, maxClientsPerUser)
        self.evictionGraceUs = evictionGraceUs
    }

    /// Decides about a new connection from `uid`, given the connections already open.
    func decide<C: Collection<Connection>>(uid: UInt32, nowUs: UInt64, connections: C) -> Decision {
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
    func isEvictable(_ connection: Connection, nowUs: UInt64) -> Bool {
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
