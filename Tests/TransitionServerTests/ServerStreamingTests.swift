// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TransitionCore
import TransitionProtocol
import TransitionServer
import TransitionTestSupport

@Suite struct ServerStreamingTests {
    /// Subscribes and consumes the reply and the snapshot.
    func subscribe(_ client: TestClient, _ json: String) throws {
        try client.hello()
        let (reply, _) = try client.request(json)
        #expect(reply.result == .success(.subscribed), "\(json)")
        #expect(try client.next().snapshot != nil)
    }

    /// Reads up to the reply of a `sync`; returns the transition events before it.
    func syncEvents(_ client: TestClient, id: Int = 9) throws -> [TransitionEvent] {
        try client.request(#"{"id":\#(id),"request":"sync"}"#).before.compactMap(\.transitionEvent)
    }

    @Test func manyClientsEachGetWhatTheirFilterAsksFor() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let all = try TestClient(path: harness.path)
        try subscribe(all, #"{"id":1,"request":"subscribe"}"#)
        let workspaceOnly = try TestClient(path: harness.path)
        try subscribe(workspaceOnly, #"{"id":1,"request":"subscribe","transitions":["workspace"]}"#)
        let lifecycleOnly = try TestClient(path: harness.path)
        try subscribe(lifecycleOnly, #"{"id":1,"request":"subscribe","events":["began","ended","completed"]}"#)
        let notSubscribed = try TestClient(path: harness.path)
        try notSubscribed.hello()

        let events = Script.swipe("workspace", gesture: 1) + Script.swipe("overview", gesture: 2)
        harness.publish(events)

        #expect(try syncEvents(all) == events)
        #expect(try syncEvents(workspaceOnly) == events.filter { $0.transition == "workspace" })
        #expect(try syncEvents(lifecycleOnly) == events.filter { [.began, .ended, .completed].contains($0.payload.kind) })
        #expect(try syncEvents(notSubscribed).isEmpty)

        // Subscribing again replaces the filter.
        _ = try all.request(#"{"id":2,"request":"subscribe","transitions":["overview"],"events":["ended"]}"#)
        _ = try all.next()
        harness.publish(events)
        #expect(try syncEvents(all) == events.filter { $0.transition == "overview" && $0.payload.kind == .ended })
    }

    @Test func aClientThatNeverReadsDelaysNobodyAndIsDroppedWhenItsBacklogOverflows() throws {
        var configuration = ServerConfiguration(limits: ServerLimits(maxQueuedMessages: 64))
        configuration.socketSendBufferBytes = 4096
        let harness = try ServerHarness(configuration: configuration)
        defer { harness.stop() }
        let stalled = try TestClient(path: harness.path)
        try subscribe(stalled, #"{"id":1,"request":"subscribe"}"#)
        let reader = try TestClient(path: harness.path)
        try subscribe(reader, #"{"id":1,"request":"subscribe"}"#)
        let watcher = try TestClient(path: harness.path)
        try watcher.hello()

        // Updates alone never get the stalled client dropped: they coalesce.
        var gesture: UInt64 = 1
        for round in 0..<20 {
            let updates = (0..<500).map { Script.updated("workspace", gesture: gesture, progress: Double($0) / 500, at: UInt64(round * 500 + $0)) }
            harness.publish(updates)
            let got = try syncEvents(reader)
            #expect(got.last == updates.last, "the reader always ends on the latest update")
        }
        let stillThere = try watcher.request(#"{"id":1,"request":"status"}"#).reply
        guard case .success(.status(let status)) = stillThere.result else { Issue.record("\(stillThere)"); return }
        #expect(status.clients.count == 3)
        let stalledInfo = status.clients.first { $0.queuedMessages > 0 }
        #expect(stalledInfo != nil && stalledInfo!.queuedMessages <= 2, "a stalled client holds one pending update per transition")
        #expect(status.counters["messages_coalesced"]! > 0)

        // When the stalled client catches up it finds the latest update, and seq gaps where
        // older ones were coalesced away.
        let caughtUp = try stalled.request(#"{"id":5,"request":"sync"}"#).before
        let seqs = caughtUp.compactMap(\.seq)
        #expect(seqs == seqs.sorted())
        #expect(seqs.count < Int(seqs.last! - seqs.first!) + 1, "coalesced updates leave gaps")
        #expect(caughtUp.last?.transitionEvent?.payload == Script.updated("workspace", gesture: 1, progress: 499.0 / 500).payload)

        // Lifecycle events are kept for the stalled client until its backlog overflows; the reader
        // keeps receiving every one of them, in order.
        var published: [TransitionEvent] = []
        while true {
            gesture += 1
            let swipe = Script.swipe("overview", gesture: gesture, updates: 1)
            published += swipe
            harness.publish(swipe)
            let got = try syncEvents(reader)
            #expect(got == swipe)
            let count = harness.onLoop { $0.server.clientCount }
            if count == 2 { break }
            if published.count > 10_000 { Issue.record("the stalled client was never dropped"); return }
        }
        let after = try watcher.request(#"{"id":2,"request":"status"}"#).reply
        guard case .success(.status(let final)) = after.result else { Issue.record("\(after)"); return }
        #expect(final.counters["clients_dropped_backlog"] == 1)

        // What the stalled client finally reads is a prefix of the stream, in seq order, with
        // gaps only where updates were coalesced, then the end.
        let backlog = try stalled.readToEnd()
        let finalSeqs = backlog.compactMap(\.seq)
        #expect(finalSeqs == finalSeqs.sorted())
        #expect(Set(finalSeqs).count == finalSeqs.count)
        let lifecycle = backlog.compactMap(\.transitionEvent).filter { $0.payload.kind != .updated }
        let expected = published.filter { $0.payload.kind != .updated }
        #expect(Array(expected.prefix(lifecycle.count)) == lifecycle, "no lifecycle event was dropped before the disconnect")
    }

    @Test func aClientLeavingMidGestureDoesNotDisturbTheOthers() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let leaver = try TestClient(path: harness.path)
        try subscribe(leaver, #"{"id":1,"request":"subscribe"}"#)
        let stayer = try TestClient(path: harness.path)
        try subscribe(stayer, #"{"id":1,"request":"subscribe"}"#)
        let swipe = Script.swipe("workspace", gesture: 5, updates: 10)
        harness.publish(Array(swipe.prefix(4)))
        _ = try leaver.read { $0.transitionEvent?.payload.kind == .updated }
        leaver.shutdownWrite()
        _ = shutdown(leaver.fd, Int32(SHUT_RDWR))
        harness.publish(Array(swipe.dropFirst(4)))
        #expect(try syncEvents(stayer) == swipe.map(\.atWirePrecision)) // k/11 progress, to 6 decimals
        #expect(harness.onLoop { $0.server.clientCount } == 1)
    }

    @Test func anOversizedLineClosesTheConnectionWithAReason() throws {
        let harness = try ServerHarness(configuration: ServerConfiguration(limits: ServerLimits(maxLineBytes: 1024)))
        defer { harness.stop() }
        let client = try TestClient(path: harness.path)
        try client.hello()
        client.send(#"{"id":1,"request":"list","pad":""# + String(repeating: "x", count: 5000))
        let rest = try client.readToEnd()
        #expect(rest.last?.goodbye?.reason == .lineTooLong)
        #expect(rest.last?.goodbye?.message == "request line longer than 1024 bytes")

        // A whole line over the limit in one write, and a 64 KiB line with the default limit.
        let second = try TestClient(path: harness.path)
        try second.hello()
        second.send(String(repeating: " ", count: 2000) + "\n")
        #expect(try second.readToEnd().last?.goodbye?.reason == .lineTooLong)
    }

    @Test func theDefaultLineCapIs64KiB() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let client = try TestClient(path: harness.path)
        try client.hello()
        let padding = String(repeating: " ", count: 65536 - 20)
        let (reply, _) = try client.request(#"{"request":"sync"}"# + padding) // just under the cap
        #expect(reply.result == .success(.synced))
        client.send(String(repeating: " ", count: 65537))
        #expect(try client.readToEnd().last?.goodbye?.reason == .lineTooLong)
    }

    @Test func aHalfSentRequestTimesOut() throws {
        let harness = try ServerHarness(configuration: ServerConfiguration(limits: ServerLimits(requestTimeoutMs: 50)))
        defer { harness.stop() }
        let client = try TestClient(path: harness.path)
        try client.hello()
        let (reply, _) = try client.request(#"{"id":1,"request":"sync"}"#)
        #expect(reply.id == .int(1))
        client.send(#"{"id":2,"request":"#)
        let rest = try client.readToEnd()
        #expect(rest.map(\.goodbye?.reason) == [.requestTimeout])
        // An idle client that sends nothing is never timed out: it is still connected.
        let idle = try TestClient(path: harness.path)
        try idle.hello()
        #expect(harness.onLoop { $0.server.clientCount } == 1)
    }

    @Test func framesSampleTheCompletionAnimationAtTheRateAsked() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let framed = try TestClient(path: harness.path)
        try subscribe(framed, #"{"id":1,"request":"subscribe","transitions":["workspace"],"frame_rate":200}"#)
        let plain = try TestClient(path: harness.path)
        try subscribe(plain, #"{"id":1,"request":"subscribe"}"#)

        let curve = CurveAnimation(from: 0.6, to: 1, curve: .easeOutCubic, duration: 0.1)
        harness.onLoop { context in
            let now = MonotonicClock.nowUs()
            context.server.publish(Script.began("workspace", gesture: 3, at: now))
            context.server.publish(Script.ended("workspace", gesture: 3, at: now, animation: .curve(curve)))
        }
        // Frames until the animation's end; the last one is exactly at `to`, at rest. (A frame a
        // fraction of a millisecond before the end can already read 1 on the wire's six decimals,
        // with a velocity that is not 0 yet: the end is the frame at rest.)
        let messages = try framed.read { $0.frame.map { $0.progress == 1 && $0.velocity == 0 } ?? false }
        let frames = messages.compactMap(\.frame)
        #expect(frames.count >= 2)
        #expect(frames.allSatisfy { $0.gesture == 3 && $0.transition == "workspace" })
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.progress <= $1.progress && $0.timeUs < $1.timeUs })
        #expect(frames.last?.velocity == 0)
        harness.publish([Script.completed("workspace", gesture: 3)])
        let tail = try framed.request(#"{"id":2,"request":"sync"}"#).before
        #expect(tail.compactMap(\.frame).isEmpty, "no frames after the end")
        #expect(tail.compactMap(\.transitionEvent).map(\.payload.kind) == [.completed])
        // The client without a frame rate got none.
        let plainMessages = try plain.request(#"{"id":2,"request":"sync"}"#).before
        #expect(plainMessages.compactMap(\.frame).isEmpty)
        #expect(plainMessages.compactMap(\.transitionEvent).map(\.payload.kind) == [.began, .ended, .completed])
        // And nothing animates now: no timer left behind.
        #expect(harness.onLoop { $0.server.clientCount } == 2)
    }

    @Test func anAnimationThatStartedLateGetsAFrameAtOnce() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let framed = try TestClient(path: harness.path)
        try subscribe(framed, #"{"id":1,"request":"subscribe","frame_rate":1}"#) // 1 fps: only the first frame is prompt
        let curve = CurveAnimation(from: 0.2, to: 1, curve: .linear, duration: 10)
        harness.onLoop { context in
            // The release was processed 4 s late (a loaded machine): the animation is 40 % through.
            context.server.publish(Script.ended("overview", gesture: 8, at: MonotonicClock.nowUs() - 4_000_000, animation: .curve(curve)))
        }
        let frame = try #require(try framed.read { $0.frame != nil }.last?.frame)
        #expect(frame.progress >= 0.2 + 0.8 * 0.4 && frame.progress < 1)
        #expect(frame.velocity == 0.08)
    }

    @Test func shutdownSaysGoodbyeToEveryClient() throws {
        let harness = try ServerHarness()
        let client = try TestClient(path: harness.path)
        try subscribe(client, #"{"id":1,"request":"subscribe"}"#)
        harness.stop()
        #expect(try client.readToEnd().last?.goodbye?.reason == .shutdown)
        #expect(access(harness.path, F_OK) != 0, "the socket file is removed")
    }

    @Test func tooManyClientsAreTurnedAway() throws {
        let harness = try ServerHarness(configuration: ServerConfiguration(maxClients: 2))
        defer { harness.stop() }
        let a = try TestClient(path: harness.path), b = try TestClient(path: harness.path)
        try a.hello(); try b.hello()
        let c = try TestClient(path: harness.path)
        #expect(try c.readToEnd().last?.goodbye?.reason == .tooManyClients)
        _ = try a.request(#"{"request":"sync"}"#)
    }
}
