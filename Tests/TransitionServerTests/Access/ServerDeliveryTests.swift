// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TransitionCore
import TransitionProtocol
import TransitionServer

/// Hands the server made-up peer uids, one per connection in the order they connect, so one
/// test process can play alice, bob and root.
final class PeerUIDs {
    var next: [UInt32]
    init(_ uids: [UInt32]) { next = uids }
    func take() -> PeerCredentials { PeerCredentials(pid: getpid(), uid: next.isEmpty ? 4242 : next.removeFirst(), gid: 100) }
}

extension ServerHarness {
    /// Gives the next connections these uids, in order.
    func connectAs(_ uids: [UInt32]) {
        onLoop { context in
            let queue = PeerUIDs(uids)
            context.server.peerCredentials = { _ in queue.take() }
        }
    }

    func setPolicy(_ policy: DeliveryPolicy) {
        onLoop { $0.server.setDeliveryPolicy(policy) }
    }
}

extension ReceivedMessage {
    var delivery: DeliveryNotice? { DeliveryNotice(message) }
}

/// Logind-aware delivery over real sockets: who receives events, the `delivery` messages, what a
/// session switch does to a gesture in flight, refused requests, and `status`.
@Suite struct ServerDeliveryTests {
    static let alice: UInt32 = 1000, bob: UInt32 = 1001, greeter: UInt32 = 115

    static func policy(_ session: SessionInfo?, unmapped: UInt32? = nil) -> DeliveryPolicy {
        DeliveryPolicy(mode: .activeSession, modeReason: "test", always: [greeter], seat: "seat0", session: session,
                       unmappedUID: unmapped)
    }
    static let aliceActive = SessionInfo(id: "c1", uid: alice, user: "alice")
    static let bobActive = SessionInfo(id: "c2", uid: bob, user: "bob")

