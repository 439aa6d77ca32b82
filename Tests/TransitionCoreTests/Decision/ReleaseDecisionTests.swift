// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
import TransitionCore
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ReleaseDecisionTests {
    // Touchpad, 400 units: velocity threshold 0.6·1000/400 = 1.5/s, τ = 0.333 s, snap 2 units.
    let touchpad = ReleaseDecision.Thresholds(DecisionPolicy(), source: .swipe, distance: 400)

    func decide(_ p: Double, v: Double, travel: Double = 100, cancelled: InputCancelCause? = nil,
                start: Double = 0) -> ReleaseDecision {
        ReleaseDecision.decide(progress: p, startProgress: start, cancelPoint: 0, travel: travel, velocity: v,
                               cancelled: cancelled, policy: touchpad)
    }

    @Test func resolvedThresholds() {
        #expect(abs(touchpad.velocity - 1.5) < 1e-12)
        #expect(abs(touchpad.projectionTime - 0.333) < 1e-3)
        #expect(touchpad.snapTravel == 2)
        let touch = ReleaseDecision.Thresholds(DecisionPolicy(), source: .touch, distance: 100)
        #expect(abs(touch.velocity - 0.8) < 1e-12)            // 0.08 mm/ms over 100 mm
        #expect(abs(touch.projectionTime - 0.4995) < 1e-3)
        #expect(abs(touch.snapTravel - 2 / SourceDefaults.touchpadUnitsPerMm) < 1e-12)
        let custom = ReleaseDecision.Thresholds(DecisionPolicy(finishThreshold: 0.3, velocityThreshold: 1,
                                                               decelerationRate: 0.99, snapDistance: 5),
                                                source: .swipe, distance: 200)
        #expect(custom.finish == 0.3 && custom.velocity == 5 && custom.snapTravel == 5)
        #expect(abs(custom.projectionTime - -1 / (1000 * log(0.99))) < 1e-12)
        #expect(ReleaseDecision.projectionTime(decelerationRate: 1) == 0)
    }

    @Test func cancelledInputCancels() {
        #expect(decide(0.9, v: 10, cancelled: .libinput) == ReleaseDecision(outcome: .cancel, reason: .libinputCancel))
        #expect(decide(0.9, v: 10, cancelled: .touch) == ReleaseDecision(outcome: .cancel, reason: .touchCancel))
    }

    @Test func tinyMovementSnapsBack() {
        #expect(decide(0.004, v: 5, travel: 1.9) == ReleaseDecision(outcome: .cancel, reason: .release, snap: true))
        #expect(decide(0.004, v: 5, travel: -1.9).snap)
        #expect(!decide(0.005, v: 5, travel: 2).snap)
        // not for a caught transition: its start is not its cancel point
        #expect(!decide(0.6, v: 0, travel: 1, start: 0.6).snap)
    }

    @Test func slowReleasesDecideByPosition() {
        #expect(decide(0.5, v: 1.4) == ReleaseDecision(outcome: .finish, reason: .release))
        #expect(decide(0.49, v: 1.4) == ReleaseDecision(outcome: .cancel, reason: .release))
        #expect(decide(0.9, v: -1.4).outcome == .finish)
    }

    @Test func fastReleasesDecideByProjection() {
        // 0.2 + 1.6·0.333 = 0.733 → finish
        #expect(decide(0.2, v: 1.6) == ReleaseDecision(outcome: .finish, reason: .velocity))
        // 0.8 − 1.6·0.333 = 0.267 → cancel
        #expect(decide(0.8, v: -1.6) == ReleaseDecision(outcome: .cancel, reason: .velocity))
        // 0.9 − 1.5·0.333 = 0.4 → cancel: a fast flick back cancels even from far along
        #expect(decide(0.9, v: -1.5).outcome == .cancel)
    }

    @Test func touchpadDefaultsFinishWhateverTheVelocityTowardsIt() async {
        // The design notes' "velocity toward finish always finishes" holds for touchpad
        // defaults: above the threshold, v·τ ≥ 0.5.
        await propertyCheck(input: Gen.double(in: 0...1), Gen.double(in: 1.5...100)) { p, v in
            #expect(decide(p, v: v).outcome == .finish)
        }
    }

    @Test func finishIsMonotoneInProgressAndVelocity() async {
        await propertyCheck(input: Gen.double(in: -0.5...1.5), Gen.double(in: -10...10),
                            Gen.double(in: 0...0.5), Gen.double(in: 0...5)) { p, v, dp, dv in
            if decide(p, v: v).outcome == .finish {
                #expect(decide(p + dp, v: v + dv).outcome == .finish)
            }
        }
    }
}
