// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TransitionCore
import TransitionProtocol
import TransitionServer

@Suite struct ServerRequestTests {
    @Test func helloComesFirstAndEveryRequestGetsOneReply() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let client = try TestClient(path: harness.path)
        let first = try client.next()
        #expect(first.seq == 1)
        guard case .hello(let hello) = first.message else { Issue.record("no hello: \(first)"); return }
        #expect(hello.protocolVersion == 1)
        #expect(hello.server == TransitiondVersion.serverName)
        #expect(hello.pid == getpid())
        #expect(hello.transitions.map(\.name) == ["workspace", "overview"])
        #expect(hello.limits == ServerLimits())

        let list = try client.request(#"{"id":1,"request":"list"}"#)
        #expect(list.before.isEmpty)
        #expect(list.reply.id == .int(1))
        guard case .success(.list(let listings)) = list.reply.result else { Issue.record("\(list.reply)"); return }
        #expect(listings.map(\.info.name) == ["workspace", "overview"])
        #expect(listings.allSatisfy { $0.state.phase == .idle })

        let status = try client.request(#"{"id":"s","request":"status"}"#)
        guard case .success(.status(let info)) = status.reply.result else { Issue.record("\(status.reply)"); return }
        #expect(status.reply.id == .string("s"))
        #expect(info.protocolVersion == 1)
        #expect(info.pid == getpid())
        #expect(info.devices.map(\.name) == ["Test Touchpad"])
        #expect(info.clients.count == 1)
        #expect(info.clients.first?.pid == getpid())
        #expect(info.clients.first?.uid == getuid())
        #expect(info.counters["gestures"] == 3)
        #expect(info.counters["clients_accepted"] == 1)
        #expect(info.transitions.count == 2)

        let sync = try client.request(#"{"id":3,"request":"sync"}"#)
        #expect(sync.reply == Reply(id: .int(3), request: "sync", result: .success(.synced)))
        #expect(client.received.compactMap(\.seq) == [2, 3, 4])
    }

    @Test func garbageGetsErrorRepliesAndTheConnectionStaysUsable() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let client = try TestClient(path: harness.path)
        try client.hello()
        let cases: [(String, ProtocolError.Code, RequestID?)] = [
            ("garbage", .invalidJSON, nil),
            ("[1,2]", .invalidJSON, nil),
            (#"{"id":1,"request":"explode"}"#, .unknownRequest, .int(1)),
            (#"{"id":2}"#, .invalidRequest, .int(2)),
            (#"{"id":3,"request":"trigger","transition":"nope"}"#, .unknownTransition, .int(3)),
            (#"{"id":4,"request":"subscribe","transitions":["nope"]}"#, .unknownTransition, .int(4)),
            (#"{"id":5,"request":"cancel","transition":"workspace","extra":1}"#, .invalidRequest, .int(5)),
            ("{\"id\":6,\"request\":\"list\"\u{0}}", .invalidJSON, nil),
        ]
        for (line, code, id) in cases {
            let (reply, _) = try client.request(line)
            guard case .failure(let error) = reply.result else { Issue.record("\(line) succeeded"); continue }
            #expect(error.code == code, "\(line): \(error)")
            #expect(reply.id == id, "\(line)")
            #expect(!error.message.isEmpty)
        }
        // Invalid UTF-8 and blank lines.
        client.sendRaw([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D, 0x0A, 0x0A, 0x20, 0x0A])
        let bad = try client.read { $0.reply != nil }.last!.reply!
        #expect(bad.id == nil)
        // Still usable, and blank lines got no reply.
        let (sync, before) = try client.request(#"{"id":99,"request":"sync"}"#)
        #expect(before.isEmpty)
        #expect(sync.id == .int(99))
        let stats = try client.request(#"{"request":"status"}"#).reply
        guard case .success(.status(let status)) = stats.result else { Issue.record("\(stats)"); return }
        #expect(status.counters["request_errors"] == UInt64(cases.count + 1))
    }

    @Test func theServersFrameRateLimitHolds() throws {
        let harness = try ServerHarness(configuration: ServerConfiguration(limits: ServerLimits(maxFrameRate: 120)))
        defer { harness.stop() }
        let client = try TestClient(path: harness.path)
        #expect(try client.hello().limits?.maxFrameRate == 120)
        let (reply, _) = try client.request(#"{"id":1,"request":"subscribe","frame_rate":240}"#)
        #expect(reply.result == .failure(ProtocolError(.invalidRequest, #""frame_rate" must be at most 120 on this server, got 240"#, id: .int(1))))
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let client = try TestClient(path: harness.path)
        try client.hello()
        client.send((1...50).map { #"{"id":\#($0),"request":"sync"}"# }.joined(separator: "\n") + "\n")
        var ids: [RequestID?] = []
        for _ in 1...50 { ids.append(try client.next().reply?.id) }
        #expect(ids == (1...50).map { RequestID.int(Int64($0)) })
    }

    @Test func triggerStreamsTheRunThenRepliesWithItsGesture() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let watcher = try TestClient(path: harness.path)
        try watcher.hello()
        _ = try watcher.request(#"{"id":1,"request":"subscribe","transitions":["overview"]}"#)
        _ = try watcher.next() // snapshot

        let client = try TestClient(path: harness.path)
        try client.hello()
        _ = try client.request(#"{"id":1,"request":"subscribe"}"#)
        _ = try client.next()
        let (reply, before) = try client.request(
            #"{"id":2,"request":"trigger","transition":"overview","reverse":true,"duration":0.5,"animation":{"type":"curve","curve":"linear"}}"#)
        guard case .success(.triggered(let gesture?)) = reply.result else { Issue.record("\(reply)"); return }
        #expect(before.compactMap(\.transitionEvent).map(\.payload.kind) == [.began, .ended])
        #expect(before.compactMap(\.transitionEvent).allSatisfy { $0.gesture == gesture && $0.transition == "overview" })
        guard case .began(let began) = before.first?.transitionEvent?.payload else { Issue.record("no began"); return }
        #expect(began.origin == .trigger(reverse: true))
        #expect(began.interactive == false)
        guard case .ended(let ended) = before.last?.transitionEvent?.payload else { Issue.record("no ended"); return }
        #expect(ended.reason == .trigger)
        #expect(ended.animation == .curve(CurveAnimation(from: 1, to: 0, curve: .linear, duration: 0.5)))

        // The other subscriber saw the same run; then cancel it.
        let seen = try watcher.read { $0.transitionEvent?.payload.kind == .ended }
        #expect(seen.compactMap(\.transitionEvent).map(\.gesture) == [gesture, gesture])
        let (cancel, cancelEvents) = try client.request(#"{"id":3,"request":"cancel","transition":"overview"}"#)
        #expect(cancel.result == .success(.cancelled(count: 1)))
        #expect(cancelEvents.compactMap(\.transitionEvent).map(\.payload.kind) == [.ended, .completed])
        let (none, _) = try client.request(#"{"id":4,"request":"cancel"}"#)
        #expect(none.result == .success(.cancelled(count: 0)))
    }

    @Test func subscribeIsFollowedByASnapshotOfTransitionsInFlight() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let ended = EndedEvent(outcome: .finish, reason: .velocity, from: 0.7, to: 1, velocity: 3,
                               animation: .spring(SpringAnimation(from: 0.7, to: 1, initialVelocity: 3, parameters: .default)))
        harness.onLoop { context in
            context.delegate.states["overview"] = TransitionState(name: "overview", phase: .animating, gesture: 42, progress: 0.8,
                                                                  velocity: 2, ended: ended, endedAtUs: 1234)
        }
        let client = try TestClient(path: harness.path)
        try client.hello()
        let (reply, _) = try client.request(#"{"id":1,"request":"subscribe","transitions":["overview"]}"#)
        #expect(reply.result == .success(.subscribed))
        let snapshot = try #require(try client.next().snapshot)
        #expect(snapshot.transitions == [TransitionState(name: "overview", phase: .animating, gesture: 42, progress: 0.8,
                                                         velocity: 2, ended: ended, endedAtUs: 1234)])
    }
}
