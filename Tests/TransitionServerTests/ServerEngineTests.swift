// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
import TransitionProtocol
import TransitionServer
import TransitionTestSupport

/// The server in front of the real engine: what goes over the wire is exactly what the engine
/// emitted (its numbers at the wire's precision), and the snapshot and replies agree with it.
@Suite struct ServerEngineTests {
    /// A three-finger swipe to the left: 30 samples, 10 ms apart, 10 units each, then release.
    static func swipe(startUs: UInt64) -> [GestureInput] {
        let device = DeviceID(1)
        var inputs: [GestureInput] = [.begin(GestureBegin(device: device, source: .swipe, fingers: 3, timeUs: startUs))]
        for i in 1...30 {
            inputs.append(.update(GestureUpdate(device: device, dx: -10, dy: 0, timeUs: startUs + UInt64(i) * 10_000)))
        }
        inputs.append(.end(GestureEnd(device: device, timeUs: startUs + 310_000)))
        return inputs
    }

    @Test func aSwipeReachesSubscribersAsTheEngineEmittedIt() throws {
        let harness = try ServerHarness(engine: .standard)
        defer { harness.stop() }
        let client = try TestClient(path: harness.path)
        let hello = try client.hello()
        #expect(hello.transitions.map(\.name) == TransitionInfo.list(from: .standard).map(\.name))
        _ = try client.request(#"{"id":1,"request":"subscribe","transitions":["swipe3-left"]}"#)
        _ = try client.next() // snapshot

        harness.onLoop { context in
            // Samples stamped in the recent past, as libinput's are by the time they are read.
            let start = MonotonicClock.nowUs() - 320_000
            for input in Self.swipe(startUs: start) { context.engine!.handle(input) }
        }
        let received = try client.read { $0.transitionEvent?.payload.kind == .completed }.compactMap(\.transitionEvent)
        let emitted = harness.onLoop { context in context.engine!.emitted }
        #expect(received == emitted.map(\.atWirePrecision))
        #expect(received.first?.payload.kind == .began)
        guard case .ended(let ended) = received.first(where: { $0.payload.kind == .ended })?.payload else {
            Issue.record("no ended"); return
        }
        #expect(ended.outcome == .finish)
        #expect(received.map(\.gesture).allSatisfy { $0 == received[0].gesture })
    }

    @Test func aLateSubscriberGetsTheAnimationInItsSnapshot() throws {
        let harness = try ServerHarness(engine: .standard)
        defer { harness.stop() }
        harness.onLoop { context in
            for input in Self.swipe(startUs: MonotonicClock.nowUs() - 320_000) { context.engine!.handle(input) }
        }
        let client = try TestClient(path: harness.path)
        try client.hello()
        _ = try client.request(#"{"id":1,"request":"subscribe"}"#)
        let snapshot = try #require(try client.next().snapshot)
        let state = try #require(snapshot.transitions.first { $0.name == "swipe3-left" })
        let emittedEnded = harness.onLoop { context in
            context.engine!.emitted.compactMap { event -> EndedEvent? in
                if case .ended(let e) = event.payload { e } else { nil }
            }.last
        }
        if state.phase == .animating {
            #expect(state.ended == emittedEnded?.atWirePrecision)
        } else {
            #expect(state.phase == .idle, "the animation may already be over on a slow machine")
        }
    }

    @Test func triggerAndCancelDriveTheRealEngine() throws {
        let harness = try ServerHarness(engine: .standard)
        defer { harness.stop() }
        let client = try TestClient(path: harness.path)
        try client.hello()
        _ = try client.request(#"{"id":1,"request":"subscribe","transitions":["swipe4-up"]}"#)
        _ = try client.next()
        let (reply, before) = try client.request(#"{"id":2,"request":"trigger","transition":"swipe4-up","duration":5,"animation":{"type":"curve","curve":"linear"}}"#)
        guard case .success(.triggered(let gesture?)) = reply.result else { Issue.record("\(reply)"); return }
        #expect(before.compactMap(\.transitionEvent).map(\.payload.kind) == [.began, .ended])
        #expect(before.compactMap(\.transitionEvent).allSatisfy { $0.gesture == gesture })

        let (cancel, events) = try client.request(#"{"id":3,"request":"cancel","transition":"swipe4-up"}"#)
        #expect(cancel.result == .success(.cancelled(count: 1)))
        guard case .ended(let retarget)? = events.compactMap(\.transitionEvent).last?.payload else {
            Issue.record("no ended after cancel: \(events)"); return
        }
        #expect(retarget.outcome == .cancel && retarget.reason == .client && retarget.to == 0)
        let completed = try client.read { $0.transitionEvent?.payload.kind == .completed }.last?.transitionEvent
        #expect(completed?.gesture == gesture)
        #expect(completed?.payload == .completed(CompletedEvent(finished: false, progress: 0)))
    }
}
