// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionActions

@Suite struct StepLevelTests {
    @Test func aValueOnABoundaryBelongsToTheCellAboveIt() {
        #expect(StepLevel.level(of: 0, step: 0.1) == 0)
        #expect(StepLevel.level(of: 0.0999, step: 0.1) == 0)
        #expect(StepLevel.level(of: 0.1, step: 0.1) == 1)
        #expect(StepLevel.level(of: 0.3, step: 0.1) == 3) // 0.3 / 0.1 == 2.9999999999999996
        #expect(StepLevel.level(of: 0.7, step: 0.1) == 7)
        #expect(StepLevel.level(of: -0.1, step: 0.1) == -1)
        #expect(StepLevel.level(of: -0.05, step: 0.1) == -1)
        #expect(StepLevel.level(of: 1.25, step: 0.25) == 5)
    }

    @Test func crossingsCountBoundariesInBothDirections() {
        #expect(StepLevel.crossings(from: 0, to: 0.35, step: 0.1) == 3)
        #expect(StepLevel.crossings(from: 0.35, to: 0.05, step: 0.1) == -3)
        #expect(StepLevel.crossings(from: 0.05, to: 0.09, step: 0.1) == 0)
        #expect(StepLevel.crossings(from: 0.2, to: 0.2, step: 0.1) == 0)
        #expect(StepLevel.crossings(from: 0.1, to: 0.0999, step: 0.1) == -1)
        #expect(StepLevel.crossings(from: 0.0999, to: 0.1, step: 0.1) == 1)
        #expect(StepLevel.crossings(from: -0.25, to: 0.25, step: 0.1) == 5)
    }

    /// Sitting exactly on a boundary fires nothing more: reaching it fires once, staying on it
    /// (however many updates) fires nothing, and only leaving it downwards undoes the step.
    @Test func noDoubleFiringAtABoundary() {
        let path = [0.05, 0.1, 0.1, 0.1, 0.10000000001, 0.1, 0.2, 0.2, 0.19999999999]
        var fired: [Int] = []
        for (old, new) in zip(path, path.dropFirst()) {
            let n = StepLevel.crossings(from: old, to: new, step: 0.1)
            if n != 0 { fired.append(n) }
        }
        #expect(fired == [1, 1]) // 0.1, then 0.2; 0.19999999999 is within the tolerance of 0.2
    }

    /// Whatever the path, the steps fired add up to the cells between its ends, and a path that
    /// comes back to where it started has fired as many steps down as up.
    @Test func stepsAlongAnyPathAddUpToTheNetLevel() async {
        await propertyCheck(input: Gen.double(in: -1.5...2.5).array(of: 1...60), Gen.double(in: 0.01...0.5)) { path, step in
            var total = 0, up = 0, down = 0
            for (old, new) in zip(path, path.dropFirst()) {
                let n = StepLevel.crossings(from: old, to: new, step: step)
                total += n
                if n > 0 { up += n } else { down -= n }
            }
            #expect(total == StepLevel.level(of: path.last!, step: step) - StepLevel.level(of: path[0], step: step))
            let back = StepLevel.crossings(from: path.last!, to: path[0], step: step)
            #expect(total + back == 0)
            #expect(up - down == total)
        }
    }

    /// Exact multiples of the step land on their own cell, for every step a user would write.
    @Test func exactMultiplesAreTheirOwnCell() async {
        await propertyCheck(input: Gen.int(in: 1...50), Gen.int(in: -40...40)) { denominator, k in
            let step = 1.0 / Double(denominator)
            #expect(StepLevel.level(of: Double(k) * step, step: step) == k)
            #expect(StepLevel.level(of: Double(k) / Double(denominator), step: step) == k)
        }
    }

    @Test func thresholdsCrossUpwardsOnly() {
        #expect(ThresholdRule.crosses(0.6, from: 0.5, to: 0.6))
        #expect(ThresholdRule.crosses(0.6, from: 0.5, to: 0.9))
        #expect(!ThresholdRule.crosses(0.6, from: 0.6, to: 0.9))
        #expect(!ThresholdRule.crosses(0.6, from: 0.9, to: 0.1))
        #expect(!ThresholdRule.crosses(0.6, from: 0.1, to: 0.59))
    }

    @Test func numbersAreFixedWithSixDecimals() {
        #expect(NumberText.fixed(0) == "0.000000")
        #expect(NumberText.fixed(0.42) == "0.420000")
        #expect(NumberText.fixed(-1.5) == "-1.500000")
        #expect(NumberText.fixed(-0.0000001) == "0.000000")
        #expect(NumberText.fixed(1e-7 * 6) == "0.000001")
        #expect(NumberText.fixed(12.3456789) == "12.345679")
        #expect(NumberText.fixed(.nan) == "0.000000")
        #expect(ProgressLine.text(progress: 0.25, velocity: -3, phase: "interactive") == "0.250000 -3.000000 interactive")
    }
}
