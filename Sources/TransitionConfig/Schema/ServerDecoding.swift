// SPDX-License-Identifier: MIT
extension TableReader {
    /// The `[server]` table's connection limits on top of the built-in ones. Without
    /// `max_clients_per_user`, the per-user cap is the built-in one or `max_clients`, whichever is
    /// smaller; given, it must not exceed `max_clients`.
    mutating func serverSettings(_ d: inout Diagnostics) -> ServerSettings {
        var settings = ServerSettings.builtIn
        let totalEntry = table["max_clients"], perUserEntry = table["max_clients_per_user"]
        let total = integer("max_clients", ServerSettings.clientCounts, &d)
        let perUser = integer("max_clients_per_user", ServerSettings.clientCounts, &d)
        if let total { settings.maxClients = total }
        if let perUser, let perUserEntry {
            if totalEntry == nil || total != nil, perUser > settings.maxClients {
                let given = totalEntry == nil ? "\(settings.maxClients), the default" : "\(settings.maxClients)"
                d.add(perUserEntry.node.position,
                      "\(name("max_clients_per_user")) (\(perUser)) must not be greater than 'max_clients' (\(given))")
            }
            settings.maxClientsPerUser = perUser
        } else if perUserEntry == nil {
            settings.maxClientsPerUser = min(settings.maxClientsPerUser, settings.maxClients)
        }
        if let grace = number("eviction_grace", Self.graceBound, &d) {
            settings.evictionGrace = grace
        }
        return settings
    }

    /// 0 to a day, in seconds.
    static let graceBound = Bound(holds: { $0 >= 0 && $0 <= ServerSettings.maxEvictionGrace },
                                  words: "between 0 and \(Int(ServerSettings.maxEvictionGrace)) seconds")
}
