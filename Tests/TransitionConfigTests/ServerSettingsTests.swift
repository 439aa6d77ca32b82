// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionConfig

/// The `[server]` table: connection limits.
@Suite struct ServerSettingsTests {
    @Test func withoutTheTableTheLimitsAreTheBuiltInOnes() throws {
        let c = try ConfigLoader.parse("log_level = \"debug\"\n")
        #expect(c.server == ServerSettings(maxClients: 128, maxClientsPerUser: 32, evictionGrace: 10))
        #expect(c.server == DaemonConfiguration.builtIn.server)
        #expect(c.server.evictionGraceMs == 10_000)
    }

    @Test func everyKey() throws {
        let c = try ConfigLoader.parse("[server]\nmax_clients = 64\nmax_clients_per_user = 8\neviction_grace = 2.5\n")
        #expect(c.server == ServerSettings(maxClients: 64, maxClientsPerUser: 8, evictionGrace: 2.5))
        #expect(c.server.evictionGraceMs == 2500)
        #expect(c.engine == DaemonConfiguration.builtIn.engine)
    }

    @Test func inlineAndDottedFormsWork() throws {
        #expect(try ConfigLoader.parse("server = { max_clients = 10 }\n").server.maxClients == 10)
        #expect(try ConfigLoader.parse("server.eviction_grace = 0\n").server.evictionGrace == 0)
    }

    @Test func theDefaultPerUserCapShrinksToASmallerTotal() throws {
        let small = try ConfigLoader.parse("[server]\nmax_clients = 16\n").server
        #expect(small.maxClients == 16 && small.maxClientsPerUser == 16)
        let large = try ConfigLoader.parse("[server]\nmax_clients = 1000\n").server
        #expect(large.maxClientsPerUser == 32)
        let equal = try ConfigLoader.parse("[server]\nmax_clients = 5\nmax_clients_per_user = 5\n").server
        #expect(equal.maxClientsPerUser == 5)
    }

    @Test func badValuesNameTheirLine() {
        let cases: [(String, String)] = [
            ("[server]\nmax_clients = 0\n", "config.toml:2:15: 'max_clients' in [server] must be between 1 and 1000000, not 0"),
            ("[server]\nmax_clients = -3\n", "config.toml:2:15: 'max_clients' in [server] must be between 1 and 1000000, not -3"),
            ("[server]\nmax_clients = 2.5\n", "config.toml:2:15: 'max_clients' in [server] must be a whole number, not a float"),
            ("[server]\n\nmax_clients_per_user = 0\n",
             "config.toml:3:24: 'max_clients_per_user' in [server] must be between 1 and 1000000, not 0"),
            ("[server]\nmax_clients = 16\nmax_clients_per_user = 20\n",
             "config.toml:3:24: 'max_clients_per_user' in [server] (20) must not be greater than 'max_clients' (16)"),
            ("[server]\nmax_clients_per_user = 200\n",
             "config.toml:2:24: 'max_clients_per_user' in [server] (200) must not be greater than 'max_clients' (128, the default)"),
            ("[server]\neviction_grace = -1\n",
             "config.toml:2:18: 'eviction_grace' in [server] must be between 0 and 86400 seconds, not -1"),
            ("[server]\neviction_grace = 1e6\n",
             "config.toml:2:18: 'eviction_grace' in [server] must be between 0 and 86400 seconds, not 1000000"),
            ("[server]\neviction_grace = \"10s\"\n",
             "config.toml:2:18: 'eviction_grace' in [server] must be a number, not a string"),
            ("[server]\neviction_grace = inf\n", "config.toml:2:18: 'inf' is not allowed: values must be finite numbers"),
            ("[server]\neviction_grace = nan\n", "config.toml:2:18: 'nan' is not allowed"),
            ("[server]\nmax_client = 3\n", "config.toml:2:1: unknown key 'max_client' in [server] (did you mean 'max_clients'?)"),
            ("server = 3\n", "config.toml:1:10: 'server' must be a table ([server]), not an integer"),
        ]
        for (text, expected) in cases {
            let error = configError(text)
            #expect(error?.contains(expected) == true, "\(text.debugDescription): got \(error ?? "no error")")
        }
    }

    @Test func everyProblemIsReportedInOneGo() throws {
        let error = configError("[server]\nmax_clients = 0\nmax_clients_per_user = 0\neviction_grace = -2\n")
        #expect(error?.split(separator: "\n").count == 3, "\(error ?? "")")
    }

    @Test func renderedLimitsParseBack() throws {
        var config = DaemonConfiguration.builtIn
        config.server = ServerSettings(maxClients: 7, maxClientsPerUser: 7, evictionGrace: 0.125)
        let text = ConfigLoader.render(config)
        #expect(text.contains("[server]"))
        #expect(text.contains("max_clients = 7\n") || text.contains("max_clients = 7 "))
        #expect(try ConfigLoader.parse(text) == config)
    }

    @Test func theDefaultFileShowsTheLimitsWithComments() {
        let text = ConfigLoader.renderDefault()
        for line in ["max_clients = 128  # ", "max_clients_per_user = 32  # ", "eviction_grace = 10  # seconds"] {
            #expect(text.contains(line), "missing \(line)")
        }
        let lines = text.split(separator: "\n")
        let server = lines.firstIndex { $0.hasPrefix("[server]") }, defaults = lines.firstIndex { $0.hasPrefix("[defaults]") }
        #expect(server != nil && defaults != nil && server! < defaults!)
    }
}
