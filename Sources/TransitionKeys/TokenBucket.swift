// SPDX-License-Identifier: MIT

/// A token bucket: up to ``capacity`` tokens, refilled at ``perSecond`` a second; taking more
/// than there are takes nothing. Pure: the caller passes the time (CLOCK_MONOTONIC µs).
public struct TokenBucket: Equatable, Sendable {
    /// Most tokens it holds (the burst).
    public let capacity: Double
    /// Tokens added a second.
    public let perSecond: Double
    /// Tokens now (at ``updatedUs``).
    public private(set) var tokens: Double
    /// When ``tokens`` was last brought up to date.
    public private(set) var updatedUs: UInt64

    /// A full bucket at `nowUs`.
    public init(capacity: Double, perSecond: Double, nowUs: UInt64) {
        self.capacity = capacity; self.perSecond = perSecond
        tokens = capacity; updatedUs = nowUs
    }

    /// Takes `count` tokens if there are that many at `nowUs`; returns whether it did. A time
    /// before the last one counts as the last one.
    public mutating func take(_ count: Int, nowUs: UInt64) -> Bool {
        refill(nowUs: nowUs)
        let wanted = Double(count)
        guard wanted <= tokens else { return false }
        tokens -= wanted
        return true
    }

    /// How long until `count` tokens are there, in µs (0: now; `nil`: never, more than the capacity).
    public func waitUs(for count: Int, nowUs: UInt64) -> UInt64? {
        var copy = self
        copy.refill(nowUs: nowUs)
        let missing = Double(count) - copy.tokens
        if missing <= 0 { return 0 }
        guard Double(count) <= capacity, perSecond > 0 else { return nil }
        return UInt64((missing / perSecond * 1_000_000).rounded(.up))
    }

    private mutating func refill(nowUs: UInt64) {
        guard nowUs > updatedUs else { return }
        tokens = min(capacity, tokens + Double(nowUs - updatedUs) / 1_000_000 * perSecond)
        updatedUs = nowUs
    }
}
