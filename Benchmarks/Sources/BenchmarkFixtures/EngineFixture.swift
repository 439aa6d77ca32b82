// SPDX-License-Identifier: MIT
public import TransitionCore

/// Engines in a known state, for benchmarks that start mid-gesture.
public enum Fixture {
    /// The touchpad every fixture gesture comes from.
    public static let device = DeviceID(1)
    /// CLOCK_MONOTONIC µs of the fixture gesture's begin.
    public static let startUs: UInt64 = 1_000_000_000

    /// One transition, `workspace-right`, driven by a three-finger swipe to the right.
    public static let configuration = EngineConfiguration(
        transitions: [TransitionSpec(name: "workspace-right")],
        bindings: [Binding(source: .swipe, fingers: 3, direction: .right, transition: "workspace-right")])

    /// An engine whose transition is interactive: a swipe began and moved past the slop, so every
    /// further update emits one `updated`.
    public static func interactiveEngine() -> TransitionEngine {
        // The fixture configuration is valid; a refusal means the engine changed its rules.
        guard var engine = try? TransitionEngine(configuration: configuration) else {
            fatalError("the fixture configuration was refused")
        }
        var t = startUs
        engine.handle(.begin(GestureBegin(device: device, source: .swipe, fingers: 3, timeUs: t)), emit: { _ in })
        for _ in 0..<10 {
            t += 7000
            engine.handle(.update(GestureUpdate(device: device, dx: 8, dy: 0, timeUs: t)), emit: { _ in })
        }
        return engine
    }
}

/// Consumes events the way the daemon's sinks do, without letting the optimiser drop them.
public struct EventSink {
    /// Events seen.
    public private(set) var count = 0
    /// The latest `updated` progress.
    public private(set) var progress = 0.0

    public init() {}

    /// Takes one event.
    @inline(never)
    public mutating func take(_ event: TransitionEvent) {
        count &+= 1
        if case .updated(let u) = event.payload { progress = u.progress }
    }
}

extension Fixture {
    /// A typical `updated` event mid-gesture.
    public static let updatedEvent = TransitionEvent(
        transition: "workspace-right", gesture: 42, timeUs: startUs + 100_000,
        payload: .updated(UpdatedEvent(progress: 0.4375, rawProgress: 0.4375, velocity: 1.25)))
}
