// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionCore
import TransitionTestSupport

@Suite struct TriggerTests {
    @Test func forwardFromIdle() throws {
        var h = EngineHarness(single())
        try h.trigger("t", after: 5)
        #expect(h.events.kinds == ["began", "ended"])
        #expect(h.events[0].began == BeganEvent(origin: .trigger(reverse: false), direction: nil, from: 0, interactive: false))
        let ended = h.events[1].ended!
        #expect(ended.outcome == .finish && ended.reason == .trigger && ended.from == 0 && ended.to == 1)
        #expect(ended.animation == .spring(SpringAnimation(from: 0, to: 1, initialVelocity: 0, parameters: .default)))
        #expect(h.events.allSatisfy { $0.gesture == 1 && $0.timeUs == 5000 })
        h.advanceToDeadline()
        #expect(h.events.last!.completed == CompletedEvent(finished: true, progress: 1))
    }

    @Test func reverseFromIdleRunsFromOneToZero() throws {
        var h = EngineHarness(single())
        try h.trigger("t", reverse: true)
        #expect(h.events[0].began!.from == 1)
        let ended = h.events[1].ended!
        #expect(ended.outcome == .cancel && ended.from == 1 && ended.to == 0 && ended.reason == .trigger)
        h.advanceToDeadline()
        #expect(h.events.last!.completed == CompletedEvent(finished: false, progress: 0))
    }

    @Test func curvesRunTheTriggerDuration() throws {
        var h = EngineHarness(single { $0.triggerCompletion = .curve(.easeInOut, .gnome); $0.triggerDuration = 0.25 })
        try h.trigger("t")
        #expect(h.events.lastEnded!.animation == .curve(CurveAnimation(from: 0, to: 1, curve: .easeInOut, duration: 0.25)))
        #expect(h.engine.nextDeadlineUs == 250_000)
        h.advance(to: 249.999)
        #expect(h.events.last!.kind == "ended")
        h.advance(to: 250)
        #expect(h.events.last!.kind == "completed")
    }

    @Test func overridesPerCall() throws {
        var h = EngineHarness(single())
        try h.trigger("t", duration: 0.5, completion: .curve(.linear, .gnome))
        #expect(h.events.lastEnded!.animation == .curve(CurveAnimation(from: 0, to: 1, curve: .linear, duration: 0.5)))
        _ = h.take()
        h.advanceToDeadline()
        try h.trigger("t", completion: .spring(.bouncy))
        guard case .spring(let s) = h.events.lastEnded!.animation else { Issue.record(); return }
        #expect(s.parameters == .bouncy)
    }

    @Test func zeroDurationRunsCompleteAtOnce() throws {
        var h = EngineHarness(single())
        try h.trigger("t", duration: 0, completion: .curve(.linear, .gnome))
        #expect(h.events.kinds == ["began", "ended", "completed"])
        #expect(h.state("t").phase == .idle)
    }

    @Test func aTriggerSupersedesAnAnimation() throws {
        var h = EngineHarness(single())
        try h.trigger("t")
        try h.trigger("t", reverse: true, after: 40)
        let value = h.events[2].ended!.from
        #expect(h.events.map { "\($0.gesture):\($0.kind)" } ==
                ["1:began", "1:ended", "1:ended", "1:completed", "2:began", "2:ended"])
        let superseded = h.events[2].ended!
        #expect(superseded.reason == .superseded && superseded.to == value && superseded.animation == .none(to: value))
        #expect(h.events[3].completed == CompletedEvent(finished: false, progress: value))
        #expect(h.events[4].began!.from == value)
        #expect(value > 0 && value < 1)
        // the new run starts at the old one's velocity, for continuity
        guard case .spring(let s) = h.events[5].ended!.animation else { Issue.record(); return }
        #expect(s.initialVelocity == superseded.velocity && s.initialVelocity > 0)
    }

    @Test func aFingerOnItMakesItBusy() {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 20, count: 2)
        #expect {
            try h.trigger("t")
        } throws: { error in
            (error as? EngineError)?.message == "transition 't' is busy: a gesture on device1 is driving it"
        }
    }

    @Test func unknownNamesAndBadOverrides() {
        var h = EngineHarness(single())
        #expect { try h.trigger("nope") } throws: { ($0 as? EngineError)?.message == "unknown transition 'nope'" }
        #expect(throws: EngineError.self) { try h.trigger("t", duration: -1) }
        #expect(throws: EngineError.self) { try h.trigger("t", duration: .nan) }
        #expect(throws: EngineError.self) { try h.trigger("t", completion: .spring(SpringParameters(mass: 0))) }
        #expect(h.events.isEmpty)
    }
}

