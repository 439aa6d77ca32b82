// SPDX-License-Identifier: MIT
import TransitionCore
import TransitionTouchegg

#if canImport(Glibc)
import Glibc
#endif

/// The update paths that must not allocate, each driven a number of times, with the allocations
/// a counter saw while they ran. Shared by the tests that check what the paths produce
/// (`HotPathAllocationTests`, `ToucheggHotPathTests`) and by `transition-allocation-probe`,
/// which `tests/allocations/run` builds beside the release daemon CI packages and runs under the
/// project's malloc counter (`tests/allocations/malloc-count.c`, preloaded).
public enum HotPathProbes {
    /// Allocations so far on the calling thread.
    public typealias Counter = () -> UInt

    /// What one probe saw.
    public struct Outcome: Sendable {
        /// Allocations between the first and the last driven update (0 without a counter).
        public var allocations: UInt
        /// Events (or signals) the path produced in all.
        public var produced: Int
        /// The last progress the path reported.
        public var lastProgress: Double
    }

    /// The malloc counter's `malloc_probe_count`, when a counter exporting it is loaded.
    public static func mallocCounter() -> Counter? {
        typealias CCounter = @convention(c) () -> UInt
        guard let symbol = dlsym(nil, "malloc_probe_count") else { return nil }   // nil: RTLD_DEFAULT
        let count = unsafeBitCast(symbol, to: CCounter.self)
        return { count() }
    }

    /// The engine's update path: `updates` updates of a three-finger swipe, with another
    /// transition animating so that every update also checks the deadlines. Produces
    /// `updates + 4` events.
    public static func engine(updates: Int, counter: Counter?) throws -> Outcome {
        var engine = try TransitionEngine(configuration: .standard)
        var produced = 0
        var last = 0.0
        try engine.trigger("swipe4-up", nowUs: 0) { _ in produced += 1 }
        engine.handle(.begin(GestureBegin(device: DeviceID(1), source: .swipe, fingers: 3, timeUs: 1))) { _ in produced += 1 }
        engine.handle(.update(GestureUpdate(device: DeviceID(1), dx: 20, dy: 0, timeUs: 2))) { _ in produced += 1 }
        let before = counter?() ?? 0
        var t: UInt64 = 2
        for k in 0..<updates {
            t += 1                                      // µs apart: the animation stays running
            let dx: Double = k % 2 == 0 ? 0.5 : -0.5
            engine.handle(.update(GestureUpdate(device: DeviceID(1), dx: dx, dy: 0.1, timeUs: t))) { event in
                produced += 1
                if case .updated(let u) = event.payload { last = u.rawProgress }
            }
        }
        let after = counter?() ?? 0
        return Outcome(allocations: after - before, produced: produced, lastProgress: last)
    }

    /// The same for a transition a client declared with four pages, driven past its last page
    /// (the rubber band's upper end). Produces `updates + 2` events.
    public static func pagedEngine(updates: Int, counter: Counter?) throws -> Outcome {
        var engine = try TransitionEngine(configuration: .standard)
        let declared = DeclaredTransition(spec: TransitionSpec(name: "workspaces", pages: Pages(count: 4, current: 3)),
                                          gestures: [DeclaredGesture(name: "swipe3-left")!],
                                          owner: DeclarationOwner(client: 1, pid: 1))
        try engine.declare(declared, nowUs: 0) { _ in }
        var produced = 0
        var last = 0.0
        engine.handle(.begin(GestureBegin(device: DeviceID(1), source: .swipe, fingers: 3, timeUs: 1))) { _ in produced += 1 }
        engine.handle(.update(GestureUpdate(device: DeviceID(1), dx: -20, dy: 0, timeUs: 2))) { _ in produced += 1 }
        let before = counter?() ?? 0
        var t: UInt64 = 2
        for _ in 0..<updates {
            t += 1
            engine.handle(.update(GestureUpdate(device: DeviceID(1), dx: -0.5, dy: 0.1, timeUs: t))) { event in
                produced += 1
                if case .updated(let u) = event.payload { last = u.progress }
            }
        }
        let after = counter?() ?? 0
        return Outcome(allocations: after - before, produced: produced, lastProgress: last)
    }

    /// The Touchégg endpoint's update path (tracker, then encoder): `updates` updates of a begun
    /// swipe, each encoded as a D-Bus signal. Produces `updates` signals; the encoder's bytes
    /// stay a whole number of 8-byte aligned messages.
    public static func touchegg(updates: Int, counter: Counter?) -> (outcome: Outcome, encodedBytes: Int) {
        var tracker = ToucheggTracker()
        var encoder = ToucheggSignalEncoder()
        var serial: UInt32 = 1
        let began = TransitionEvent(transition: "swipe3-left", gesture: 1, timeUs: 1_000,
                                    payload: .began(BeganEvent(origin: .gesture(source: .swipe, fingers: 3, device: DeviceID(1)),
                                                               direction: .left, from: 0, interactive: true)))
        if let first = tracker.signals(for: began).first { encoder.encode(first, serial: serial) }
        let before = counter?() ?? 0
        var produced = 0
        var last = 0.0
        for k in 0..<updates {
            let progress = Double(k % 100) / 100
            let event = TransitionEvent(transition: "swipe3-left", gesture: 1, timeUs: 2_000 + UInt64(k) * 100,
                                        payload: .updated(UpdatedEvent(progress: progress, rawProgress: 0, velocity: 0)))
            tracker.signals(for: event) { signal in
                serial &+= 1
                encoder.encode(signal, serial: serial)
                produced += 1
            }
            last = progress
        }
        let after = counter?() ?? 0
        return (Outcome(allocations: after - before, produced: produced, lastProgress: last), encoder.bytes.count)
    }
}
