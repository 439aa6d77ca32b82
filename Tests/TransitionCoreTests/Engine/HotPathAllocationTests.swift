// SPDX-License-Identifier: MIT
import HotPathProbes
import Testing
import TransitionCore

/// The engine's update paths must not allocate. These tests drive them (`HotPathProbes`) and
/// check what they produce; the count is not asserted here, where the build is a debug one
/// (unoptimised code allocates frames for the standard library's `_modify` accessor coroutines,
/// about 22 per update, which optimisation inlines away). `tests/allocations/run`, a step of
/// `scripts/test`, counts them: the same probes in `transition-allocation-probe`, built in
/// release beside the daemon CI packages and run under the project's malloc counter, preloaded.
/// Here a preloaded counter's figure is only printed.
@Suite struct HotPathAllocationTests {
    @Test func hotPathAllocationProbe() throws {
        let counter = HotPathProbes.mallocCounter()
        let outcome = try HotPathProbes.engine(updates: 10_000, counter: counter)
        #expect(outcome.produced == 10_004)
        #expect(outcome.lastProgress.isFinite)
        if counter != nil { print("hotPathAllocationProbe (debug): \(outcome.allocations) allocations") }
    }

    /// The same for a transition a client declared with pages, driven past its last page.
    @Test func pagedHotPathAllocationProbe() throws {
        let outcome = try HotPathProbes.pagedEngine(updates: 10_000, counter: HotPathProbes.mallocCounter())
        #expect(outcome.produced == 10_002)
        #expect(outcome.lastProgress > 3 && outcome.lastProgress <= 3 + RubberBand().limit)     // banded beyond the last page
    }
}
