// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionCore
import TransitionTestSupport

@Suite struct CatchTests {
    /// A released gesture animating to 1 from 0.6.
    func finishing(_ c: EngineConfiguration = single()) -> EngineHarness {
        var h = EngineHarness(c)
        h.begin(at: 0)
        h.pan(dx: 10, count: 6)
        h.end(after: 200)
        return h
    }

    @Test func aNewTouchOnTheSameDevicePausesAndContinues() {
        var h = finishing()
        let ended = h.events.lastEnded!
        let endedAt = h.events.last!.timeUs
        h.begin(after: 50)
        let expected = ended.animation.value(at: 0.05)
        #expect(h.events.last!.paused == PausedEvent(progress: expected))
        #expect(h.state("t").phase == .paused && h.state("t").progress == expected)
        #expect(h.engine.nextDeadlineUs == nil)
        h.move(dx: 17)                                  // locks: continues from the caught value
        let u = h.events.lastUpdated!
        #expect(abs(u.rawProgress - (expected + 0.17)) < 1e-12)
        #expect(h.events.last!.gesture == 1)
        h.end(after: 200)
        h.advanceToDeadline()
        #expect(h.events.shape == ["began", "updated*", "ended", "paused", "updated*", "ended", "completed"])
        #expect(Set(h.events.map(\.gesture)) == [1])
        #expect(h.events.last!.completed!.finished)
        #expect(endedAt > 0)
    }

    @Test func theCatchKeepsTheOriginalCancelPoint() {
        var h = finishing()
        h.begin(after: 30)
        let caught = h.events.last!.paused!.progress
        #expect(caught > 0.6)
        h.pan(dx: -10, count: 6)                        // back below halfway
        h.end(after: 200)
        let ended = h.events.lastEnded!
        #expect(ended.outcome == .cancel && ended.to == 0)
        #expect(ended.from < 0.5)
        h.advanceToDeadline()
        #expect(h.events.last!.completed == CompletedEvent(finished: false, progress: 0))
    }

    @Test func aHoldThatLiftsWithoutMovingDecidesFromThePausedValue() {
        var h = finishing()
        h.hold(after: 20)
        let value = h.events.last!.paused!.progress
        h.holdEnd(after: 500)
        let ended = h.events.lastEnded!
        #expect(ended.from == value && ended.velocity == 0 && ended.reason == .release)
        #expect(ended.outcome == .finish)
        #expect(ended.animation == CompletionStyle.default.animation(from: value, to: 1, velocity: 0))
        #expect(h.events.shape == ["began", "updated*", "ended", "paused", "ended"])
    }

    @Test func aHoldOnACancellingAnimationBelowHalfwayCancels() {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 10, count: 4)
        h.end(after: 200)                               // cancels from 0.4
        h.hold(after: 10)
        h.holdEnd(after: 10)
        #expect(h.events.lastEnded!.outcome == .cancel && h.events.lastEnded!.to == 0)
    }

    @Test func aTapResumes() {
        var h = finishing()
        h.begin(after: 20)
        h.end(after: 50)
        #expect(h.events.shape == ["began", "updated*", "ended", "paused", "ended"])
        #expect(h.events.lastEnded!.outcome == .finish)
    }

    @Test func aHoldTurningIntoAPanCarriesTheCatchOver() {
        var h = finishing()
        h.hold(after: 20)
        h.holdEnd(cancelled: true, after: 30)
        #expect(h.engine.nextDeadlineUs != nil)         // the hand-off deadline
        h.begin(after: 0)
        h.move(dx: 20)
        #expect(h.events.shape == ["began", "updated*", "ended", "paused", "updated*"])
        #expect(h.engine.nextDeadlineUs == nil)
    }

    @Test func aCancelledHoldWithNoPanResumesAfterTheHandOff() {
        var h = finishing()
        h.hold(after: 20)
        h.holdEnd(cancelled: true, after: 30)
        let deadline = h.engine.nextDeadlineUs!
        #expect(deadline == h.events.last!.timeUs + TransitionEngine.holdHandoffUs + 30_000)
        h.advanceToDeadline()
        #expect(h.events.last!.kind == "ended")
        #expect(h.state("t").phase == .animating)
    }

    @Test func anotherDeviceDoesNotCatch() {
        var h = finishing()
        h.begin(2, after: 20)
        h.hold(3, after: 5)
        #expect(!h.events.kinds.contains("paused"))
        h.pan(2, dx: 20, count: 3)                      // the transition is busy: passes through
        #expect(h.events.last!.kind == "ended")
        #expect(h.state("t").phase == .animating)
    }

    @Test func catchingAndPanningElsewhereResumesTheCaughtOne() {
        var h = EngineHarness()                         // standard
        h.begin()
        h.pan(dx: 30, count: 8)                         // swipe3-right 0.6
        h.end(after: 200)
        h.begin(after: 20)
        h.pan(dy: -30, count: 2)                        // swipe3-up
        let kinds = h.events.filter { $0.kind != "updated" }.map { "\($0.transition):\($0.kind)" }
        #expect(kinds == ["swipe3-right:began", "swipe3-right:ended", "swipe3-right:paused", "swipe3-right:ended",
                          "swipe3-up:began"])
        #expect(h.events.first { $0.transition == "swipe3-up" }!.gesture == 2)
    }

    @Test func aPanAgainstTheCaughtDirectionDrivesItBack() {
        var h = EngineHarness()                         // swipe3-left is bound to another transition
        h.begin()
        h.pan(dx: 30, count: 8)
        h.end(after: 200)
        h.begin(after: 20)
        let caught = h.events.last!.paused!.progress
        h.move(dx: -20)
        #expect(h.events.last!.transition == "swipe3-right")
        #expect(abs(h.events.lastUpdated!.rawProgress - (caught - 20.0 / 400)) < 1e-12)
    }

    @Test func aLateTouchFindsTheAnimationCompleted() {
        var h = finishing()
        let deadline = h.engine.nextDeadlineUs!
        h.begin(at: Double(deadline) / 1000 + 100)      // the timer was late: complete, don't catch
        #expect(h.events.shape == ["began", "updated*", "ended", "completed"])
        #expect(h.events.last!.timeUs == deadline)
    }

    @Test func triggerRunsCannotBeCaughtByTouch() throws {
        var h = EngineHarness(single())
        try h.trigger("t")
        h.begin(after: 10)
        h.hold(after: 10)
        #expect(!h.events.kinds.contains("paused"))
    }

    @Test func aPausedTransitionIsBusyForTriggers() {
        var h = finishing()
        h.hold(after: 10)
        #expect(throws: EngineError("transition 't' is busy: a touch on device1 has caught it")) { try h.trigger("t") }
    }
}
