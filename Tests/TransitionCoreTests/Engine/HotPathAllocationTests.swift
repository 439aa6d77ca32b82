// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionCore
import TransitionTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The update path must not allocate. This test drives it; on its own it only checks the
/// events. Run under a malloc counter that exports `unsigned long malloc_probe_count(void)`
/// (the project's, `tests/allocations/malloc-count.c`, preloaded: it counts the calling thread's
/// malloc, calloc, realloc and aligned allocations), it also counts the allocations the updates
/// made, and in an optimised build asserts there were none. `tests/allocations/run` (a step of
/// `scripts/test`) does that:
///
///     swift build -c release --build-tests -Xswiftc -enable-testing
///     LD_PRELOAD=/path/libmalloc-count.so swift test -c release --skip-build --filter hotPathAllocationProbe
///
/// Debug builds are only reported, not asserted: unoptimised code allocates frames for the
/// standard library's `_modify` accessor coroutines (about 22 per update here), which
/// optimisation inlines away. `TRANSITIOND_PROBE_UPDATES` sets the number of updates
/// (default 10 000).
@Suite struct HotPathAllocationTests {
    @Test func hotPathAllocationProbe() {
        let updates = getenv("TRANSITIOND_PROBE_UPDATES").flatMap { Int(String(cString: $0)) } ?? 10_000
        typealias Counter = @convention(c) () -> UInt
        let counter = dlsym(nil, "malloc_probe_count")      // nil: RTLD_DEFAULT, every loaded object
        let count: Counter? = counter.map { unsafeBitCast($0, to: Counter.self) }
        if getenv("TRANSITIOND_EXPECT_MALLOC_COUNTER") != nil {     // tests/allocations/run: no counter, no claim checked
            #expect(count != nil, "no malloc_probe_count loaded (LD_PRELOAD the counter of tests/allocations)")
        }

        var engine = try! TransitionEngine(configuration: .standard)
        var seen = 0
        var last = 0.0
        // Another transition animating, so every update also checks the deadlines.
        try! engine.trigger("swipe4-up", nowUs: 0) { _ in seen += 1 }
        engine.handle(.begin(GestureBegin(device: DeviceID(1), source: .swipe, fingers: 3, timeUs: 1))) { _ in seen += 1 }
        engine.handle(.update(GestureUpdate(device: DeviceID(1), dx: 20, dy: 0, timeUs: 2))) { _ in seen += 1 }
        let before = count?() ?? 0
        var t: UInt64 = 2
        for k in 0..<updates {
            t += 1                                      // µs apart: the animation stays running
            let dx: Double = k % 2 == 0 ? 0.5 : -0.5
            engine.handle(.update(GestureUpdate(device: DeviceID(1), dx: dx, dy: 0.1, timeUs: t))) { event in
                seen += 1
                if case .updated(let u) = event.payload { last = u.rawProgress }
            }
        }
        let after = count?() ?? 0
        #expect(seen == updates + 4)
        #expect(last.isFinite)
        if count != nil {
            print("hotPathAllocationProbe: \(after - before) allocations in \(updates) updates")
            #if !DEBUG
            #expect(after - before == 0, "\(after - before) allocations in \(updates) updates")
            #endif
        }
    }

    /// The same for a transition a client declared with pages, driven past its last page (the
    /// rubber band's upper end is the drive's, so the path is the one above).
    @Test func pagedHotPathAllocationProbe() throws {
        let updates = getenv("TRANSITIOND_PROBE_UPDATES").flatMap { Int(String(cString: $0)) } ?? 10_000
        typealias Counter = @convention(c) () -> UInt
        let count: Counter? = dlsym(nil, "malloc_probe_count").map { unsafeBitCast($0, to: Counter.self) }
        var engine = try TransitionEngine(configuration: .standard)
        let declared = DeclaredTransition(spec: TransitionSpec(name: "workspaces", pages: Pages(count: 4, current: 3)),
                                          gestures: [DeclaredGesture(name: "swipe3-left")!],
                                          owner: DeclarationOwner(client: 1, pid: 1))
        try engine.declare(declared, nowUs: 0) { _ in }
        var seen = 0
        var last = 0.0
        engine.handle(.begin(GestureBegin(device: DeviceID(1), source: .swipe, fingers: 3, timeUs: 1))) { _ in seen += 1 }
        engine.handle(.update(GestureUpdate(device: DeviceID(1), dx: -20, dy: 0, timeUs: 2))) { _ in seen += 1 }
        let before = count?() ?? 0
        var t: UInt64 = 2
        for _ in 0..<updates {
            t += 1
            engine.handle(.update(GestureUpdate(device: DeviceID(1), dx: -0.5, dy: 0.1, timeUs: t))) { event in
                seen += 1
                if case .updated(let u) = event.payload { last = u.progress }
            }
        }
        let after = count?() ?? 0
        #expect(seen == updates + 2)
        #expect(last > 3 && last <= 3 + RubberBand().limit)     // banded beyond the last page
        if count != nil {
            print("pagedHotPathAllocationProbe: \(after - before) allocations in \(updates) updates")
            #if !DEBUG
            #expect(after - before == 0, "\(after - before) allocations in \(updates) updates")
            #endif
        }
    }
}
