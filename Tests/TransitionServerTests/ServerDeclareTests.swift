// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TransitionCore
import TransitionProtocol
import TransitionServer

/// `declare`, `update` and `withdraw` over real sockets, in front of the real engine.
@Suite struct ServerDeclareTests {
    static let declare = #"{"id":1,"request":"declare","transition":"workspaces","gestures":["swipe3-left"],"pages":4,"page":1,"distance":"auto","rubber_band":{"stiffness":0.5,"limit":0.05}}"#

    func declared(_ infos: [TransitionInfo]) -> [String: DeclaredInfo] {
        Dictionary(uniqueKeysWithValues: infos.compactMap { info in info.declared.map { (info.name, $0) } })
    }

    @Test func aDeclaredTransitionIsListedAndDisappearsWithItsConnection() throws {
        let harness = try ServerHarness(engine: .standard)
        defer { harness.stop() }
        let watcher = try TestClient(path: harness.path)
        try watcher.hello()
        let shell = try TestClient(path: harness.path)
        let hello = try shell.hello()
        #expect(hello.transitions.allSatisfy { $0.declared == nil && $0.taken.isEmpty })

        let (reply, before) = try shell.request(Self.declare)
        #expect(reply.result == .success(.declared(transition: "workspaces", gestures: ["swipe3-left", "swipe3-right"])))
        guard case .transitionsChanged(let changed)? = before.first?.message else { Issue.record("no transitions_changed before the reply"); return }
        let info = try #require(changed.transitions.first { $0.name == "workspaces" })
        #expect(info.declared?.pages == 4 && info.declared?.page == 1 && info.declared?.pid == getpid())
        #expect(info.gestures.map(\.name) == ["swipe3-left", "swipe3-right"])
        let taken = changed.transitions.flatMap(\.taken)
        #expect(taken.map(\.gesture).sorted() == ["swipe3-left", "swipe3-right"] && taken.allSatisfy { $0.by == "workspaces" })

        // Everyone hears it; a second client cannot take the gestures nor the name.
        #expect(try watcher.next().message.isTransitionsChanged)
        let (taken2, _) = try watcher.request(#"{"id":2,"request":"declare","transition":"mine","gestures":["swipe3-right"]}"#)
        guard case .failure(let error) = taken2.result else { Issue.record("not refused"); return }
        #expect(error.code == .gestureTaken && error.message.contains("\"workspaces\"") && error.message.contains("pid \(getpid())"))
        let (exists, _) = try watcher.request(#"{"id":3,"request":"declare","transition":"swipe3-left","gestures":["swipe4-down"]}"#)
        #expect(exists.errorCode == .transitionExists)
        let (unknown, _) = try watcher.request(#"{"id":4,"request":"withdraw","transition":"workspaces"}"#)
        #expect(unknown.errorCode == .unknownTransition)

        let (update, _) = try shell.request(#"{"id":5,"request":"update","transition":"workspaces","pages":5,"page":2}"#)
        #expect(update.result == .success(.done))
        let (list, _) = try watcher.request(#"{"id":6,"request":"list"}"#)
        guard case .success(.list(let rows)) = list.result else { Issue.record("no list"); return }
        #expect(declared(rows.map(\.info))["workspaces"]?.pages == 5)
        #expect(rows.first { $0.info.name == "workspaces" }?.state.progress == 2)

        // The shell goes away: its transition with it, and the configured bindings come back.
        shell.close()
        let after = try watcher.read { $0.message.isTransitionsChanged }
        guard case .transitionsChanged(let gone)? = after.last?.message else { Issue.record("no transitions_changed"); return }
        #expect(declared(gone.transitions).isEmpty && gone.transitions.allSatisfy { $0.taken.isEmpty })
        #expect(harness.onLoop { $0.engine!.engine.declared.isEmpty })
    }

    @Test func onlyAConnectionThatReceivesEventsMayDeclare() throws {
        let harness = try ServerHarness(engine: .standard)
        defer { harness.stop() }
        harness.setPolicy(ServerDeliveryTests.policy(ServerDeliveryTests.aliceActive))
        harness.connectAs([ServerDeliveryTests.bob])
        let bob = try TestClient(path: harness.path)
        try bob.hello()
        _ = try bob.next() // delivery paused
        let (reply, _) = try bob.request(Self.declare)
        #expect(reply.errorCode == .deliveryPaused)
    }

    @Test func aConnectionWhoseDeliveryPausesLosesItsDeclarations() throws {
        let harness = try ServerHarness(engine: .standard)
        defer { harness.stop() }
        harness.setPolicy(ServerDeliveryTests.policy(ServerDeliveryTests.aliceActive))
        harness.connectAs([ServerDeliveryTests.alice, ServerDeliveryTests.bob])
        let alice = try TestClient(path: harness.path)
        try alice.hello()
        let (reply, _) = try alice.request(Self.declare)
        #expect(reply.errorCode == nil)
        // Bob's session comes to the front: alice's shell no longer holds the gestures.
        harness.setPolicy(ServerDeliveryTests.policy(SessionInfo(id: "c2", uid: ServerDeliveryTests.bob, user: "bob")))
        let after = try alice.read { $0.message.isTransitionsChanged }
        guard case .transitionsChanged(let changed)? = after.last?.message else { Issue.record("no transitions_changed"); return }
        #expect(declared(changed.transitions).isEmpty && changed.transitions.allSatisfy { $0.taken.isEmpty })
        #expect(after.contains { $0.delivery?.state == .paused })
        let (again, _) = try alice.request(Self.declare)
        #expect(again.errorCode == .deliveryPaused)
    }

    @Test func aConnectionDeclaresSixteenTransitionsAtMost() throws {
        let harness = try ServerHarness(engine: .standard)
        defer { harness.stop() }
        let client = try TestClient(path: harness.path)
        try client.hello()
        let directions = ["left", "right", "up", "down"]
        for i in 0...16 {
            let gesture = "swipe\(5 + i / 4)-\(directions[i % 4])"
            let (reply, _) = try client.request(#"{"id":\#(i),"request":"declare","transition":"t\#(i)","gestures":["\#(gesture)"]}"#)
            if i < 16 { #expect(reply.errorCode == nil, "\(i)") } else { #expect(reply.errorCode == .invalidRequest) }
        }
        let (again, _) = try client.request(#"{"id":20,"request":"declare","transition":"t3","gestures":["swipe9-left"]}"#)
        #expect(again.errorCode == nil)       // replacing one is not one more
    }

    @Test func requestsAreDecodedStrictly() {
        for (line, message) in [
            (#"{"request":"declare","transition":"w","gestures":["tap3"]}"#, "not a gesture a transition can be declared on"),
            (#"{"request":"declare","transition":"w"}"#, "missing member \"gestures\""),
            (#"{"request":"declare","transition":"w","gestures":["swipe3-left"],"pages":1}"#, "\"pages\" must be 2 to 1000"),
            (#"{"request":"declare","transition":"w","gestures":["swipe3-left"],"page":1}"#, "\"page\" needs \"pages\""),
            (#"{"request":"declare","transition":"w","gestures":["swipe3-left"],"pages":3,"page":3}"#, "below \"pages\""),
            (#"{"request":"declare","transition":"w","gestures":["swipe3-left"],"distance":"far"}"#, "\"distance\" must be"),
            (#"{"request":"declare","transition":"w","gestures":["swipe3-left"],"rubber_band":{"stiff":1}}"#, "unknown member \"stiff\""),
            (#"{"request":"declare","transition":"w","gestures":["swipe3-left"],"colour":1}"#, "unknown member \"colour\""),
            (#"{"request":"declare","transition":"a\u0001","gestures":["swipe3-left"]}"#, "without control characters"),
            (#"{"request":"update","transition":"w"}"#, "needs \"pages\" or \"page\""),
            (#"{"request":"withdraw"}"#, "missing member \"transition\""),
        ] {
            do {
                let request = try decodeRequest(Array(line.utf8))
                if case .declare(let d) = request.command {
                    _ = try d.declaration(owner: DeclarationOwner(client: 1, pid: 1))
                }
                Issue.record("accepted: \(line)")
            } catch {
                #expect(error.code == .invalidRequest && error.message.contains(message), "\(line): \(error.message)")
            }
        }
    }
}

extension ServerMessage {
    var isTransitionsChanged: Bool { if case .transitionsChanged = self { true } else { false } }
}

extension Reply {
    var errorCode: ProtocolError.Code? { if case .failure(let e) = result { e.code } else { nil } }
}
