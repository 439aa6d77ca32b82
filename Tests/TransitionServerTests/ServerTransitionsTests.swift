// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
import TransitionProtocol
import TransitionServer

/// `transitions_changed` (TransitionServer+Transitions.swift).
@Suite struct ServerTransitionsTests {
    @Test func aChangedListGoesToEveryConnectedClientOnce() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let subscriber = try TestClient(path: harness.path)
        try subscriber.hello()
        _ = try subscriber.request(#"{"id":1,"request":"subscribe","transitions":["workspace"]}"#)
        #expect(try subscriber.next().snapshot != nil)
        let idle = try TestClient(path: harness.path)
        try idle.hello()

        // A reload that changes nothing clients see sends nothing.
        let unchanged = harness.onLoop { context in
            context.server.transitionsChanged(from: ScriptedDelegate.standardTransitions)
        }
        #expect(!unchanged)

        let new = [ScriptedDelegate.standardTransitions[0],
                   TransitionInfo(name: "launcher", bindings: [BindingInfo(source: .pinch, fingers: 4, direction: .in)],
                                  triggerDuration: 0.5, frameRate: 120)]
        let sent = harness.onLoop { context in
            let before = context.delegate.infos
            context.delegate.infos = new
            return context.server.transitionsChanged(from: before)
        }
        #expect(sent)
        for client in [subscriber, idle] {
            let (_, before) = try client.request(#"{"id":9,"request":"sync"}"#)
            #expect(before.count == 1)
            guard case .transitionsChanged(let changed)? = before.first?.message else {
                Issue.record("expected transitions_changed, got \(before)"); continue
            }
            #expect(changed.transitions == new)
        }
        // A client connecting now has the new list in its hello, and nothing more comes.
        let late = try TestClient(path: harness.path)
        #expect(try late.hello().transitions == new)
        #expect(try late.request(#"{"id":9,"request":"sync"}"#).before.isEmpty)
    }

    @Test func aRedefinedTransitionCountsAsAChange() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let client = try TestClient(path: harness.path)
        try client.hello()
        var redefined = ScriptedDelegate.standardTransitions
        redefined[1].triggerDuration = 0.5
        let sent = harness.onLoop { [redefined] context in
            context.delegate.infos = redefined
            return context.server.transitionsChanged(from: ScriptedDelegate.standardTransitions)
        }
        #expect(sent)
        let (_, before) = try client.request(#"{"id":9,"request":"sync"}"#)
        #expect(before.map(\.message) == [.transitionsChanged(TransitionsChanged(timeUs: before.first.flatMap {
            if case .transitionsChanged(let c) = $0.message { c.timeUs } else { nil }
        } ?? 0, transitions: redefined))])
    }
}
