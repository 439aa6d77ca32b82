// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionServer

@Suite struct AdmissionLogTests {
    let second: UInt64 = 1_000_000

    @Test func theFirstOutcomeIsLoggedAtOnceWithNothingPending() {
        var log = AdmissionLog(intervalUs: 10 * second)
        #expect(log.record(.refusedPerUser, uid: 1000, line: "first", nowUs: 100 * second) == "first")
        #expect(log.summaryDueUs == nil, "no timer while nothing is counted")
        #expect(log.summary(nowUs: 110 * second) == nil)
    }

    @Test func aFloodBecomesOneSummaryPerInterval() {
        var log = AdmissionLog(intervalUs: 10 * second)
        _ = log.record(.refusedPerUser, uid: 1000, line: "first", nowUs: 100 * second)
        for i in 0..<840 { #expect(log.record(.refusedPerUser, uid: 1000, line: "x", nowUs: 100 * second + UInt64(i)) == nil) }
        for _ in 0..<32 { _ = log.record(.refusedGlobal, uid: 1001, line: "x", nowUs: 101 * second) }
        for _ in 0..<3 { _ = log.record(.evicted, uid: 1002, line: "x", nowUs: 102 * second) }
        #expect(log.summaryDueUs == 110 * second)
        #expect(log.summary(nowUs: 110 * second)
            == "refused 872 connections in the last 10 s: too many clients of one user (uid 1000: 840), too many clients (uid 1001: 32); evicted 3 idle connections (uid 1002: 3)")
        #expect(log.summaryDueUs == nil)
        // Within an interval of the summary: counted, not logged.
        #expect(log.record(.evicted, uid: 1000, line: "x", nowUs: 115 * second) == nil)
        #expect(log.summaryDueUs == 120 * second)
        #expect(log.summary(nowUs: 120 * second) == "evicted 1 idle connection in the last 10 s (uid 1000: 1)")
        // A quiet interval later: at once again.
        #expect(log.record(.refusedGlobal, uid: 1000, line: "again", nowUs: 130 * second) == "again")
    }

    @Test func theSummaryNamesTheFiveBusiestUsers() {
        var log = AdmissionLog(intervalUs: 10 * second)
        _ = log.record(.refusedGlobal, uid: 1, line: "first", nowUs: 0)
        for uid in UInt32(1)...7 { for _ in 0..<Int(uid) { _ = log.record(.refusedGlobal, uid: uid, line: "x", nowUs: 1) } }
        #expect(log.summary(nowUs: 10 * second)
            == "refused 28 connections in the last 10 s: too many clients (uid 7: 7, uid 6: 6, uid 5: 5, uid 4: 4, uid 3: 3, 2 more users)")
    }
}
