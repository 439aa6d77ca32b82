// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
import TransitionCore

#if canImport(Glibc)
import Glibc
#endif

@Suite struct SpringAnimationTests {
    let critical = SpringParameters()                 // m 1, k 1000, ζ 1, ε 1e-4

    @Test func criticallyDampedMatchesTheClosedForm() {
        let s = SpringAnimation(from: 0.3, to: 1, initialVelocity: 2, parameters: critical)
        let beta = sqrt(1000.0)
        let x0 = -0.7, v0 = 2.0
        for t in stride(from: 0.0, through: 0.2, by: 0.01) {
            let expected = 1 + exp(-beta * t) * (x0 + (beta * x0 + v0) * t)
            #expect(abs(s.value(at: t) - expected) < 1e-12, "t = \(t)")
        }
    }

    @Test func underdampedMatchesTheClosedForm() {
        let p = SpringParameters.bouncy                 // k 400, ζ 0.8
        let s = SpringAnimation(from: 0, to: 1, initialVelocity: 0.5, parameters: p)
        let omega0 = 20.0, zeta = 0.8
        let beta = zeta * omega0, omega1 = omega0 * sqrt(1 - zeta * zeta)
        let x0 = -1.0, v0 = 0.5
        for t in stride(from: 0.0, through: 0.4, by: 0.013) {
            let expected = 1 + exp(-beta * t) * (x0 * cos(omega1 * t) + (beta * x0 + v0) / omega1 * sin(omega1 * t))
            #expect(abs(s.value(at: t) - expected) < 1e-12, "t = \(t)")
        }
        // It overshoots: a bouncy spring passes its target.
        #expect(stride(from: 0.0, through: 0.5, by: 0.005).contains { s.value(at: $0) > 1 })
    }

    @Test func overdampedSolvesTheEquationOfMotion() {
        let p = SpringParameters(mass: 2, stiffness: 300, dampingRatio: 2.5)
        let s = SpringAnimation(from: 1, to: 0, initialVelocity: -3, parameters: p)
        #expect(s.value(at: 0) == 1)
        #expect(abs(s.velocity(at: 0) - -3) < 1e-12)
        let c = 2 * 2.5 * sqrt(300.0 * 2)
        let h = 1e-5
        for t in stride(from: 0.01, through: 0.5, by: 0.037) {
            let x = s.value(at: t)
            let v = s.velocity(at: t)
            let a = (s.velocity(at: t + h) - s.velocity(at: t - h)) / (2 * h)
            // m·x'' + c·x' + k·x = 0 (x measured from the target 0)
            #expect(abs(2 * a + c * v + 300 * x) < 1e-4, "t = \(t)")
            // velocity(at:) is the derivative of value(at:)
            let dv = (s.value(at: t + h) - s.value(at: t - h)) / (2 * h)
            #expect(abs(dv - v) < 1e-6)
        }
    }

    @Test(arguments: [0.5, 0.99, 1.0, 1.01, 3.0])
    func velocityIsTheDerivativeOfValue(zeta: Double) {
        let s = SpringAnimation(from: 0.2, to: 1, initialVelocity: 4,
                                parameters: SpringParameters(stiffness: 500, dampingRatio: zeta))
        let h = 1e-6
        for t in stride(from: 0.005, to: min(0.5, s.duration - h), by: 0.021) {
            let dv = (s.value(at: t + h) - s.value(at: t - h)) / (2 * h)
            #expect(abs(dv - s.velocity(at: t)) < 1e-5, "ζ = \(zeta), t = \(t)")
        }
    }

