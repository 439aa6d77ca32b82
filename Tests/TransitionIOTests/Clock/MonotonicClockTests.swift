// SPDX-License-Identifier: MIT
import Testing
import TransitionIO

@Suite struct MonotonicClockTests {
    /// Microseconds and nanoseconds read the same clock, and it never goes back.
    @Test func microsecondsAndNanosecondsAgreeAndNeverGoBack() {
        let firstNs = MonotonicClock.nowNs()
        let us = MonotonicClock.nowUs()
        let lastNs = MonotonicClock.nowNs()
        #expect(firstNs / 1000 <= us)
        #expect(us <= lastNs / 1000)
    }

    /// A sleep until a deadline returns at or after it.
    @Test func sleepingUntilADeadlineReturnsAfterIt() {
        let deadline = MonotonicClock.nowNs() + 1_000_000
        MonotonicClock.sleep(untilNs: deadline)
        #expect(MonotonicClock.nowNs() >= deadline)
        MonotonicClock.sleep(seconds: -1) // nothing to wait for
        MonotonicClock.sleep(seconds: .nan)
    }
}
