// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import TransitionClient
import TransitionConfig
import TransitionCore
@testable import TransitionDaemon
import TransitionProtocol
import TransitionServer
import TransitionTestSupport

/// The active session's user's own settings, end to end in process: a client sends them over
/// the socket, every client sees the transitions in force, a broken text is refused with its
/// line and the old settings stay, and a session switch, a disconnect or a clear goes back to
/// the system's; a reload keeps them over the new system configuration.
@Suite(.serialized) struct DaemonUserSettingsTests {
    typealias Running = DaemonSessionTests.Running

    static let me = SessionInfo(id: "c1", uid: getuid(), user: "me")
    static let other = SessionInfo(id: "c2", uid: getuid() &+ 4242, user: "other")

    static let userText = """
        [[transition]]
        name = "swipe3-left"
        binding = "swipe4-left"
        finish_threshold = 0.3

        [[transition]]
        name = "launcher"
        binding = "padtap4"
        """

    /// A connection that reads until the message it waits for.
    final class Client {
        let connection: LineConnection
        init(_ socket: String) throws {
            connection = try LineConnection(path: socket)
            _ = try next { if case .hello = $0 { true } else { false } }
        }
        func next(_ match: (ServerMessage) -> Bool) throws -> ServerMessage? {
            while let line = try connection.receiveLine() {
                let message = try decodeServerMessage(line).message
                if match(message) { return message }
            }
            return nil
        }
        func request(_ request: Request) throws -> Reply? {
            try connection.send(encodeRequest(request))
            guard case .reply(let reply)? = try next({ if case .reply = $0 { true } else { false } }) else { return nil }
            return reply
        }
        func settings(_ text: String) throws -> Reply? {
            try request(Request(id: .string("settings"), .settings(SettingsRequest(text: text, path: "/home/me/config.toml"))))
        }
        func transitionsChanged() throws -> [String]? {
            guard case .transitionsChanged(let changed)? = try next({ if case .transitionsChanged = $0 { true } else { false } })
            else { return nil }
            return changed.transitions.map(\.name)
        }
        func listed() throws -> [TransitionListing]? {
            guard case .success(.list(let listings))? = try request(Request(id: .int(9), .list))?.result else { return nil }
            return listings
        }
    }

    @Test func appliedSeenRefusedWithItsLineKeptAndEndedBySessionSwitch() throws {
        let running = try Running(config: "", session: Self.me)
        defer { running.stop() }
        let sender = try Client(running.socket)
        let watcher = try Client(running.socket)
        let system = DaemonConfiguration.builtIn.engine

        let applied = try sender.settings(Self.userText)
        guard case .success(.settings(let result))? = applied?.result else { Issue.record("\(String(describing: applied))"); return }
        #expect(result == SettingsResult(state: .applied, transitions: system.transitions.count + 1))
        // Every client hears of the new list; list shows the bindings in force.
        #expect(try watcher.transitionsChanged()?.last == "launcher")
        let listing = try #require(try watcher.listed())
        #expect(listing.first { $0.info.name == "swipe3-left" }?.info.gestures.map(\.name) == ["swipe4-left"])
        #expect(listing.first { $0.info.name == "swipe4-left" }?.info.gestures.isEmpty == true)
        #expect(listing.count == system.transitions.count + 1)

        // A broken file: refused with its line and column; the settings in force stay.
        let refused = try sender.settings("[[transition]]\nname = \"launcher\"\n[server]\nmax_clients = 1\n")
        guard case .failure(let error)? = refused?.result else { Issue.record("not refused"); return }
        #expect(error.code == .invalidSettings)
        #expect(error.diagnostics.first?.line == 3 && error.diagnostics.first?.column == 1)
        #expect(error.message.hasPrefix("/home/me/config.toml:3:1: [server] (connection limits) is the system's"))
        #expect(running.onLoop { daemon, _ in daemon.configurationInForce.transitions.count } == system.transitions.count + 1)

        // Another user's session: back to the system's, and that user may not send settings.
        let back = running.onLoop { daemon, source in
            source.set(Self.other)
            return daemon.configurationInForce
        }
        #expect(back == system)
        #expect(try watcher.transitionsChanged() == system.transitions.map(\.name))
        guard case .failure(let denied)? = try sender.settings(Self.userText)?.result else { Issue.record("accepted"); return }
        #expect(denied.code == .notPermitted)
        #expect(running.onLoop { daemon, _ in daemon.configurationInForce } == system)
    }

    @Test func aDisconnectOrAnEmptyTextGoesBackToTheSystems() throws {
        let running = try Running(config: "", session: Self.me)
        defer { running.stop() }
        let system = DaemonConfiguration.builtIn.engine
        let watcher = try Client(running.socket)
        do {
            let sender = try Client(running.socket)
            _ = try sender.settings(Self.userText)
            #expect(try watcher.transitionsChanged()?.count == system.transitions.count + 1)
            guard case .success(.settings(let cleared))? = try sender.settings("# nothing\n")?.result else {
                Issue.record("not cleared"); return
            }
            #expect(cleared.state == .cleared)
            #expect(try watcher.transitionsChanged()?.count == system.transitions.count)
            _ = try sender.settings(Self.userText)
            #expect(try watcher.transitionsChanged()?.count == system.transitions.count + 1)
        }
        // The sender is gone (its connection closed with it): the watcher hears the system's list.
        #expect(try watcher.transitionsChanged() == system.transitions.map(\.name))
        #expect(running.onLoop { daemon, _ in daemon.configurationInForce } == system)
    }

    /// The protocol's bound on the text is the parser's.
    @Test func theSizeBoundsAgree() {
        #expect(UserSettings.maxBytes == SettingsRequest.maxTextBytes)
    }

    @Test func aReloadKeepsTheUsersSettingsOverTheNewSystemConfiguration() throws {
        let running = try Running(config: "", session: Self.me)
        defer { running.stop() }
        let sender = try Client(running.socket)
        _ = try sender.settings(Self.userText)
        let dir = (running.socket as NSString).deletingLastPathComponent
        try "[[transition]]\nname = \"overview\"\nbinding = \"swipe3-up\"\n[[transition]]\nname = \"swipe3-left\"\nbinding = \"swipe3-left\"\n"
            .replaceFile(dir + "/config.toml")
        let names = running.onLoop { daemon, _ in
            daemon.reload()
            return daemon.configurationInForce.transitions.map(\.name)
        }
        #expect(names == ["overview", "swipe3-left", "launcher"])
        let bindings = running.onLoop { daemon, _ in daemon.configurationInForce.bindings.map(\.gestureName) }
        #expect(bindings == ["swipe3-up", "swipe4-left"])
    }
}
