// SPDX-License-Identifier: MIT
import Testing
import TransitionIO

/// When to try a lost connection again (the system bus, the client library, transitionctl).
@Suite struct ReconnectBackoffTests {
    @Test func backoffDoublesUpToItsCeilingAndStartsOverAfterASuccess() {
        var backoff = ReconnectBackoff()
        let delays = (0..<9).map { _ in backoff.nextDelayUs() }
        #expect(delays == [250_000, 500_000, 1_000_000, 2_000_000, 4_000_000, 8_000_000,
                           10_000_000, 10_000_000, 10_000_000])
        #expect(backoff.attempts == 9)
        backoff.reset()
        #expect(backoff.nextDelayUs() == 250_000)
    }

    @Test func backoffNeverOverflows() {
        var backoff = ReconnectBackoff(initialUs: UInt64.max / 3, maximumUs: UInt64.max)
        for _ in 0..<100 {
            let delay = backoff.nextDelayUs()
            #expect(delay >= UInt64.max / 3)
        }
    }
}
