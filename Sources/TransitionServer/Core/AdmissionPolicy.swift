// SPDX-License-Identifier: MIT
/// Who may connect: a cap on all connections, a cap per user (peer uid), eviction of idle
/// connections that never subscribed, and a fair share at the global cap, so that a full server
/// still has room for a real client and no set of users can lock another out.
///
/// A new connection is checked against its user's cap first, then against the global cap:
///
/// - At the user's own cap, that user's connection idle longest is evicted, provided it never
///   subscribed and has sent no complete request for at least the grace period; otherwise the
///   new one is refused. A user's cap is that user's own business: their subscribers stay.
/// - At the global cap, first the same: the evictable connection idle longest, whoever holds it.
///   Then fairness: when every connection is a subscriber or recently active, the user holding
///   the most connections gives up their connection idle longest (subscribers included), as
///   long as that user holds at least two more than the newcomer's user does (so afterwards
///   they still hold at least as many: nobody is pushed below the newcomer, and two users never
///   take a slot back and forth). Only when every user holds as many as the newcomer's, give or
///   take one, is the new connection refused: the slots are then shared evenly.
///
/// So root, the active session's user and any other user always get in while some user holds
/// two connections more than they do; with 128 slots and a per-user cap of 32, four users
/// filling the server leave room for every newcomer until all hold about the same. Every uid is
/// treated alike, root and the daemon's own included: no reserve is needed, since the share of
/// a user with few connections is taken from the biggest holder.
///
/// Pure: the socket core feeds it its connections and the time; the uinput key service's
/// connections go through the same core.
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
        /// Close connection `victim`, the one idle longest of user `owner`, who holds the most
        /// connections (`holding`, at least two more than the newcomer's user): the server is at
        /// `limit` and nothing is evictable, so room is made from the biggest holder.
        case rebalance(victim: UInt64, owner: UInt32, holding: Int, limit: Limit)
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
            if let victim = victim(among: connections, nowUs: nowUs) { return .evict(victim: victim, limit: limit) }
            return share(for: own.count, among: connections).map {
                .rebalance(victim: $0.victim, owner: $0.owner, holding: $0.holding, limit: limit)
            } ?? .refuse(limit)
        }
        return .admit
    }

    /// The connection idle longest of the user holding the most connections, when that user
    /// holds at least two more than `newcomerHolds`; on a tie between the biggest holders, the
    /// connection idle longest of theirs (the oldest first on a tie).
    private func share<C: Collection<Connection>>(for newcomerHolds: Int, among connections: C)
        -> (victim: UInt64, owner: UInt32, holding: Int)? {
        var held: [UInt32: Int] = [:]
        for connection in connections { held[connection.uid, default: 0] += 1 }
        guard let most = held.values.max(), most >= newcomerHolds + 2 else { return nil }
        return connections.filter { held[$0.uid] == most }
            .min { ($0.lastActiveUs, $0.id) < ($1.lastActiveUs, $1.id) }
            .map { ($0.id, $0.uid, most) }
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
