// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
@testable import TransitionCore
import TransitionTestSupport

/// `hold3` drives "h" (0.5 s), `swipe3-right` drives "s" (100 units), `touchhold1` drives "lp".
private func holdConfiguration(delay: Double = SourceDefaults.holdDelay) -> EngineConfiguration {
    EngineConfiguration(
        transitions: [TransitionSpec(name: "h"), TransitionSpec(name: "s", distance: Distance(100, .units)),
                      TransitionSpec(name: "lp")],
        bindings: [Binding(source: .swipe, fingers: 3, direction: .right, transition: "s")],
        holds: [HoldBinding(source: .hold, fingers: 3, transition: "h"),
                HoldBinding(source: .touchHold, fingers: 1, transition: "lp")],
        holdDelay: delay)
}

/// Advances deadline by deadline up to `ms` (the daemon's loop does this with its timer).
private func run(_ h: inout EngineHarness, to ms: Double) {
    while let d = h.engine.nextDeadlineUs, Double(d) / 1000 <= ms { h.advanceToDeadline() }
    h.advance(to: ms)
}

@Suite struct HoldTests {
    @Test func aHoldBeginsAfterTheDelayFillsAndFinishesWithTheFingersDown() throws {
        var h = EngineHarness(holdConfiguration())
        h.hold(at: 0)
        #expect(h.engine.nextDeadlineUs == 200_000)             // nothing before the delay
        run(&h, to: 199)
        #expect(h.events.isEmpty)
        run(&h, to: 1000)
        let events = h.take()
        #expect(events.shape == ["began", "updated*", "ended", "completed"])
        let began = try #require(events.first?.began)
        #expect(began.direction == nil && began.interactive)
        #expect(began.origin == .gesture(source: .hold, fingers: 3, device: DeviceID(1)))
        let first = try #require(events.first { $0.updated != nil })
        #expect(first.timeUs == 200_000 && abs(first.updated!.progress - 0.4) < 1e-9)   // where the time held puts it
        let ended = try #require(events.lastEnded)
        #expect(ended.outcome == .finish && ended.reason == .held && ended.to == 1)
        #expect(events.last { $0.updated != nil }?.updated?.progress == 1)
        #expect(events.first { $0.ended != nil }?.timeUs == 500_000)   // at the duration, not at the lift
        #expect(h.engine.nextDeadlineUs == nil)                  // idle while the fingers rest on
        h.holdEnd(after: 0)
        #expect(h.take().isEmpty)                                // the lift adds nothing
    }

    @Test func updatesComeAtTheFrameRate() {
        var h = EngineHarness(holdConfiguration())
        h.hold(at: 0)
        run(&h, to: 300)
        let times = h.take().filter { $0.updated != nil }.map(\.timeUs)
        // 200 ms, then every 1/60 s: 216 666, 233 332, … up to 300 ms.
        #expect(times.first == 200_000 && times.count == 7)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 16_666 })
    }

    @Test func liftingEarlyCancels() throws {
        var h = EngineHarness(holdConfiguration())
        h.hold(at: 0)
        run(&h, to: 300)
        h.holdEnd(after: 0)
        let ended = try #require(h.events.lastEnded)
        #expect(ended.outcome == .cancel && ended.reason == .release && abs(ended.from - 0.6) < 1e-9 && ended.to == 0)
        run(&h, to: 2000)
        #expect(h.events.shape == ["began", "updated*", "ended", "completed"])
        #expect(h.engine.nextDeadlineUs == nil)
    }

    @Test func aTapBeginsNoHold() {
        var h = EngineHarness(holdConfiguration())
        h.hold(at: 0)
        h.holdEnd(after: 150)
        run(&h, to: 2000)
        #expect(h.events.isEmpty && h.engine.nextDeadlineUs == nil)
    }

    @Test func aTwistsOpeningHoldBeginsNoHold() {
        // libinput: a two-finger hold about 40 ms in, cancelled, then the pinch.
        var config = holdConfiguration()
        config.holds.append(HoldBinding(source: .hold, fingers: 2, transition: "lp"))
        var h = EngineHarness(config)
        h.hold(fingers: 2, at: 40)
        h.holdEnd(cancelled: true, after: 1)
        h.begin(1, .pinch, fingers: 2, after: 0)
        h.move(dx: 0.01, after: 10)
        run(&h, to: 2000)
        #expect(h.events.isEmpty)
    }

    @Test func aHoldThatCatchesAnAnimationStaysACatch() throws {
        var h = EngineHarness(holdConfiguration())
        h.begin(at: 0)
        h.pan(dx: 10, count: 8)
        h.end(after: 10)
        #expect(h.state("s").phase == .animating)
        h.hold(after: 10)
        #expect(h.take().last?.paused != nil)
        run(&h, to: 2000)
        #expect(!h.events.contains { $0.transition == "h" })      // the catch wins
        h.holdEnd(after: 0)
        #expect(h.events.lastEnded != nil && h.events.allSatisfy { $0.transition == "s" })
    }

