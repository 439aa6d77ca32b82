// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionCore
import TransitionTestSupport

@Suite struct GestureLifecycleTests {
    @Test func nothingHappensBeforeTheSlop() {
        var h = EngineHarness(single())
        h.begin()
        h.move(dx: 10)
        #expect(h.events.isEmpty)
        #expect(h.state("t").phase == .idle)
        h.move(dx: 7)                                  // 17 ≥ 16: locks
        #expect(h.events.kinds == ["began", "updated"])
        let began = h.events[0].began!
        #expect(began.origin == .gesture(source: .swipe, fingers: 3, device: DeviceID(1)))
        #expect(began.direction == .right && began.from == 0 && began.interactive)
        // the locking sample counts, the slop before it does not
        #expect(h.events[1].updated!.rawProgress == 0.07)
        #expect(h.events.allSatisfy { $0.gesture == 1 && $0.transition == "t" })
    }

    @Test func theSlopIsEuclidean() {
        var h = EngineHarness(single())
        h.begin()
        h.move(dx: 12, dy: 11)                          // √(144+121) = 16.3
        #expect(h.events.kinds == ["began", "updated"])
    }

    @Test func anAxisNothingWantsPassesThroughUntilLift() {
        var h = EngineHarness(single())
        h.begin()
        h.move(dy: 20)                                  // vertical: nothing bound
        h.pan(dx: 50, count: 10)                        // now horizontal: still ignored
        h.end()
        #expect(h.events.isEmpty)
        // the opposite direction on a bound axis passes through too
        h.begin()
        h.move(dx: -20)
        h.pan(dx: 30, count: 5)
        h.end()
        #expect(h.events.isEmpty)
        // the next gesture works
        h.begin()
        h.move(dx: 20)
        #expect(h.events.kinds == ["began", "updated"])
        #expect(h.events[0].gesture == 1)
    }

    @Test func unboundFingerCountsAndSourcesPassThrough() {
        var h = EngineHarness(single())
        h.begin(fingers: 4)
        h.pan(dx: 20, count: 3)
        h.end()
        h.begin(1, .touch, fingers: 3)
        h.pan(dx: 20, count: 3)
        h.end()
        #expect(h.events.isEmpty)
    }

