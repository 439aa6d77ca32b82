// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionCore
import TransitionTestSupport

@Suite struct CancelTests {
    @Test func aClientCancelsAFingerDrivenTransition() throws {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 10, count: 7)
        #expect(try h.cancel("t") == 1)
        let ended = h.events.lastEnded!
        #expect(ended.outcome == .cancel && ended.reason == .client && ended.from == 0.6 && ended.to == 0)
        #expect(abs(ended.velocity - 10) < 1e-9)
        let count = h.events.count
        h.pan(dx: 10, count: 3)                         // the finger is ignored until it lifts
        h.end()
        #expect(h.events.count == count)
        h.advanceToDeadline()
        #expect(h.events.last!.completed == CompletedEvent(finished: false, progress: 0))
    }

    @Test func cancellingEverything() throws {
        var h = EngineHarness()
        h.begin(1)
        h.pan(1, dx: 30, count: 2)
        try h.trigger("swipe4-up")
        h.begin(2, .touch, fingers: 3)
        h.pan(2, dy: 10, count: 2)
        #expect(try h.cancel(nil, reason: .shutdown) == 3)
        #expect(h.events.compactMap(\.ended).filter { $0.reason == .shutdown }.count == 3)
        // already on their way back: nothing more to do
        #expect(try h.cancel(nil, reason: .shutdown) == 0)
    }

    @Test func aFinishingAnimationIsRedirected() throws {
        var h = EngineHarness(single())
        try h.trigger("t")
        try h.cancel("t", after: 50)
        #expect(h.events.map { "\($0.gesture):\($0.kind)" } == ["1:began", "1:ended", "1:ended"])
        let redirect = h.events[2].ended!
        #expect(redirect.outcome == .cancel && redirect.to == 0 && redirect.from > 0)
        #expect(redirect.velocity > 0)                  // still moving towards 1 when redirected
        h.advanceToDeadline()
        #expect(h.events.last!.completed == CompletedEvent(finished: false, progress: 0))
    }

    @Test func aPausedTransitionCancels() throws {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 10, count: 7)
        h.end(after: 200)
        h.hold(after: 10)
        #expect(try h.cancel("t") == 1)
        #expect(h.events.lastEnded!.from == h.events.last(where: { $0.kind == "paused" })!.paused!.progress)
        h.holdEnd(after: 10)                            // nothing left to resume
        #expect(h.events.last!.kind == "ended")
    }

    @Test func idleAndUnknown() throws {
        var h = EngineHarness(single())
        #expect(try h.cancel("t") == 0)
        #expect(throws: EngineError.self) { try h.cancel("x") }
        #expect(h.events.isEmpty)
    }
}
