// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionClient
import TransitionCore
import TransitionProtocol

@Suite struct TransitionClientTests {
    /// The next event, skipping messages `skip` rejects.
    func next(_ iterator: inout AsyncStream<TransitionClient.Event>.Iterator,
              where predicate: (TransitionClient.Event) -> Bool = { _ in true }) async throws -> TransitionClient.Event {
        while let event = await iterator.next() {
            if predicate(event) { return event }
        }
        throw TestFailure("event stream ended")
    }

    func isSnapshot(_ event: TransitionClient.Event) -> Bool {
        if case .message(let m) = event, case .snapshot = m.message { true } else { false }
    }

    @Test func streamsEventsAndAnswersConcurrentRequests() async throws {
        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let harness = try ClientHarness(path: "\(directory)/t.sock")
        defer { harness.stop() }
        let client = TransitionClient(options: .init(socketPath: harness.path, subscription: Subscription(transitions: ["workspace"])))
        defer { client.close() }
        var events = client.events.makeAsyncIterator()
        guard case .connected(let hello) = try await next(&events) else { Issue.record("not connected first"); return }
        #expect(hello.transitions.map(\.name) == ["workspace", "overview"])
        _ = try await next(&events, where: isSnapshot)

        // Many requests at once from many tasks: each gets its own reply.
        let results = try await withThrowingTaskGroup(of: ReplyResult.self) { group in
            for _ in 0..<20 { group.addTask { try await client.request(.sync) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 20 && results.allSatisfy { $0 == .synced })

        // A trigger's events arrive on the stream; its reply names the gesture.
        let reply = try await client.request(.trigger(TriggerRequest(transition: "workspace")))
        guard case .triggered(let gesture?) = reply else { Issue.record("\(reply)"); return }
        var tracker = TransitionTracker(transition: "workspace")
        while true {
            guard case .message(let m) = try await next(&events) else { continue }
            tracker.apply(m.message)
            if case .transition(let e) = m.message, case .ended = e.payload { break }
        }
        #expect(tracker.gesture == gesture)
        #expect(tracker.phase == .animating)
        #expect(tracker.progress(atUs: tracker.animation!.endUs) == 1)

        // Errors come back typed.
        await #expect(throws: ClientError.rejected(ProtocolError(.unknownTransition, "no transition named \"nope\" (configured: workspace, overview)"))) {
            try await client.request(.trigger(TriggerRequest(transition: "nope")))
        }
    }

    @Test func followsTheListOfTransitionsAcrossAReload() async throws {
        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let harness = try ClientHarness(path: "\(directory)/t.sock")
        defer { harness.stop() }
        let client = TransitionClient(options: .init(socketPath: harness.path, subscription: Subscription()))
        defer { client.close() }
        var events = client.events.makeAsyncIterator()
        _ = try await next(&events, where: isSnapshot)
        #expect(client.transitions.map(\.name) == ["workspace", "overview"])
        harness.setTransitions(["workspace", "launcher"])
        let event = try await next(&events) { event in
            if case .message(let m) = event, case .transitionsChanged = m.message { true } else { false }
        }
        guard case .message(let m) = event, case .transitionsChanged(let changed) = m.message else { return }
        #expect(changed.transitions.map(\.name) == ["workspace", "launcher"])
        #expect(client.transitions.map(\.name) == ["workspace", "launcher"])
    }

    @Test func reconnectsWithBackoffAndResubscribes() async throws {
        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/t.sock"
        let client = TransitionClient(options: .init(socketPath: path, subscription: Subscription(), initialBackoff: 0.01, maxBackoff: 0.05))
        defer { client.close() }
        var events = client.events.makeAsyncIterator()
        // No server yet: one disconnected report, then silence while it retries.
        guard case .disconnected(.unreachable) = try await next(&events) else { Issue.record("expected unreachable"); return }

        let first = try ClientHarness(path: path)
        guard case .connected = try await next(&events) else { Issue.record("not connected"); return }
        _ = try await next(&events, where: isSnapshot)
        first.stop()
        let bye = try await next(&events) { if case .message = $0 { false } else { true } }
        guard case .disconnected(.disconnected(let goodbye)) = bye else { Issue.record("\(bye)"); return }
        #expect(goodbye?.reason == .shutdown)

        let second = try ClientHarness(path: path)
        defer { second.stop() }
        guard case .connected = try await next(&events) else { Issue.record("did not reconnect"); return }
        _ = try await next(&events, where: isSnapshot) // re-subscribed by itself
        second.publish([TransitionEvent(transition: "overview", gesture: 1, timeUs: 1, payload: .paused(PausedEvent(progress: 0.5)))])
        let paused = try await next(&events) { if case .message(let m) = $0, case .transition = m.message { true } else { false } }
        guard case .message(let m) = paused, case .transition(let e) = m.message else { return }
        #expect(e.payload == .paused(PausedEvent(progress: 0.5)))
    }

    @Test func declaresAgainAfterReconnectingAtTheLastPage() async throws {
        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/t.sock"
        let first = try ClientHarness(path: path)        // listening before the client's first try
        let client = TransitionClient(options: .init(socketPath: path, subscription: Subscription(), initialBackoff: 0.01, maxBackoff: 0.05))
        defer { client.close() }
        var events = client.events.makeAsyncIterator()
        guard case .connected = try await next(&events) else { Issue.record("not connected"); return }
        let owned = try await client.declare(DeclareRequest(transition: "workspaces", gestures: ["swipe3-left"], pages: 4, page: 1))
        #expect(owned == ["swipe3-left", "swipe3-right"])
        try await client.declare(DeclareRequest(transition: "gone", gestures: ["swipe4-up"]))
        try await client.withdraw("gone")
        first.publish([TransitionEvent(transition: "workspaces", gesture: 1, timeUs: 1,
                                       payload: .completed(CompletedEvent(finished: true, progress: 2)))])
        _ = try await next(&events) { if case .message(let m) = $0, case .transition = m.message { true } else { false } }
        first.stop()
        _ = try await next(&events) { if case .disconnected = $0 { true } else { false } }

        let second = try ClientHarness(path: path)
        defer { second.stop() }
        guard case .connected = try await next(&events) else { Issue.record("did not reconnect"); return }
        _ = try await next(&events, where: isSnapshot)   // the declaration went before the subscription
        let declared = second.declared()
        #expect(declared.map(\.0) == ["workspaces"] && declared.first?.1 == Pages(count: 4, current: 2))
    }

    @Test func requestsFailWhenNotConnectedAndAfterClose() async throws {
        let client = TransitionClient(options: .init(socketPath: "/nonexistent/t.sock", reconnect: false))
        var events = client.events.makeAsyncIterator()
        guard case .disconnected(.unreachable(let attempts)) = try await next(&events) else { Issue.record("expected unreachable"); return }
        #expect(attempts.map(\.path) == ["/nonexistent/t.sock"])
        let end = await events.next()
        #expect(end == nil, "without reconnect the stream ends")
        await #expect(throws: ClientError.closed) { try await client.request(.sync) }
    }
}
