// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionCore
import TransitionTestSupport

/// Before the machine sleeps every transition in flight ends at once (reason `suspend`): none
/// animates, and nothing resumes after the sleep.
@Suite struct SleepTests {
    @Test func aHeldGestureEndsAsACancelAtOnceAndCompletes() {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 10, count: 7)
        let n = h.engine.endAtOnce(reason: .suspend, nowUs: EngineHarness.us(h.nowMs)) { h.events.append($0) }
        #expect(n == 1)
        #expect(h.events.suffix(2).map(\.kind) == ["ended", "completed"])
        let ended = h.events.lastEnded!
        #expect(ended.outcome == .cancel && ended.reason == .suspend && ended.from == 0.6 && ended.to == 0)
        #expect(ended.animation == .none(to: 0))
        #expect(h.events.last!.completed == CompletedEvent(finished: false, progress: 0))
        #expect(h.engine.nextDeadlineUs == nil)
        #expect(h.state("t").phase == .idle)
    }

    @Test func animationsCompleteAtTheirTargetWithoutASecondEnded() throws {
        var h = EngineHarness()
        h.begin(1)
        h.pan(1, dx: 30, count: 8)
        h.end(1, after: 200)                            // swipe3-right finishing
        try h.trigger("swipe4-up")
        let endedBefore = h.events.compactMap(\.ended).count
        #expect(h.engine.endAtOnce(reason: .suspend, nowUs: EngineHarness.us(h.nowMs + 10)) { h.events.append($0) } == 0)
        #expect(h.events.compactMap(\.ended).count == endedBefore)
        let completed = h.events.compactMap(\.completed)
        #expect(completed.count == 2 && completed.allSatisfy(\.finished))
        #expect(h.engine.nextDeadlineUs == nil)
    }

    @Test func aGestureStartedAfterTheSleepDrivesAgain() {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 10, count: 3)
        h.engine.endAtOnce(reason: .suspend, nowUs: EngineHarness.us(h.nowMs)) { h.events.append($0) }
        h.nowMs += 5000
        h.begin(at: h.nowMs)
        h.pan(dx: 10, count: 12)
        h.end(after: 200)
        h.advanceToDeadline()
        var grammar = EventGrammar()
        grammar.check(h.events)
        #expect(grammar.problems.isEmpty)
        #expect(h.events.last!.completed?.finished == true)
    }
}
