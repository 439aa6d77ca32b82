// SPDX-License-Identifier: MIT
import HotPathProbes
import Testing

/// The Touchégg endpoint's update path (tracker, then encoder) must not allocate. Like
/// `HotPathAllocationTests`: this drives it (`HotPathProbes`) and checks the signals;
/// `tests/allocations/run` counts its allocations in the release build.
@Suite struct ToucheggHotPathTests {
    @Test func toucheggHotPathAllocationProbe() {
        let probe = HotPathProbes.touchegg(updates: 10_000, counter: nil)
        #expect(probe.outcome.produced == 10_000)
        #expect(probe.encodedBytes % 8 == 0)
    }
}
