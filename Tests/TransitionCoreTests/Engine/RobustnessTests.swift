// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionCore
import TransitionTestSupport

@Suite struct RobustnessTests {
    @Test func nonFiniteDeltasAreDropped() {
        var h = EngineHarness(single())
        h.begin()
        h.move(dx: .nan)
        h.move(dx: .infinity, dy: 3)
        #expect(h.events.isEmpty)
        h.move(dx: 20)
        h.move(dx: .nan)
        h.move(dx: -.infinity)
        #expect(h.events.kinds == ["began", "updated"])
        #expect(h.state("t").progress == 0.2)
    }

    @Test func timeGoingBackwardsIsClamped() {
        var h = EngineHarness(single())
        h.begin(at: 100)
        h.move(dx: 20, after: 10)                       // 110
        h.nowMs = 50
        h.move(dx: 20, after: 0)                        // 50: taken as 110
        h.move(dx: 20, after: 5)                        // 55: still 110
        h.nowMs = 120
        h.move(dx: 20, after: 0)
        let times = h.events.map(\.timeUs)
        #expect(times == times.sorted())
        #expect(times.allSatisfy { $0 >= 110_000 })
        #expect(h.events.allSatisfy { $0.updated.map { $0.velocity.isFinite && $0.velocity >= 0 } ?? true })
        h.nowMs = 0
        h.end()
        #expect(h.events.last!.timeUs == 120_000)
        // advance and trigger clamp too
        h.advance(to: 1)
        #expect(h.engine.clockUs == 120_000)
    }

    @Test func aHugeGapBeforeTheReleaseMeansStandingStill() {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 5, count: 10, every: 5)               // fast, 0.35
        h.end(after: 60_000)
        #expect(h.events.lastEnded!.velocity == 0)
        #expect(h.events.lastEnded!.reason == .release && h.events.lastEnded!.outcome == .cancel)
    }

    @Test func aHugeGapInTheMiddleRestartsTheVelocityWindow() {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 20, count: 3)
        h.move(dx: 10, after: 3_600_000)
        #expect(h.events.lastUpdated!.velocity == 0)
        #expect(abs(h.events.lastUpdated!.rawProgress - 0.7) < 1e-12)
    }

    @Test func inputWithoutABeginIsIgnored() {
        var h = EngineHarness(single())
        h.move(dx: 100)
        h.end()
        h.end(cancel: .libinput)
        h.holdEnd()
        h.holdEnd(cancelled: true)
        #expect(h.events.isEmpty)
        #expect(h.engine.nextDeadlineUs == nil)
    }

    @Test func aSingleSampleDecidesByPosition() {
        var h = EngineHarness(single())
        h.begin()
        h.move(dx: 70)
        h.end()
        #expect(h.events.lastEnded!.velocity == 0)
        #expect(h.events.lastEnded!.outcome == .finish && h.events.lastEnded!.reason == .release)
    }

    @Test func absurdMovementsStayFinite() {
        var h = EngineHarness(single())
        h.begin()
        h.move(dx: 1e300)
        h.move(dx: 1e300)
        h.move(dx: Double.greatestFiniteMagnitude, after: 0)
        let u = h.events.lastUpdated!
        #expect(u.rawProgress == Drive.progressLimit)
        #expect(u.progress.isFinite && u.progress <= 1.05)
        #expect(u.velocity.isFinite)
        h.end()
        let ended = h.events.lastEnded!
        #expect(ended.from.isFinite && ended.velocity.isFinite)
        #expect(ended.animation.duration.isFinite)
        h.advanceToDeadline()
        #expect(h.events.last!.completed == CompletedEvent(finished: true, progress: 1))
        // and back the other way
        h.begin(after: 1)
        h.move(dx: -1e300)
        #expect(h.state("t").phase == .idle || h.events.lastUpdated!.rawProgress >= -Drive.progressLimit)
    }

    @Test func timesNearTheEndOfTheClock() throws {
        var h = EngineHarness(single())
        let late = UInt64.max - 1000
        try h.engine.trigger("t", nowUs: late) { h.events.append($0) }
        #expect(h.engine.nextDeadlineUs == .max)
        h.engine.advance(toUs: .max) { h.events.append($0) }
        #expect(h.events.last!.completed != nil)
    }

    @Test func zeroFingersAndOddSourcesJustPassThrough() {
        var h = EngineHarness(single())
        h.begin(fingers: 0)
        h.pan(dx: 20, count: 5)
        h.end()
        h.begin(fingers: -3)
        h.pan(dx: 20, count: 5)
        h.end()
        #expect(h.events.isEmpty)
    }
}
