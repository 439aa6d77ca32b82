// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionLog

/// The refusal log: the first refusal after a quiet interval at once, the rest summed up once
/// the interval is over, and never more lines than that, whatever the rate.
@Suite struct RefusalLogTests {
    @Test func theFirstIsLoggedAndTheRestSummedUp() {
        var log = RefusalLog(intervalUs: 10_000_000)
        #expect(log.summaryDueUs == nil)
        #expect(log.record("settings of uid 1000 refused: a", what: "settings of uid 1000", nowUs: 1_000_000) == "settings of uid 1000 refused: a")
        #expect(log.summaryDueUs == nil)
        #expect(log.record("b", what: "settings of uid 1000", nowUs: 2_000_000) == nil)
        #expect(log.record("c", what: "key strokes from uid 1001", nowUs: 3_000_000) == nil)
        #expect(log.record("d", what: "settings of uid 1000", nowUs: 4_000_000) == nil)
        #expect(log.summaryDueUs == 11_000_000)
        #expect(log.summary(nowUs: 11_000_000) == "refused 3 more requests in the last 10 s: settings of uid 1000 (2), key strokes from uid 1001 (1)")
        #expect(log.summaryDueUs == nil)
        #expect(log.summary(nowUs: 12_000_000) == nil)
        // Within an interval of the summary: counted again.
        #expect(log.record("e", what: "x", nowUs: 12_000_000) == nil)
        #expect(log.summary(nowUs: 21_000_000) == "refused 1 more request in the last 10 s: x (1)")
        // Quiet for an interval: at once again.
        #expect(log.record("f", what: "x", nowUs: 31_000_000) == "f")
    }

    @Test func aSummaryNamesTheMostRefusedFirstAndCountsTheRest() {
        var log = RefusalLog(intervalUs: 1_000_000, noun: "connections")
        _ = log.record("first", what: "uid 0", nowUs: 0)
        for uid in 1...7 { for _ in 0..<uid { _ = log.record("l", what: "uid \(uid)", nowUs: 10) } }
        #expect(log.summary(nowUs: 1_000_000) == "refused 28 more connections in the last 1 s: uid 7 (7), uid 6 (6), uid 5 (5), uid 4 (4), uid 3 (3), 2 more")
    }

    /// The socket core's use (once `AdmissionLog`'s tests): refused and evicted connections,
    /// summed up by what happened to whose, the first at once with nothing pending.
    @Test func theSocketCoresRefusalsAndEvictionsAreSummedUpByWhatAndWhose() {
        let second: UInt64 = 1_000_000
        var log = RefusalLog(intervalUs: 10 * second, noun: "connections", verb: "refused or evicted")
        #expect(log.record("first", what: "connections of uid 1000 over its limit", nowUs: 100 * second) == "first")
        #expect(log.summaryDueUs == nil, "no timer while nothing is counted")
        for i in 0..<840 {
            #expect(log.record("x", what: "connections of uid 1000 over its limit", nowUs: 100 * second + UInt64(i)) == nil)
        }
        for _ in 0..<32 { _ = log.record("x", what: "connections of uid 1001 at the server's limit", nowUs: 101 * second) }
        for _ in 0..<3 { _ = log.record("x", what: "idle connections of uid 1002 evicted", nowUs: 102 * second) }
        #expect(log.summaryDueUs == 110 * second)
        #expect(log.summary(nowUs: 110 * second)
            == "refused or evicted 875 more connections in the last 10 s: connections of uid 1000 over its limit (840), connections of uid 1001 at the server's limit (32), idle connections of uid 1002 evicted (3)")
        #expect(log.summaryDueUs == nil)
        #expect(log.record("x", what: "idle connections of uid 1000 evicted", nowUs: 115 * second) == nil)
        #expect(log.summary(nowUs: 120 * second) == "refused or evicted 1 more connection in the last 10 s: idle connections of uid 1000 evicted (1)")
        #expect(log.record("again", what: "connections of uid 1000 over its limit", nowUs: 130 * second) == "again")
    }

    /// Over any run of refusals, at most one line at once per interval, and every refusal is
    /// either logged or counted in a summary.
    @Test func atMostOneImmediateLinePerIntervalAndNothingLost() async {
        let steps = zip(Gen<Int>.int(in: 0...3_000_000), Gen<Int>.int(in: 0...3)).array(of: 1...80)
        await propertyCheck(input: steps) { steps in
            let interval: UInt64 = 10_000_000
            var log = RefusalLog(intervalUs: interval)
            var now: UInt64 = 0
            var immediate: [UInt64] = []
            var accounted = 0
            func summarize() {
                if let due = log.summaryDueUs, due <= now, let line = log.summary(nowUs: now) {
                    accounted += Int(line.split(separator: " ")[1])!
                }
            }
            for (gap, who) in steps {
                now += UInt64(gap)
                summarize()
                if log.record("line", what: "uid \(who)", nowUs: now) != nil { immediate.append(now); accounted += 1 }
            }
            now += interval
            summarize()
            #expect(accounted == steps.count)
            for (a, b) in zip(immediate, immediate.dropFirst()) { #expect(b - a >= interval) }
        }
    }
}
