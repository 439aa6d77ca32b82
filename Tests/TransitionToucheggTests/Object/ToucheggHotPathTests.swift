// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
import TransitionTouchegg

#if canImport(Glibc)
import Glibc
#endif

/// The Touchégg endpoint's update path (tracker, then encoder) must not allocate. Like
/// `hotPathAllocationProbe` in TransitionCoreTests: under a malloc counter exporting
/// `malloc_probe_count` (LD_PRELOAD) in an optimised build it asserts no allocation; otherwise it
/// only drives the path and checks the signals.
@Suite struct ToucheggHotPathTests {
    @Test func toucheggHotPathAllocationProbe() throws {
        typealias Counter = @convention(c) () -> UInt
        let count: Counter? = dlsym(nil, "malloc_probe_count").map { unsafeBitCast($0, to: Counter.self) }
        if getenv("TRANSITIOND_EXPECT_MALLOC_COUNTER") != nil {     // tests/allocations/run: no counter, no claim checked
            #expect(count != nil, "no malloc_probe_count loaded (LD_PRELOAD the counter of tests/allocations)")
        }
        var tracker = ToucheggTracker()
        var encoder = ToucheggSignalEncoder()
        var serial: UInt32 = 0
        let began = TransitionEvent(transition: "swipe3-left", gesture: 1, timeUs: 1_000,
                                    payload: .began(BeganEvent(origin: .gesture(source: .swipe, fingers: 3, device: DeviceID(1)),
                                                               direction: .left, from: 0, interactive: true)))
        let first = tracker.signals(for: began).first
        encoder.encode(try #require(first), serial: 1)
        let before = count?() ?? 0
        var updates = 0
        for k in 0..<10_000 {
            let event = TransitionEvent(transition: "swipe3-left", gesture: 1, timeUs: 2_000 + UInt64(k) * 100,
                                        payload: .updated(UpdatedEvent(progress: Double(k % 100) / 100, rawProgress: 0, velocity: 0)))
            tracker.signals(for: event) { signal in
                serial &+= 1
                encoder.encode(signal, serial: serial)
                updates += 1
            }
        }
        let after = count?() ?? 0
        #expect(updates == 10_000)
        #expect(encoder.bytes.count % 8 == 0)
        if count != nil {
            print("toucheggHotPathAllocationProbe: \(after - before) allocations in \(updates) updates")
            #if !DEBUG
            #expect(after - before == 0, "\(after - before) allocations in \(updates) updates")
            #endif
        }
    }
}
