// SPDX-License-Identifier: MIT
/// When to try a lost connection again: the first retry soon, each later one twice as late, up
/// to a ceiling; a success starts over. Pure: the caller schedules a loop timer for each delay.
public struct ReconnectBackoff: Sendable, Hashable {
    /// The first delay, µs.
    public let initialUs: UInt64
    /// The longest delay, µs.
    public let maximumUs: UInt64
    /// Failed attempts since the last success.
    public private(set) var attempts = 0

    /// 250 ms, then 0.5 s, 1 s, 2 s … up to 10 s: a restarted dbus-daemon is found within a few
    /// seconds, and a bus gone for good costs one wake-up every 10 s.
    public init(initialUs: UInt64 = 250_000, maximumUs: UInt64 = 10_000_000) {
        self.initialUs = initialUs
        self.maximumUs = max(initialUs, maximumUs)
    }

    /// The delay before the next attempt, counting one more attempt.
    public mutating func nextDelayUs() -> UInt64 {
        let shift = min(attempts, 40)
        attempts += 1
        let (delay, overflow) = initialUs.multipliedReportingOverflow(by: UInt64(1) << UInt64(shift))
        return overflow ? maximumUs : min(delay, maximumUs)
    }

    /// A connection succeeded: the next loss starts from ``initialUs`` again.
    public mutating func reset() { attempts = 0 }
}