    @Test func regimesJoinContinuouslyNearCriticalDamping() {
        func sample(_ zeta: Double) -> [Double] {
            let s = SpringAnimation(from: 0, to: 1, initialVelocity: 1,
                                    parameters: SpringParameters(dampingRatio: zeta))
            return stride(from: 0.0, through: 0.3, by: 0.01).map { s.value(at: $0) }
        }
        let c = sample(1)
        for zeta in [1 - 1e-9, 1 + 1e-9, 1 - 1e-6, 1 + 1e-6] {
            for (a, b) in zip(sample(zeta), c) { #expect(abs(a - b) < 1e-5, "ζ = \(zeta)") }
        }
    }

    @Test func criticalSettleTimeIsCloseToTheDesignNotesFormula() {
        // From rest, the design notes give −ln ε / β; the safe bound also counts the t·e^{−βt}
        // term, so it is a little later, but never earlier.
        let s = SpringAnimation(from: 0, to: 1, initialVelocity: 0, parameters: critical)
        let beta = sqrt(1000.0)
        let simple = -log(1e-4) / beta
        #expect(s.duration >= simple)
        #expect(s.duration < simple * 1.5)
        #expect(abs(s.value(at: s.duration - 1e-3) - 1) < 1e-3)
    }

    @Test func afterTheDurationTheValueIsExactlyTheTarget() {
        let s = SpringAnimation(from: 0.4, to: 0, initialVelocity: -5, parameters: .bouncy)
        let d = s.duration
        #expect(d > 0)
        #expect(s.value(at: d) == 0)
        #expect(s.value(at: d + 1) == 0)
        #expect(s.value(at: .infinity) == 0)
        #expect(s.velocity(at: d) == 0)
        #expect(s.value(at: 0) == 0.4)
        #expect(s.value(at: -1) == 0.4)
        #expect(s.value(at: -.infinity) == 0.4)
    }

    @Test func aSpringAtRestOnItsTargetTakesNoTime() {
        let s = SpringAnimation(from: 1, to: 1, initialVelocity: 0, parameters: critical)
        #expect(s.duration == 0)
        #expect(s.value(at: 0) == 1)
        #expect(s.relativeInitialVelocity == 0)
    }

    @Test func relativeInitialVelocityIsUIKits() {
        let s = SpringAnimation(from: 0.25, to: 1, initialVelocity: 1.5, parameters: critical)
        #expect(s.relativeInitialVelocity == 2)
        let back = SpringAnimation(from: 0.5, to: 0, initialVelocity: 1, parameters: critical)
        #expect(back.relativeInitialVelocity == -2)
    }

    @Test func garbageParametersAreSanitisedNeverNaN() {
        let bad = SpringParameters(mass: .nan, stiffness: -3, dampingRatio: 0, epsilon: .infinity)
        #expect(bad.sanitized == SpringParameters.default)
        let s = SpringAnimation(from: .nan, to: 1, initialVelocity: .infinity, parameters: bad)
        #expect(s.duration.isFinite)
        for t in [-1.0, 0, 0.01, 0.1, 1, .nan, .infinity] {
            #expect(!s.value(at: t).isNaN)
            #expect(!s.velocity(at: t).isNaN)
        }
    }

    @Test func unitSettleTimeOfTheDefaults() {
        #expect(SpringParameters.default.unitSettleTime > 0.29)
        #expect(SpringParameters.default.unitSettleTime < 0.45)
        #expect(SpringParameters.bouncy.unitSettleTime < 1.5)
    }

    // MARK: properties

    static let params = zip(Gen.double(in: 0.1...5), Gen.double(in: 10...3000),
                            Gen.double(in: 0.05...4), Gen.double(in: 1e-6...1e-2))
        .map { SpringParameters(mass: $0, stiffness: $1, dampingRatio: $2, epsilon: $3) }

    @Test func springsEndAtTheTargetWithinTheirSettleTimeAndStayThere() async {
        await propertyCheck(input: Gen.double(in: -2...3), Gen.double(in: -1...2),
                            Gen.double(in: -50...50), Self.params) { from, to, v, p in
            let s = SpringAnimation(from: from, to: to, initialVelocity: v, parameters: p)
            let d = s.duration
            #expect(d.isFinite && d >= 0)
            #expect(s.value(at: d) == to)
            // The textbook closed form is within ε from the settle time on, and stays there.
            for k in 0..<200 {
                let t = d * (1 + Double(k) * 0.05)
                let x = referenceSpring(from: from, to: to, v0: v, p, at: t)
                #expect(!x.isNaN)
                #expect(abs(x - to) < p.epsilon)
            }
            // Never NaN on the way, starts where it says.
            if d > 0 { #expect(s.value(at: 0) == from) }
            for k in 0...100 {
                let t = d * Double(k) / 100
                #expect(s.value(at: t).isFinite)
                #expect(s.velocity(at: t).isFinite)
            }
        }
    }

    @Test func theEnvelopeReallyBoundsTheMotionNearTheEnd() async {
        // Sample the motion densely in the last stretch before `duration`: the safe bound
        // means the motion already is within ε there (or the bound is tight).
        await propertyCheck(input: Gen.double(in: -1...2), Gen.double(in: -30...30), Self.params) { from, v, p in
            let s = SpringAnimation(from: from, to: 1, initialVelocity: v, parameters: p)
            let d = s.duration
            guard d > 0 else { return }
            // Just before the end, the closed form is within about ε already.
            let x = s.value(at: d * (1 - 1e-6))
            #expect(abs(x - 1) < p.epsilon * 1.01)
        }
    }
}

/// The textbook solution, written independently of `SpringSolution` (roots of m·r² + c·r + k).
func referenceSpring(from: Double, to: Double, v0: Double, _ p: SpringParameters, at t: Double) -> Double {
    let x0 = from - to
    let omega0 = (p.stiffness / p.mass).squareRoot()
    let beta = p.dampingRatio * omega0
    if p.dampingRatio == 1 {
        return to + exp(-beta * t) * (x0 + (beta * x0 + v0) * t)
    } else if p.dampingRatio < 1 {
        let w = omega0 * (1 - p.dampingRatio * p.dampingRatio).squareRoot()
        return to + exp(-beta * t) * (x0 * cos(w * t) + (beta * x0 + v0) / w * sin(w * t))
    } else {
        let g = omega0 * (p.dampingRatio * p.dampingRatio - 1).squareRoot()
        let r1 = -beta + g, r2 = -beta - g
        let c2 = (r1 * x0 - v0) / (r1 - r2)
        let c1 = x0 - c2
        return to + c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }
}
