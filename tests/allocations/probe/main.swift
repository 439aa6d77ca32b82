// SPDX-License-Identifier: MIT
// transition-allocation-probe: drives the update paths that must not allocate (HotPathProbes)
// under the project's malloc counter, preloaded, in the optimised build the package ships
// (tests/allocations/run builds it in the package's scratch path, with its flags). Prints one
// line per probe, "NAME: N allocations in M updates", and exits 1 if any allocated, or 2 if no
// counter is loaded (nothing could be counted).
//   LD_PRELOAD=libmalloc-count.so transition-allocation-probe [UPDATES (default 10000)]
import HotPathProbes

#if canImport(Glibc)
import Glibc
#endif

/// Writes `text` and a newline to standard error.
func complain(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// Prints what the probe `name` saw; whether it allocated nothing and produced what it should.
func report(_ name: String, _ outcome: HotPathProbes.Outcome, updates: Int, produced: Int) -> Bool {
    print("\(name): \(outcome.allocations) allocations in \(updates) updates")
    guard outcome.produced == produced else {
        complain("transition-allocation-probe: \(name) produced \(outcome.produced), not \(produced)")
        return false
    }
    return outcome.allocations == 0
}

let updates = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000
guard let counter = HotPathProbes.mallocCounter() else {
    complain("transition-allocation-probe: no malloc_probe_count loaded (LD_PRELOAD tests/allocations' counter)")
    exit(2)
}
do {
    let results = [
        report("hotPathAllocationProbe", try HotPathProbes.engine(updates: updates, counter: counter),
               updates: updates, produced: updates + 4),
        report("pagedHotPathAllocationProbe", try HotPathProbes.pagedEngine(updates: updates, counter: counter),
               updates: updates, produced: updates + 2),
        report("toucheggHotPathAllocationProbe", HotPathProbes.touchegg(updates: updates, counter: counter).outcome,
               updates: updates, produced: updates),
    ]
    exit(results.allSatisfy { $0 } ? 0 : 1)
} catch {
    complain("transition-allocation-probe: \(error)")
    exit(1)
}
