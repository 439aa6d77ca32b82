// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
import TransitionCore

@Suite struct AnimationDescriptionTests {
    @Test func noneJumps() {
        let a = AnimationDescription.none(to: 0)
        #expect(a.from == 0 && a.to == 0 && a.duration == 0)
        #expect(a.value(at: 0) == 0 && a.velocity(at: 0) == 0)
        #expect(a.relativeInitialVelocity == 0)
    }

    @Test func forwardsToEachKind() {
        let s = SpringAnimation(from: 0.3, to: 1, initialVelocity: 2, parameters: .default)
        let a = AnimationDescription.spring(s)
        #expect(a.from == 0.3 && a.to == 1)
        #expect(a.duration == s.duration)
        #expect(a.value(at: 0.05) == s.value(at: 0.05))
        #expect(a.velocity(at: 0.05) == s.velocity(at: 0.05))
        #expect(a.relativeInitialVelocity == s.relativeInitialVelocity)
        let c = CurveAnimation(from: 1, to: 0, curve: .easeInOut, duration: 0.2)
        let b = AnimationDescription.curve(c)
        #expect(b.from == 1 && b.to == 0 && b.duration == 0.2)
        #expect(b.value(at: 0.1) == c.value(at: 0.1))
    }

    @Test func theSamplerAgreesExactly() async {
        await propertyCheck(input: Gen.double(in: -1...2), Gen.double(in: -20...20),
                            Gen.double(in: 0.2...2), Gen.double(in: 0...1.5)) { from, v, zeta, t in
            let a = AnimationDescription.spring(SpringAnimation(
                from: from, to: 1, initialVelocity: v, parameters: SpringParameters(dampingRatio: zeta)))
            let sampler = a.sampler
            #expect(sampler.duration == a.duration)
            #expect(sampler.value(at: t) == a.value(at: t))
            #expect(sampler.velocity(at: t) == a.velocity(at: t))
            #expect(sampler.value(at: sampler.duration) == 1)
        }
    }
}
