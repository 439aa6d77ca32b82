// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionClient
import TransitionProtocol
import TransitionTestSupport

/// SIGHUP reloads the configuration; a broken file keeps the old one in force.
@Suite struct ReloadTests {
    /// A daemon running on its default configuration, written to a file in a fresh directory.
    private struct Fixture {
        let dir: URL
        let config: String
        let socket: String
        /// The default configuration as first written.
        let original: String
        let daemon: RunningDaemon

        init() throws {
            dir = try DaemonProcess.temporaryDirectory()
            config = dir.appendingPathComponent("config.toml").path
            socket = dir.appendingPathComponent("run/transitiond.sock").path
            original = try DaemonProcess.run(["--print-default-config"]).stdout
            try original.replaceFile(config)
            daemon = try RunningDaemon(socket: socket, arguments: ["--config", config])
        }

        /// Writes `text` as the configuration and sends SIGHUP.
        func reload(_ text: String) throws {
            try text.replaceFile(config)
            daemon.signal(SIGHUP)
        }

        /// The original configuration with `old` replaced by `new`, reloaded.
        func reload(replacing old: String, with new: String) throws {
            try reload(original.replacingOccurrences(of: old, with: new))
        }
    }

    /// Sends `list` and returns the names of the transitions in the reply.
    private func listedTransitions(_ socket: String) throws -> [String] {
        let connection = try LineConnection(path: socket)
        try connection.send(Array(#"{"request":"list","id":7}"#.utf8) + [10])
        while let line = try connection.receiveLine() {
            guard let object = jsonObjects([String(decoding: line, as: UTF8.self)]).first,
                  object["event"] as? String == "reply" else { continue }
            let result = object["result"] as? [String: Any]
            let transitions = result?["transitions"] as? [[String: Any]] ?? []
            return transitions.compactMap { $0["name"] as? String }
        }
        return []
    }

    private func waitFor(_ condition: () throws -> Bool) rethrows -> Bool {
        for _ in 0..<100 {
            if try condition() { return true }
            usleep(100_000)
        }
        return false
    }

    @Test func aBrokenReloadKeepsTheOldConfigurationAndAGoodOneReplacesIt() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.dir) }
        let socket = fixture.socket
        let before = try listedTransitions(socket)
        #expect(before.contains("swipe3-left"))

        // Broken: the old configuration stays, the daemon keeps serving.
        try fixture.reload(fixture.original + "\nnot_a_key = true\n")
        usleep(300_000)
        #expect(try listedTransitions(socket) == before)

        // Valid, with swipe3-left renamed: the new configuration is in force.
        try fixture.reload(replacing: "name = \"swipe3-left\"", with: "name = \"go-back\"")
        #expect(try waitFor { try listedTransitions(socket).contains("go-back") })
        #expect(!(try listedTransitions(socket).contains("swipe3-left")))

        let (status, log) = fixture.daemon.stop()
        #expect(status == 0)
        #expect(log.contains("not_a_key"), "log: \(log)")
        #expect(log.contains("keeping the old one"))
        #expect(!FileManager.default.fileExists(atPath: socket), "the daemon removes the socket it created")
    }
    /// The `transitions_changed` messages that reached `connection` up to a `sync`'s reply.
    private func changes(_ connection: LineConnection, id: Int64) throws -> [TransitionsChanged] {
        var changes: [TransitionsChanged] = []
        _ = try connection.perform(Request(id: .int(id), .sync)) { message in
            if case .transitionsChanged(let changed) = message.message { changes.append(changed) }
        }
        return changes
    }

    @Test func connectedClientsAreToldWhenAReloadChangesTheTransitions() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.dir) }
        // Not subscribed: the message goes to every connected client.
        let client = try LineConnection(path: fixture.socket)
        let hello = try client.receiveHello()
        #expect(hello.transitions.contains { $0.name == "swipe3-left" })

        // A reload that changes nothing a client sees (the connection limits) sends nothing.
        try fixture.reload(replacing: "max_clients = 128", with: "max_clients = 100")
        usleep(500_000)
        #expect(try changes(client, id: 1).isEmpty)

        // Renaming a transition does, once, with the whole new list.
        try fixture.reload(replacing: "name = \"swipe3-left\"", with: "name = \"go-back\"")
        #expect(try waitFor { try listedTransitions(fixture.socket).contains("go-back") })
        let received = try changes(client, id: 2)
        #expect(received.count == 1)
        let names = received.first?.transitions.map(\.name) ?? []
        #expect(names == hello.transitions.map { $0.name == "swipe3-left" ? "go-back" : $0.name })

        #expect(fixture.daemon.stop().status == 0)
    }
}