@Suite struct TriggerTimingTests {
    @Test func anExpiredHoldHandOffDoesNotBlockATrigger() throws {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 10, count: 7)
        h.end(after: 200)
        h.hold(after: 10)
        h.holdEnd(cancelled: true)
        // no pan follows; 150 ms later the catch is over, so the trigger supersedes the animation
        try h.trigger("t", after: 150)
        #expect(h.events.contains { $0.ended?.reason == .superseded })
        #expect(h.events.last!.ended!.reason == .trigger)
    }
}

/// `duration` with a spring: honoured, by the stiffness (issue 33).
@Suite struct TriggerSpringDurationTests {
    @Test func aSpringSettlesInTheDurationAskedFor() throws {
        for duration in [0.1, 0.35, 1.0, 3.0] {
            var h = EngineHarness(single())
            try h.trigger("t", duration: duration)
            guard case .spring(let s) = h.events.lastEnded!.animation else { Issue.record(); return }
            #expect(abs(s.duration - duration) < 1e-6, "\(duration): \(s.duration)")
            #expect(s.parameters.dampingRatio == SpringParameters.default.dampingRatio)
            #expect(s.parameters.mass == SpringParameters.default.mass)
            #expect(h.engine.nextDeadlineUs.map { abs(Double($0) / 1e6 - duration) < 0.002 } == true, "\(String(describing: h.engine.nextDeadlineUs))")
        }
    }

    @Test func aRequestedSpringIsTimedToo() throws {
        var h = EngineHarness(single())
        try h.trigger("t", duration: 2, completion: .spring(.bouncy))
        guard case .spring(let s) = h.events.lastEnded!.animation else { Issue.record(); return }
        #expect(abs(s.duration - 2) < 1e-6)
        #expect(s.parameters.dampingRatio == SpringParameters.bouncy.dampingRatio)
    }

    @Test func withoutADurationTheSpringKeepsItsStiffness() throws {
        var h = EngineHarness(single())
        try h.trigger("t")
        guard case .spring(let s) = h.events.lastEnded!.animation else { Issue.record(); return }
        #expect(s.parameters == .default)
    }

    @Test func aSpringTransitionReportsItsOwnSettleTimeAsItsTriggerDuration() {
        var spec = TransitionSpec(name: "t")
        #expect(spec.triggerRunDuration == SpringParameters.default.unitSettleTime)
        spec.triggerCompletion = .curve(.easeOut, .uikit(duration: 0.25, completionSpeed: 1))
        spec.triggerDuration = 0.2
        #expect(spec.triggerRunDuration == 0.2)
    }

    @Test func settlingKeepsTheShapeAndScalesThePace() {
        for k in [50.0, 400, 1000, 5000] {
            for zeta in [0.3, 0.7, 1.0, 1.5] {
                let p = SpringParameters(mass: 1, stiffness: k, dampingRatio: zeta, epsilon: 0.0001)
                for d in [0.05, 0.4, 2.5] {
                    let timed = p.settling(in: d)
                    #expect(abs(timed.unitSettleTime - d) < 1e-5 * max(1, d), "k \(k) ζ \(zeta) d \(d): \(timed.unitSettleTime)")
                    #expect(timed.dampingRatio == zeta && timed.mass == 1 && timed.epsilon == 0.0001)
                }
            }
        }
        #expect(SpringParameters.default.settling(in: 0) == .default)
        #expect(SpringParameters.default.settling(in: .infinity) == .default)
    }
}