    /// Connects, reads the hello (and a `delivery` right after it when the client starts paused),
    /// subscribes and reads the snapshot when one comes.
    static func subscriber(_ harness: ServerHarness, paused: Bool = false, filter: String = "") throws -> TestClient {
        let client = try TestClient(path: harness.path)
        try client.hello()
        if paused {
            let notice = try #require(try client.next().delivery)
            #expect(notice.state == .paused)
        }
        let (reply, before) = try client.request(#"{"id":"sub","request":"subscribe"\#(filter)}"#)
        #expect(before.isEmpty)
        #expect(reply.result == .success(.subscribed))
        let snapshot = try #require(try client.next().snapshot)
        if paused { #expect(snapshot.transitions.allSatisfy { $0.phase == .idle }) }
        return client
    }

    /// Reads up to the reply of a `sync`: what the server sent before it.
    static func drain(_ client: TestClient) throws -> [ReceivedMessage] {
        try client.request(#"{"id":"sync","request":"sync"}"#).before
    }

    @Test func onlyTheActiveUsersRootAndExemptClientsSeeAGesture() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        harness.setPolicy(Self.policy(Self.aliceActive))
        harness.connectAs([Self.alice, Self.bob, 0, Self.greeter])
        let alice = try Self.subscriber(harness)
        let bob = try TestClient(path: harness.path)
        try bob.hello()
        let notice = try #require(try bob.next().delivery)
        #expect(notice.state == .paused && notice.reason == .inactive)
        #expect(notice.message.contains("another user's session is active on seat0"))
        // Subscribing while paused: the reply and a snapshot with every transition idle.
        let (reply, _) = try bob.request(#"{"id":1,"request":"subscribe"}"#)
        #expect(reply.result == .success(.subscribed))
        let idle = try #require(try bob.next().snapshot)
        #expect(idle.transitions.map(\.name) == ["workspace", "overview"] && idle.transitions.allSatisfy { $0.phase == .idle })
        let root = try Self.subscriber(harness)
        let greeter = try Self.subscriber(harness)

        let swipe = Script.swipe("workspace", gesture: 7)
        harness.publish(swipe)
        for client in [alice, root, greeter] {
            #expect(try Self.drain(client).compactMap(\.transitionEvent) == swipe)
        }
        #expect(try Self.drain(bob).isEmpty)
    }

    @Test func groupModeIsTheDefaultAndDeliversToEveryone() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        harness.connectAs([Self.alice, Self.bob])
        let alice = try Self.subscriber(harness)
        let bob = try Self.subscriber(harness)
        harness.publish(Script.swipe("workspace", gesture: 1))
        #expect(try Self.drain(alice).count == 6)
        #expect(try Self.drain(bob).count == 6)
        let status = try alice.request(#"{"id":1,"request":"status"}"#).reply
        guard case .success(.status(let info)) = status.result else { Issue.record("\(status)"); return }
        #expect(info.access?.mode == .group)
        #expect(info.clients.allSatisfy { $0.delivery == .active })
    }

    @Test func aSessionSwitchCancelsTheGestureForTheOldUserAndHandsItToTheNew() throws {
        let harness = try ServerHarness(engine: .standard)
        defer { harness.stop() }
        harness.setPolicy(Self.policy(Self.aliceActive))
        harness.connectAs([Self.alice, Self.bob])
        let alice = try Self.subscriber(harness, filter: #","transitions":["swipe3-left"]"#)
        let bob = try Self.subscriber(harness, paused: true, filter: #","transitions":["swipe3-left"]"#)
        let device = DeviceID(1)
        let start = harness.onLoop { _ in MonotonicClock.nowUs() } - 400_000
        harness.onLoop { context in
            context.engine!.handle(.begin(GestureBegin(device: device, source: .swipe, fingers: 3, timeUs: start)))
            for i in 1...20 {
                context.engine!.handle(.update(GestureUpdate(device: device, dx: -10, dy: 0, timeUs: start + UInt64(i) * 10_000)))
            }
        }
        let before = try Self.drain(alice).compactMap(\.transitionEvent)
        #expect(before.first?.payload.kind == .began)
        let gesture = try #require(before.first?.gesture)
        #expect(try Self.drain(bob).isEmpty)

        // chvt 2: bob's session becomes the active one, mid-gesture.
        harness.setPolicy(Self.policy(Self.bobActive))
        let aliceGot = try alice.read { $0.delivery != nil }
        #expect(aliceGot.count == 3)
        let ended = try #require(aliceGot[0].transitionEvent)
        guard case .ended(let e) = ended.payload else { Issue.record("not ended: \(ended)"); return }
        #expect(ended.gesture == gesture && ended.transition == "swipe3-left")
        #expect(e.outcome == .cancel && e.reason == .sessionChanged && e.to == 0 && e.animation == .none(to: 0))
        #expect(e.from > 0)
        guard case .completed(let c) = aliceGot[1].transitionEvent?.payload else { Issue.record("no completed"); return }
        #expect(!c.finished && c.progress == 0)
        #expect(aliceGot[2].delivery?.state == .paused && aliceGot[2].delivery?.reason == .inactive)

        let bobGot = try bob.read { $0.snapshot != nil }
        #expect(bobGot.count == 2)
        #expect(bobGot[0].delivery?.state == .resumed)
        let state = try #require(bobGot[1].snapshot?.transitions.first)
        #expect(state.name == "swipe3-left" && state.phase == .interactive && state.gesture == gesture)

        // The engine goes on: the rest of the gesture reaches bob only.
        harness.onLoop { context in
            context.engine!.handle(.update(GestureUpdate(device: device, dx: -10, dy: 0, timeUs: start + 210_000)))
            context.engine!.handle(.end(GestureEnd(device: device, timeUs: start + 220_000)))
        }
        let rest = try bob.read { $0.transitionEvent?.payload.kind == .completed }.compactMap(\.transitionEvent)
        #expect(rest.allSatisfy { $0.gesture == gesture })
        #expect(rest.contains { $0.payload.kind == .ended })
        #expect(try Self.drain(alice).isEmpty)
    }

    @Test func lockingPausesAndUnlockingResumesWithASnapshot() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        harness.setPolicy(Self.policy(Self.aliceActive))
        harness.connectAs([Self.alice])
        let alice = try Self.subscriber(harness)
        var locked = Self.aliceActive
        locked.locked = true
        harness.setPolicy(Self.policy(locked))
        let paused = try #require(try alice.next().delivery)
        #expect(paused.state == .paused && paused.reason == .locked)
        #expect(paused.message.contains("locked"))
        harness.publish(Script.swipe("workspace", gesture: 3))
        #expect(try Self.drain(alice).isEmpty)

        // Another user's session in front of the lock: still paused, for another reason.
        harness.setPolicy(Self.policy(Self.bobActive))
        #expect(try alice.next().delivery?.reason == .inactive)
        harness.setPolicy(Self.policy(nil))
        #expect(try alice.next().delivery?.reason == .noSession)

        harness.setPolicy(Self.policy(Self.aliceActive))
        let resumed = try #require(try alice.next().delivery)
        #expect(resumed.state == .resumed && resumed.reason == nil)
        #expect(try alice.next().snapshot != nil)
        harness.publish(Script.swipe("workspace", gesture: 4))
        #expect(try Self.drain(alice).compactMap(\.transitionEvent).count == 6)
    }

    @Test func aPausedClientCannotTriggerOrCancelButMayAskForStatus() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        harness.setPolicy(Self.policy(Self.aliceActive))
        harness.connectAs([Self.bob, Self.alice])
        let bob = try TestClient(path: harness.path)
        try bob.hello()
        _ = try bob.next() // delivery paused
        for request in [#"{"id":1,"request":"trigger","transition":"overview"}"#, #"{"id":2,"request":"cancel"}"#] {
            let (reply, before) = try bob.request(request)
            #expect(before.isEmpty)
            guard case .failure(let error) = reply.result else { Issue.record("not refused: \(reply)"); continue }
            #expect(error.code == .deliveryPaused)
            #expect(error.message.contains("paused for this connection (inactive)"))
        }
        // Its list shows nothing in flight, whatever runs.
        let alice = try TestClient(path: harness.path)
        try alice.hello()
        let triggered = try alice.request(#"{"id":3,"request":"trigger","transition":"overview"}"#).reply
        #expect(triggered.result == .success(.triggered(gesture: 1000)))
        let list = try bob.request(#"{"id":4,"request":"list"}"#).reply
        guard case .success(.list(let listings)) = list.result else { Issue.record("\(list)"); return }
        #expect(listings.allSatisfy { $0.state.phase == .idle })

        let status = try bob.request(#"{"id":5,"request":"status"}"#).reply
        guard case .success(.status(let info)) = status.result else { Issue.record("\(status)"); return }
        #expect(info.transitions.allSatisfy { $0.phase == .idle })
        let access = try #require(info.access)
        #expect(access.mode == .activeSession && access.seat == "seat0" && access.always == [Self.greeter])
        #expect(access.session == Self.aliceActive)
        // bob sees his own connection only, and that one other is there (issue 32: only root sees others').
        #expect(info.clients.map(\.uid) == [Self.bob])
        #expect(info.clients.map(\.delivery) == [.paused(.inactive)])
        #expect(info.otherClients == 1)
    }

    @Test func aPeerWhoseUidTheNamespaceCannotMapStaysPaused() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        harness.setPolicy(Self.policy(Self.aliceActive, unmapped: 65534))
        harness.connectAs([65534, 0])
        let unknown = try TestClient(path: harness.path)
        try unknown.hello()
        let notice = try #require(try unknown.next().delivery)
        #expect(notice.reason == .unidentified)
        #expect(notice.message.contains("docs/service.md"))
        let root = try Self.subscriber(harness)
        harness.publish(Script.swipe("overview", gesture: 9))
        #expect(try Self.drain(root).count == 6)
    }

    @Test func pausedClientsGetNoFrames() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        harness.setPolicy(Self.policy(Self.aliceActive))
        harness.connectAs([Self.alice, Self.bob])
        let alice = try Self.subscriber(harness, filter: #","frame_rate":200"#)
        let bob = try Self.subscriber(harness, paused: true, filter: #","frame_rate":200"#)
        let now = harness.onLoop { _ in MonotonicClock.nowUs() }
        let animation = AnimationDescription.curve(CurveAnimation(from: 0, to: 1, curve: .linear, duration: 0.05))
        harness.publish([Script.began("workspace", gesture: 5, at: now), Script.ended("workspace", gesture: 5, at: now, animation: animation)])
        let frames = try alice.read { $0.frame != nil && $0.frame!.progress == 1 }
        #expect(frames.contains { $0.frame != nil })
        #expect(try Self.drain(bob).isEmpty)
    }

    @Test func aPolicyThatChangesNothingSendsNothing() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        harness.setPolicy(Self.policy(Self.aliceActive))
        harness.connectAs([Self.alice, Self.bob])
        let alice = try Self.subscriber(harness)
        let bob = try Self.subscriber(harness, paused: true)
        // Same decisions for both (a new always uid concerns nobody connected).
        var policy = Self.policy(Self.aliceActive)
        policy.always.insert(4000)
        harness.setPolicy(policy)
        harness.setPolicy(policy)
        #expect(try Self.drain(alice).isEmpty)
        #expect(try Self.drain(bob).isEmpty)
    }
}
