// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
import TransitionCore

@Suite struct CurveTests {
    @Test(arguments: Curve.allCases)
    func curvesRunFromZeroToOne(curve: Curve) {
        #expect(curve.value(at: 0) == 0)
        #expect(abs(curve.value(at: 1) - 1) < 1e-12)
        #expect(curve.value(at: -1) == 0)
        #expect(abs(curve.value(at: 2) - 1) < 1e-12)
        #expect(curve.value(at: .nan) == 0)
    }

    @Test(arguments: Curve.allCases)
    func curvesAreMonotone(curve: Curve) {
        var last = -1.0
        for k in 0...1000 {
            let y = curve.value(at: Double(k) / 1000)
            #expect(y >= last - 1e-12)
            last = y
        }
    }

    @Test(arguments: Curve.allCases)
    func slopeIsTheDerivative(curve: Curve) {
        let h = 1e-6
        for u in stride(from: 0.01, through: 0.99, by: 0.07) {
            let d = (curve.value(at: u + h) - curve.value(at: u - h)) / (2 * h)
            #expect(abs(d - curve.slope(at: u)) < 1e-4, "\(curve) u = \(u)")
        }
    }

    @Test func knownValues() {
        #expect(Curve.linear.value(at: 0.25) == 0.25)
        #expect(Curve.easeOutCubic.value(at: 0.5) == 0.875)
        #expect(Curve.easeOutCubic.slope(at: 0) == 3)
        // ease-in-out is symmetric about (0.5, 0.5)
        #expect(abs(Curve.easeInOut.value(at: 0.5) - 0.5) < 1e-9)
        #expect(abs(Curve.easeIn.value(at: 0.3) + Curve.easeOut.value(at: 0.7) - 1) < 1e-9)
        #expect(Curve.easeIn.slope(at: 0) < 1e-3)
        // ease-out starts at y2/x2 = 1/0.58
        #expect(abs(Curve.easeOut.slope(at: 0) - 1 / 0.58) < 1e-3)
        #expect(Curve.easeOut.controlPoints! == (0, 0, 0.58, 1))
        #expect(Curve.linear.controlPoints == nil)
    }
}

@Suite struct CurveAnimationTests {
    @Test func samplesFromStartToEnd() {
        let c = CurveAnimation(from: 0.2, to: 1, curve: .easeOutCubic, duration: 0.3)
        #expect(c.value(at: 0) == 0.2)
        #expect(c.value(at: -1) == 0.2)
        #expect(c.value(at: 0.3) == 1)
        #expect(c.value(at: 5) == 1)
        #expect(abs(c.value(at: 0.15) - (0.2 + 0.8 * 0.875)) < 1e-12)
        #expect(abs(c.velocity(at: 0) - 0.8 * 3 / 0.3) < 1e-12)
        #expect(c.velocity(at: 0.3) == 0)
        #expect(abs(c.relativeInitialVelocity - 10) < 1e-12)
    }

    @Test func zeroOrBadDurationsJumpToTheEnd() {
        for d in [0.0, -1, .nan, .infinity] {
            let c = CurveAnimation(from: 0, to: 1, curve: .linear, duration: d)
            #expect(c.value(at: 0) == 1)
            #expect(c.velocity(at: 0) == 0)
            #expect(AnimationDescription.curve(c).duration == 0)
        }
    }

    @Test func gnomeVelocityMatchedDuration() {
        let timing = CurveTiming.gnome
        // 3·0.5/10 = 0.15 s
        #expect(abs(timing.duration(from: 0.5, to: 1, velocity: 10) - 0.15) < 1e-12)
        // clamped
        #expect(timing.duration(from: 0, to: 1, velocity: 1000) == 0.1)
        #expect(timing.duration(from: 0, to: 1, velocity: 1) == 0.4)
        #expect(timing.duration(from: 0, to: 1, velocity: 0) == 0.4)
        #expect(timing.duration(from: 0.7, to: 0.7, velocity: 3) == 0)
        // easeOutCubic over that duration starts at the release speed
        let d = timing.duration(from: 0.5, to: 1, velocity: 4)
        let c = CurveAnimation(from: 0.5, to: 1, curve: .easeOutCubic, duration: d)
        #expect(abs(c.velocity(at: 0) - 4) < 1e-9)
    }

    @Test func uikitDuration() {
        let timing = CurveTiming.uikit(duration: 0.5, completionSpeed: 2)
        #expect(abs(timing.duration(from: 0.4, to: 1, velocity: 0) - 0.5 * 0.6 / 2) < 1e-12)
        #expect(abs(timing.duration(from: 0.4, to: 0, velocity: 9) - 0.5 * 0.4 / 2) < 1e-12)
        #expect(CurveTiming.uikit(duration: 0.5, completionSpeed: 0).duration(from: 0, to: 1, velocity: 0) == 0)
        #expect(CurveTiming.uikit(duration: .nan, completionSpeed: 1).duration(from: 0, to: 1, velocity: 0) == 0)
    }

    @Test func curveAnimationsNeverLeaveTheirSpan() async {
        await propertyCheck(input: Gen<Curve>.case, Gen.double(in: -1...2), Gen.double(in: -1...2),
                            Gen.double(in: 0.001...2), Gen.double(in: -1...3)) { curve, from, to, d, t in
            let c = CurveAnimation(from: from, to: to, curve: curve, duration: d)
            let v = c.value(at: t * d)
            #expect(v >= min(from, to) - 1e-12 && v <= max(from, to) + 1e-12)
            #expect(c.velocity(at: t * d).isFinite)
        }
    }
}
