import Foundation
import Testing
import TransitionClient
import TransitionProtocol

/// SIGHUP reloads the configuration; a broken file keeps the old one in force.
@Suite struct ReloadTests {
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
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.toml").path
        let socket = dir.appendingPathComponent("run/transitiond.sock").path
        let original = try DaemonProcess.run(["--print-default-config"]).stdout
        try original.write(toFile: config, atomically: true, encoding: .utf8)

        let daemon = try RunningDaemon(socket: socket, arguments: ["--config", config])
        let before = try listedTransitions(socket)
        #expect(before.contains("swipe3-left"))

        // Broken: the old configuration stays, the daemon keeps serving.
        try (original + "\nnot_a_key = true\n").write(toFile: config, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        usleep(300_000)
        #expect(try listedTransitions(socket) == before)

        // Valid, with swipe3-left renamed: the new configuration is in force.
        try original.replacingOccurrences(of: "name = \"swipe3-left\"", with: "name = \"go-back\"")
            .write(toFile: config, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(try waitFor { try listedTransitions(socket).contains("go-back") })
        #expect(!(try listedTransitions(socket).contains("swipe3-left")))

        let (status, log) = daemon.stop()
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
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.toml").path
        let socket = dir.appendingPathComponent("run/transitiond.sock").path
        let original = try DaemonProcess.run(["--print-default-config"]).stdout
        try original.write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try RunningDaemon(socket: socket, arguments: ["--config", config])
        // Not subscribed: the message goes to every connected client.
        let client = try LineConnection(path: socket)
        let hello = try client.receiveHello()
        #expect(hello.transitions.contains { $0.name == "swipe3-left" })

        // A reload that changes nothing a client sees (the connection limits) sends nothing.
        try original.replacingOccurrences(of: "max_clients = 128", with: "max_clients = 100")
            .write(toFile: config, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        usleep(500_000)
        #expect(try changes(client, id: 1).isEmpty)

        // Renaming a transition does, once, with the whole new list.
        try original.replacingOccurrences(of: "name = \"swipe3-left\"", with: "name = \"go-back\"")
            .write(toFile: config, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(try waitFor { try listedTransitions(socket).contains("go-back") })
        let received = try changes(client, id: 2)
        #expect(received.count == 1)
        let names = received.first?.transitions.map(\.name) ?? []
        #expect(names == hello.transitions.map { $0.name == "swipe3-left" ? "go-back" : $0.name })

        #expect(daemon.stop().status == 0)
    }
}