    @Test func aRunningHoldThatMovesCancelsWhenThePanLocks() throws {
        var h = EngineHarness(holdConfiguration())
        h.hold(at: 0)
        run(&h, to: 300)
        h.holdEnd(cancelled: true, after: 0)
        h.begin(after: 0)
        h.move(dx: 5, after: 10)                                  // below the slop: still a hold
        run(&h, to: 320)
        #expect(h.state("h").phase == .interactive)
        h.move(dx: 20, after: 10)                                 // past the slop: the pan locks
        let events = h.take()
        let cancel = try #require(events.first { $0.ended != nil })
        #expect(cancel.transition == "h" && cancel.ended?.outcome == .cancel && cancel.ended?.reason == .moved)
        #expect(events.contains { $0.transition == "s" && $0.began != nil })
    }

    @Test func aClientCancelOfARunningHoldLeavesTheFingersRestingOnNothing() throws {
        var h = EngineHarness(holdConfiguration())
        h.hold(at: 0)
        run(&h, to: 300)
        try h.cancel("h")
        #expect(h.events.lastEnded?.reason == .client)
        run(&h, to: 3000)
        h.holdEnd(after: 0)
        #expect(h.events.filter { $0.ended != nil }.count == 1)
        #expect(h.engine.nextDeadlineUs == nil)
    }

    @Test func aTouchscreenLongPressStartsOverWhenItsFingersChange() throws {
        var config = holdConfiguration()
        config.holds.append(HoldBinding(source: .touchHold, fingers: 2, transition: "h"))
        var h = EngineHarness(config)
        h.hold(fingers: 1, source: .touchHold, at: 0)
        h.hold(fingers: 2, source: .touchHold, after: 100)
        run(&h, to: 1000)
        let began = try #require(h.events.first?.began)
        #expect(h.events.first?.transition == "h" && h.events.first?.timeUs == 300_000)
        #expect(began.origin == .gesture(source: .touchHold, fingers: 2, device: DeviceID(1)))
        #expect(h.events.lastEnded?.reason == .held)
        #expect(!h.events.contains { $0.transition == "lp" })
    }

    @Test func aBusyTransitionIsNotTakenOver() throws {
        var h = EngineHarness(holdConfiguration())
        try h.trigger("h", duration: 5)
        h.hold(2, after: 0)
        run(&h, to: 1000)
        #expect(h.events.compactMap(\.began).count == 1)          // only the trigger's
    }

    @Test func aReloadThatDropsTheTransitionEndsTheHold() throws {
        var h = EngineHarness(holdConfiguration())
        h.hold(at: 0)
        run(&h, to: 300)
        try h.engine.reconfigure(EngineConfiguration(transitions: [TransitionSpec(name: "s")], bindings: []),
                                 nowUs: 300_000) { h.events.append($0) }
        #expect(h.events.lastEnded?.reason == .shutdown)
        run(&h, to: 2000)
        #expect(h.engine.nextDeadlineUs == nil)
    }

    // MARK: Properties

    /// A hold's progress never goes down, stays in [0, 1], and the hold begins no earlier than the delay.
    @Test func progressIsMonotonicInTime() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...40).array(of: 1...60), Gen.int(in: 0...400)) { steps, delayMs in
            var h = EngineHarness(holdConfiguration(delay: Double(delayMs) / 1000))
            h.hold(at: 0)
            var t = 0.0
            for s in steps { t += Double(s); h.advance(to: t) }
            let progress = h.events.compactMap(\.updated).map(\.progress)
            #expect(zip(progress, progress.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(progress.allSatisfy { (0...1).contains($0) })
            if let began = h.events.first { #expect(began.timeUs >= UInt64(delayMs) * 1000) }
        }
    }

    /// A tap (lifted before the delay) or a swipe (moving before the delay) never begins a hold.
    @Test func aTapOrASwipeNeverBeginsAHold() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...199), Gen.bool, Gen.int(in: 1...30)) { restMs, swipe, moves in
            var h = EngineHarness(holdConfiguration())
            h.hold(at: 0)
            if swipe {
                h.holdEnd(cancelled: true, after: Double(restMs))
                h.begin(after: 0)
                h.pan(dx: 6, count: moves)
                h.end(after: 10)
            } else {
                h.holdEnd(after: Double(restMs))
            }
            run(&h, to: 3000)
            #expect(!h.events.contains { $0.transition == "h" })
        }
    }

    /// Whatever the hold did first, the pan that follows drives its transition exactly as the
    /// same pan would without the hold: no travel lost.
    @Test func aMovingHoldHandsOverToThePanWithoutLosingTravel() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...700), Gen.double(in: -12...12).array(of: 3...30)) { restMs, dxs in
            func pan(after hold: Bool) -> [UpdatedEvent] {
                var h = EngineHarness(holdConfiguration())
                if hold {
                    h.hold(at: 0)
                    run(&h, to: Double(restMs))
                    h.holdEnd(cancelled: true, after: 0)
                }
                h.begin(at: Double(restMs))
                for dx in dxs { h.move(dx: dx, after: 8) }
                h.end(after: 8)
                return h.events.filter { $0.transition == "s" }.compactMap(\.updated)
            }
            #expect(pan(after: true) == pan(after: false))
        }
    }
}
