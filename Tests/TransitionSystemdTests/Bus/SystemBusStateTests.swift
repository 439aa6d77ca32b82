// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionSystemd

/// The pure parts of following the system bus: what sd-bus's timeout means for the loop, and what
/// the locked hints are across a drop and a recovery.
@Suite struct SystemBusStateTests {
    /// sd-bus returns a timeout of 0 when it must be processed at once (a send failed and the bus
    /// is closing): that is "now" for the loop, never a bare 0.
    @Test func sdBusTimeoutsBecomeLoopDeadlines() {
        #expect(SystemBus.deadline(timeoutResult: 1, usec: 0, nowUs: 42) == 42)
        #expect(SystemBus.deadline(timeoutResult: 1, usec: 1_000, nowUs: 42) == 1_000)
        #expect(SystemBus.deadline(timeoutResult: 1, usec: UInt64.max, nowUs: 42) == nil)
        #expect(SystemBus.deadline(timeoutResult: 0, usec: 0, nowUs: 42) == nil)
        #expect(SystemBus.deadline(timeoutResult: -107, usec: 0, nowUs: 42) == nil)
    }

    @Test func hintsAreAskedOnceAndFollowSignals() {
        var hints = LockedHints()
        let check1 = hints.follow(["c1", "c2"]) == ["c1", "c2"]
        #expect(check1)
        hints.didAsk("c1"); hints.didAsk("c2")
        let check2 = hints.follow(["c1", "c2"]) == []      // in flight: not asked twice
        #expect(check2)
        let check3 = hints.answered("c1", locked: false)
        #expect(check3)
        let check4 = hints.answered("c2", locked: true)
        #expect(check4)
        let check5 = !hints.set("c2", true)               // no change
        #expect(check5)
        let check6 = hints.set("c2", false)
        #expect(check6)
        #expect(hints.locked("c2") == false)
        let check7 = hints.follow(["c1"]) == []            // c2 is gone: forgotten
        #expect(check7)
        #expect(hints.locked("c2") == nil)
    }

    /// A session locked before the bus dropped stays locked while it is away (fail closed), is
    /// asked again once it is back, and is unlocked by the answer (it once stayed locked until
    /// a restart).
    @Test func aLockedSessionStaysLockedAcrossADropUntilTheAnswerAfterRecovery() {
        var hints = LockedHints()
        _ = hints.follow(["c1", "c2"])
        hints.didAsk("c1"); hints.didAsk("c2")
        _ = hints.answered("c1", locked: true)
        _ = hints.answered("c2", locked: false)
        hints.busLost()
        #expect(hints.locked("c1") == true)
        #expect(hints.locked("c2") == false)
        let check8 = hints.follow(["c1", "c2", "c3"]) == ["c3"] // a new session is asked once the bus is back
        #expect(check8)
        let again = hints.busRecovered()
        #expect(again == ["c1", "c2", "c3"])
        for session in again { hints.didAsk(session) }
        #expect(hints.locked("c1") == true)            // until the answer
        let check9 = hints.answered("c1", locked: false)
        #expect(check9)
        #expect(hints.locked("c1") == false)
        let check10 = !hints.answered("c2", locked: false)
        #expect(check10)
        let check11 = !hints.answered("c3", locked: nil)    // logind did not say: unknown, not unlocked
        #expect(check11)
        #expect(hints.locked("c3") == nil)
    }

    @Test func aDropForgetsTheQuestionsInFlight() {
        var hints = LockedHints()
        _ = hints.follow(["c1"])
        hints.didAsk("c1")
        hints.busLost()
        #expect(hints.asked.isEmpty)
        let check12 = hints.follow(["c1"]) == ["c1"]
        #expect(check12)
    }
}