    @Test func progressIsTravelOverDistanceWithARubberBand() {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 20, count: 4)
        #expect(h.events.lastUpdated!.rawProgress == 0.8)
        #expect(h.events.lastUpdated!.progress == 0.8)
        h.pan(dx: 20, count: 2)                         // raw 1.2
        let u = h.events.lastUpdated!
        #expect(abs(u.rawProgress - 1.2) < 1e-12)
        #expect(u.progress > 1 && u.progress < 1.05)
        #expect(u.progress == RubberBand().apply(u.rawProgress))
        h.pan(dx: -20, count: 8)                        // raw −0.4
        #expect(h.events.lastUpdated!.progress < 0 && h.events.lastUpdated!.progress > -0.05)
    }

    @Test func defaultDistancesPerSourceAndAxis() {
        var h = EngineHarness()                         // standard
        h.begin()
        h.pan(dy: -30, count: 2)                        // swipe3-up: 300 units
        #expect(h.events[0].transition == "swipe3-up")
        #expect(abs(h.events.lastUpdated!.rawProgress - 0.2) < 1e-12)
        h.end()
        _ = h.take()
        h.begin(2, fingers: 4)
        h.pan(2, dx: 40, count: 2)                      // swipe4-right: 400 units
        #expect(h.events[0].transition == "swipe4-right")
        #expect(abs(h.events.lastUpdated!.rawProgress - 0.2) < 1e-12)
    }

    @Test func touchscreenDistanceIsTheExtentAlongTheAxis() {
        var h = EngineHarness()
        h.begin(2, .touch, fingers: 3, extent: DeviceExtent(width: 200, height: 120))
        h.pan(2, dx: 5, count: 4)                       // 3 mm slop, locks on the first
        #expect(h.events[0].transition == "touch3-right")
        #expect(abs(h.events.lastUpdated!.rawProgress - 20.0 / 200) < 1e-12)
        h.end()
        _ = h.take()
        h.begin(3, .touch, fingers: 4)                  // no extent: 100 mm
        h.pan(3, dy: 10, count: 2)
        #expect(h.events[0].transition == "touch4-down")
        #expect(abs(h.events.lastUpdated!.rawProgress - 0.2) < 1e-12)
    }

    @Test func aTouchscreenDistanceInPercentIsOfTheSideAlongTheAxis() {
        var config = EngineConfiguration.standard
        let t = config.transitions.firstIndex { $0.name == "touch3-right" }!
        config.transitions[t].distance = Distance(25, .percent)
        config.bindings[config.bindings.firstIndex { $0.transition == "touch3-down" }!].distance = Distance(50, .percent)
        var h = EngineHarness(config)
        h.begin(2, .touch, fingers: 3, extent: DeviceExtent(width: 200, height: 120))
        h.pan(2, dx: 5, count: 4)                       // 20 mm of 25 % × 200 mm
        #expect(abs(h.events.lastUpdated!.rawProgress - 20.0 / 50) < 1e-12)
        h.end(2)
        for _ in 0..<20 { h.advanceToDeadline() }    // its animation ends, freeing touch3-right
        _ = h.take()
        h.begin(4, .touch, fingers: 3, extent: DeviceExtent(width: 200, height: 120))
        h.pan(4, dy: 5, count: 4)                       // 20 mm of 50 % × 120 mm
        #expect(h.events[0].transition == "touch3-down")
        #expect(abs(h.events.lastUpdated!.rawProgress - 20.0 / 60) < 1e-12)
        h.end(4)
        _ = h.take()
        h.begin(3, .touch, fingers: 3)                  // no extent: 25 % of 100 mm
        h.pan(3, dx: 5, count: 2)
        #expect(abs(h.events.lastUpdated!.rawProgress - 10.0 / 25) < 1e-12)
    }

    @Test func pinchesLockOnTheirScale() {
        var h = EngineHarness()
        h.begin(1, .pinch, fingers: 4)
        h.move(dx: 0.03, dy: 99)                        // dy is ignored for pinches
        #expect(h.events.isEmpty)
        h.move(dx: 0.03)                                // 0.06 ≥ 0.05
        #expect(h.events[0].transition == "pinch4-out")
        #expect(abs(h.events.lastUpdated!.rawProgress - 0.03 / 0.5) < 1e-12)
        h.end()
        _ = h.take()
        h.begin(2, .pinch, fingers: 3)
        h.pan(2, dx: -0.1, count: 2)
        #expect(h.events[0].transition == "pinch3-in")
        #expect(abs(h.events.lastUpdated!.rawProgress - 0.4) < 1e-12)
    }

    @Test func scrollBindingsAndMillimetreDistances() {
        var c = single(source: .scroll, fingers: 2, direction: .down, distance: Distance(10, .mm))
        var h = EngineHarness(c)
        h.begin(1, .scroll, fingers: 2)
        h.pan(dy: 21.034, count: 2)
        #expect(abs(h.events.lastUpdated!.rawProgress - 2 * 21.034 / (10 * SourceDefaults.touchpadUnitsPerMm)) < 1e-9)
        // a binding's distance overrides the transition's
        c.bindings[0].distance = Distance(50, .units)
        h = EngineHarness(c)
        h.begin(1, .scroll, fingers: 2)
        h.pan(dy: 20, count: 2)
        #expect(abs(h.events.lastUpdated!.rawProgress - 0.8) < 1e-12)
    }

    @Test func slowReleasePastHalfwayFinishes() {
        var h = EngineHarness(single())
        h.begin(at: 0)
        h.pan(dx: 10, count: 7)                         // raw 0.6
        h.end(after: 200)                               // paused before lifting: v = 0
        let ended = h.events.lastEnded!
        #expect(ended.outcome == .finish && ended.reason == .release)
        #expect(ended.from == 0.6 && ended.to == 1 && ended.velocity == 0)
        #expect(ended.animation == .spring(SpringAnimation(from: 0.6, to: 1, initialVelocity: 0, parameters: .default)))
        #expect(h.events.last!.kind == "ended")
        let endedAt = h.events.last!.timeUs
        let duration = ended.animation.duration
        #expect(h.engine.nextDeadlineUs == endedAt + UInt64((duration * 1e6).rounded(.up)))
        h.advance(to: Double(endedAt) / 1000 + duration * 1000 - 1)
        #expect(h.events.last!.kind == "ended")
        let s = h.state("t")
        #expect(s.phase == .animating && s.ended == ended && s.endedAtUs == endedAt)
        #expect(s.progress > 0.6 && s.progress < 1)
        h.advanceToDeadline()
        #expect(h.events.last!.completed == CompletedEvent(finished: true, progress: 1))
        #expect(h.events.last!.timeUs == h.engine.clockUs)
        #expect(h.state("t").phase == .idle)
        #expect(h.engine.nextDeadlineUs == nil)
        #expect(h.events.shape == ["began", "updated*", "ended", "completed"])
    }

    @Test func slowReleaseShortOfHalfwayCancels() {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 10, count: 4)
        h.end(after: 200)
        let ended = h.events.lastEnded!
        #expect(ended.outcome == .cancel && ended.reason == .release && ended.to == 0)
        h.advanceToDeadline()
        #expect(h.events.last!.completed == CompletedEvent(finished: false, progress: 0))
    }

    @Test func aFlickFinishesFromShortOfHalfway() {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 5, count: 5, every: 5)                // 1000 units/s = 10 progress/s
        h.end()
        let ended = h.events.lastEnded!
        #expect(ended.reason == .velocity && ended.outcome == .finish)
        #expect(ended.velocity > 9)
        if case .spring(let s) = ended.animation { #expect(s.initialVelocity == ended.velocity) }
    }

    @Test func aFlickBackCancelsFromFarAlong() {
        var h = EngineHarness(single(distance: Distance(1000, .units)))
        h.begin()
        h.pan(dx: 50, count: 18)                        // 0.9
        h.pan(dx: -5, count: 31, every: 5)              // 0.745, −1/s for the last 155 ms
        #expect(abs(h.events.lastUpdated!.rawProgress - 0.745) < 1e-12)
        h.end()
        #expect(h.events.lastEnded!.outcome == .cancel)
        #expect(h.events.lastEnded!.reason == .velocity)
    }

    @Test func aTinyMovementSnapsBackWithoutAnimation() {
        var h = EngineHarness(single())
        h.begin()
        h.move(dx: 17)                                  // locks at 0.17
        h.move(dx: -16)                                 // travel 1 < 2
        h.end(after: 5)
        let ended = h.events.lastEnded!
        #expect(ended.animation == .none(to: 0) && ended.outcome == .cancel && ended.to == 0)
        #expect(h.events.last!.completed == CompletedEvent(finished: false, progress: 0))
        #expect(h.state("t").phase == .idle)
    }

    @Test(arguments: [(InputCancelCause.libinput, EndReason.libinputCancel), (.touch, .touchCancel)])
    func cancelledInputCancels(cause: InputCancelCause, reason: EndReason) {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 20, count: 4)
        h.end(cancel: cause)
        #expect(h.events.lastEnded!.outcome == .cancel && h.events.lastEnded!.reason == reason)
        #expect(h.events.lastEnded!.to == 0)
    }

    @Test func interactiveStateAndVelocity() {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 10, count: 5)
        let s = h.state("t")
        #expect(s.phase == .interactive && s.gesture == 1)
        #expect(abs(s.progress - 0.4) < 1e-12)        // the first 10 was slop
        #expect(abs(s.velocity - 10) < 1e-9)            // 0.1 per 10 ms
        #expect(abs(h.events.lastUpdated!.velocity - 10) < 1e-9)
    }

    @Test func gestureIdsCountFromOne() {
        var h = EngineHarness(single())
        for k in 1...3 {
            h.begin()
            h.pan(dx: 20, count: 2)
            h.end(after: 200)
            h.advanceToDeadline()
            #expect(Set(h.take().map(\.gesture)) == [UInt64(k)])
        }
    }

    @Test func curveCompletionsUseTheirTiming() {
        let c = single { $0.completion = .curve(.easeOutCubic, .gnome) }
        var h = EngineHarness(c)
        h.begin()
        h.pan(dx: 5, count: 5, every: 5)                // 10/s from 0.25 on
        h.end()
        let ended = h.events.lastEnded!
        guard case .curve(let curve) = ended.animation else { Issue.record("not a curve"); return }
        #expect(curve.curve == .easeOutCubic)
        #expect(abs(curve.duration - min(max(3 * (1 - ended.from) / ended.velocity, 0.1), 0.4)) < 1e-12)
        let uikit = single { $0.completion = .curve(.easeInOut, .uikit(duration: 0.5, completionSpeed: 1)) }
        h = EngineHarness(uikit)
        h.begin()
        h.pan(dx: 10, count: 7)
        h.end(after: 300)
        guard case .curve(let u) = h.events.lastEnded!.animation else { Issue.record("not a curve"); return }
        #expect(h.events.lastEnded!.from == 0.6 && h.events.lastEnded!.outcome == .finish)
        #expect(abs(u.duration - 0.5 * 0.4) < 1e-12)
    }

    @Test func aBeginWhileAGestureIsOpenReleasesItFirst() {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 10, count: 7)
        h.begin(after: 0)                               // no end in between; catches its own release
        #expect(h.events.shape == ["began", "updated*", "ended", "paused"])
    }
}
