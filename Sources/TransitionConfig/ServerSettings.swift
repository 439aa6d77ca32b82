// SPDX-License-Identifier: MIT
/// The `[server]` table: how many clients the daemon takes, and when an idle one makes room.
///
/// The daemon turns these into its server's connection limits (`ServerConfiguration` in
/// TransitionServer); this module only reads and checks them.
public struct ServerSettings: Sendable, Hashable {
    /// `max_clients`: at most this many connections in all (1 or more).
    public var maxClients: Int
    /// `max_clients_per_user`: at most this many connections from one uid (1 to ``maxClients``).
    public var maxClientsPerUser: Int
    /// `eviction_grace`: seconds a connection must have been idle and unsubscribed before a
    /// connection that hits a cap may evict it (0 to ``maxEvictionGrace``).
    public var evictionGrace: Double

    /// Settings with these values; the defaults are the built-in ones.
    public init(maxClients: Int = 128, maxClientsPerUser: Int = 32, evictionGrace: Double = 10) {
        self.maxClients = maxClients; self.maxClientsPerUser = maxClientsPerUser; self.evictionGrace = evictionGrace
    }

    /// The built-in limits: 128 clients, 32 per user, 10 s of grace.
    public static var builtIn: ServerSettings { ServerSettings() }

    /// `eviction_grace` in whole milliseconds (rounded), as the server takes it.
    public var evictionGraceMs: Int { Int((evictionGrace * 1000).rounded()) }

    /// The range of `max_clients` and `max_clients_per_user`.
    static let clientCounts = 1...1_000_000
    /// The largest `eviction_grace`: a day, which is as good as never.
    public static let maxEvictionGrace = 86_400.0
}
