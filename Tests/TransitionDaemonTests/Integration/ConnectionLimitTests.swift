// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionClient
import TransitionTestSupport

/// The configuration file's `[server]` limits reach the daemon's server, at start and on SIGHUP.
@Suite struct ConnectionLimitTests {
    /// The first message on a fresh connection to `socket` (`hello`, or the `goodbye` of a
    /// refusal), and the connection.
    private func connect(_ socket: String) throws -> (LineConnection, [String: Any]) {
        let connection = try LineConnection(path: socket)
        guard let line = try connection.receiveLine(),
              let object = jsonObjects([String(decoding: line, as: UTF8.self)]).first else {
            return (connection, [:])
        }
        return (connection, object)
    }

    private func isAlive(_ connection: LineConnection) throws -> Bool {
        try connection.send(Array(#"{"request":"sync","id":"s"}"#.utf8) + [10])
        while let line = try connection.receiveLine() {
            if let object = jsonObjects([String(decoding: line, as: UTF8.self)]).first, object["id"] as? String == "s" {
                return object["event"] as? String == "reply"
            }
        }
        return false
    }

    @Test func maxClientsPerUserFromTheFileRefusesTheThirdConnection() throws {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.toml").path
        let socket = dir.appendingPathComponent("transitiond.sock").path
        try "[server]\nmax_clients_per_user = 2\n".replaceFile(config)
        let daemon = try RunningDaemon(socket: socket, arguments: ["--config", config])

        let (first, hello1) = try connect(socket)
        let (second, hello2) = try connect(socket)
        #expect(hello1["event"] as? String == "hello")
        #expect(hello2["event"] as? String == "hello")
        let (third, refusal) = try connect(socket)
        #expect(refusal["event"] as? String == "goodbye")
        #expect(refusal["reason"] as? String == "too_many_clients")
        #expect((refusal["message"] as? String)?.contains("already has 2 connections, the limit per user") == true, "\(refusal)")
        #expect(try third.receiveLine() == nil, "the refused connection is closed")

        // A reload raises the cap: the next connection is admitted.
        try "[server]\nmax_clients_per_user = 3\n".replaceFile(config)
        daemon.signal(SIGHUP)
        var admitted: [String: Any] = [:]
        var late: LineConnection?
        for _ in 0..<50 {
            usleep(100_000)
            let (connection, message) = try connect(socket)
            if message["event"] as? String == "hello" { admitted = message; late = connection; break }
        }
        #expect(admitted["event"] as? String == "hello", "a reload to 3 per user lets a third connection in")

        // A reload lowers it below the connections open: they all stay, a new one is refused.
        try "[server]\nmax_clients_per_user = 1\n".replaceFile(config)
        daemon.signal(SIGHUP)
        var refusedAgain = false
        for _ in 0..<50 where !refusedAgain {
            usleep(100_000)
            let (_, message) = try connect(socket)
            refusedAgain = (message["message"] as? String)?.contains("already has 1 connections") == true
        }
        #expect(refusedAgain)
        #expect(try isAlive(first))
        #expect(try isAlive(second))
        if let late { #expect(try isAlive(late)) }

        let (status, log) = daemon.stop()
        #expect(status == 0)
        #expect(log.contains("connection limits now max_clients 128, max_clients_per_user 3"), "log: \(log)")
        #expect(log.contains("they apply to new connections"))
    }
}
