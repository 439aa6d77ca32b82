// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionKeys

/// The key service's rate limit, on an injected clock (µs).
@Suite struct TokenBucketTests {
    /// `bucket.take(count, nowUs:)`, outside `#expect` (which cannot mutate).
    private func take(_ bucket: inout TokenBucket, _ count: Int, _ nowUs: UInt64) -> Bool {
        bucket.take(count, nowUs: nowUs)
    }

    @Test func aBurstThenTheRate() {
        var bucket = TokenBucket(capacity: 120, perSecond: 60, nowUs: 1_000_000)
        #expect(take(&bucket, 120, 1_000_000))
        #expect(!take(&bucket, 4, 1_000_000))
        #expect(bucket.waitUs(for: 4, nowUs: 1_000_000) == 66_667)
        #expect(!take(&bucket, 4, 1_050_000))
        #expect(take(&bucket, 4, 1_066_667))
        // A second later: 60 more, never past the capacity.
        #expect(take(&bucket, 60, 2_066_667))
        #expect(!take(&bucket, 1, 2_066_667))
        #expect(take(&bucket, 120, 100_000_000))
    }

    @Test func aRefusedTakeTakesNothing() {
        var bucket = TokenBucket(capacity: 10, perSecond: 1, nowUs: 0)
        #expect(!take(&bucket, 11, 0))
        #expect(bucket.tokens == 10)
        #expect(bucket.waitUs(for: 11, nowUs: 0) == nil)
    }

    @Test func timeGoingBackCountsAsNoTime() {
        var bucket = TokenBucket(capacity: 10, perSecond: 10, nowUs: 5_000_000)
        #expect(take(&bucket, 10, 5_000_000))
        #expect(!take(&bucket, 1, 1_000_000))
        #expect(take(&bucket, 1, 5_100_000))
    }

    /// Over any run of requests, no more is taken than the burst plus the rate times the time.
    @Test func neverMoreThanBurstPlusRate() async {
        let steps = zip(Gen<Int>.int(in: 0...200_000), Gen<Int>.int(in: 1...40)).array(of: 1...60)
        await propertyCheck(input: steps) { steps in
            var bucket = TokenBucket(capacity: 120, perSecond: 60, nowUs: 0)
            var now: UInt64 = 0
            var taken = 0
            for (gap, count) in steps {
                now += UInt64(gap)
                if bucket.take(count, nowUs: now) { taken += count }
            }
            #expect(Double(taken) <= 120 + 60 * Double(now) / 1_000_000 + 1e-6)
        }
    }
}
