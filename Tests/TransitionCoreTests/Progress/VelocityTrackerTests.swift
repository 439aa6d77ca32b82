// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
@testable import TransitionCore

@Suite struct VelocityTrackerTests {
    @Test func steadyMotion() {
        var v = VelocityTracker()
        for k in 0...10 { v.push(timeUs: UInt64(k) * 10_000, delta: 0.01) }
        // 10 deltas of 0.01 over 100 ms (the first sample only marks the start)
        #expect(abs(v.velocity - 1.0) < 1e-12)
    }

    @Test func onlyTheLast150msCount() {
        var v = VelocityTracker()
        for k in 0...20 { v.push(timeUs: UInt64(k) * 10_000, delta: k < 10 ? 1 : 0.01) }
        // window: 50...200 ms → samples 5...20; deltas from 6 on: 6..9 are 1, 10..20 are 0.01
        #expect(v.count == 16)
        #expect(abs(v.velocity - (4 + 11 * 0.01) / 0.15) < 1e-9)
    }

    @Test func aPauseBeforeLiftingCountsAsStandingStill() {
        var v = VelocityTracker()
        for k in 0...10 { v.push(timeUs: UInt64(k) * 10_000, delta: 0.05) }
        v.push(timeUs: 400_000, delta: 0)            // released 300 ms after the last motion
        #expect(v.velocity == 0)
    }

    @Test func singleSampleHasNoVelocity() {
        var v = VelocityTracker()
        #expect(v.velocity == 0)
        v.push(timeUs: 5, delta: 3)
        #expect(v.velocity == 0)
        v.push(timeUs: 5, delta: 3)                  // no elapsed time
        #expect(v.velocity == 0)
    }

    @Test func timeGoingBackwardsIsClampedNeverNegative() {
        var v = VelocityTracker()
        v.push(timeUs: 100_000, delta: 0)
        v.push(timeUs: 50_000, delta: 0.5)           // earlier: taken as at 100 ms
        #expect(v.newestTimeUs == 100_000)
        v.push(timeUs: 110_000, delta: 0.1)
        #expect(abs(v.velocity - 0.6 / 0.01) < 1e-9)
        #expect(v.velocity > 0)
    }

    @Test func aHugeGapLeavesOneSample() {
        var v = VelocityTracker()
        for k in 0...10 { v.push(timeUs: UInt64(k) * 10_000, delta: 0.1) }
        v.push(timeUs: 60_000_000, delta: 0.1)
        #expect(v.count == 1)
        #expect(v.velocity == 0)
    }

    @Test func overflowingTheCapacityDropsTheOldest() {
        var v = VelocityTracker()
        for k in 0..<1000 { v.push(timeUs: UInt64(k) * 100, delta: 0.001) }   // 10 kHz
        #expect(v.count == VelocityTracker.capacity)
        #expect(abs(v.velocity - 10) < 1e-9)
    }

    @Test func nonFiniteDeltasCountAsZero() {
        var v = VelocityTracker()
        v.push(timeUs: 0, delta: 0)
        v.push(timeUs: 10_000, delta: .nan)
        v.push(timeUs: 20_000, delta: .infinity)
        #expect(v.velocity == 0)
    }

    @Test func resetForgets() {
        var v = VelocityTracker()
        v.push(timeUs: 0, delta: 0); v.push(timeUs: 10_000, delta: 1)
        v.reset()
        #expect(v.count == 0 && v.velocity == 0)
    }

    @Test func velocitySignMatchesMotion() async {
        await propertyCheck(input: Gen.double(in: -5...5).filter { abs($0) > 1e-6 }, Gen.int(in: 2...50),
                            Gen.int(in: 1...40_000)) { step, count, dtUs in
            var v = VelocityTracker()
            for k in 0..<count { v.push(timeUs: UInt64(k * dtUs), delta: step) }
            #expect(v.velocity.sign == step.sign)
            #expect(v.velocity != 0)
        }
    }
}
