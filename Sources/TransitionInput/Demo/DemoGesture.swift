// SPDX-License-Identifier: MIT
public import TransitionCore

/// One gesture of the built-in demo (`transitiond --demo`): recognised samples as the input
/// layer would hand them to the engine, timed from 0, and what the engine should make of them.
public struct DemoGesture: Sendable, Hashable {
    /// A short name for logs, e.g. `long swipe`.
    public var name: String
    /// What the gesture shows, e.g. `3-finger swipe left past the end: finishes by position`.
    public var summary: String
    /// The transition the default configuration binds it to.
    public var transition: String
    /// The outcome of its last decision with the default configuration.
    public var outcome: Outcome
    /// The reason of its last decision with the default configuration.
    public var reason: EndReason
    /// The samples; times are CLOCK_MONOTONIC-like µs from the gesture's first sample (0).
    public var samples: [GestureInput]

    /// A demo gesture.
    public init(name: String, summary: String, transition: String, outcome: Outcome, reason: EndReason,
                samples: [GestureInput]) {
        self.name = name; self.summary = summary; self.transition = transition
        self.outcome = outcome; self.reason = reason; self.samples = samples
    }

    /// µs from the first sample to the last.
    public var durationUs: UInt64 { samples.last?.timeUs ?? 0 }
}
