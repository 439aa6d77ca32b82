// SPDX-License-Identifier: MIT
public import TransitionCore

/// The completion animation of an `ended` event, evaluated by the client at its own vsync:
/// exactly the values the server's `frame` events would carry, with no round trip.
public struct LocalAnimation: Sendable, Hashable {
    /// The decision and the animation description.
    public let ended: EndedEvent
    /// When the animation starts (the `ended` event's `time_us`), CLOCK_MONOTONIC µs.
    public let startUs: UInt64
    private let sampler: AnimationSampler

    /// Places `ended` on the timeline at `startUs`.
    public init(ended: EndedEvent, startUs: UInt64) {
        self.ended = ended
        self.startUs = startUs
        self.sampler = ended.animation.sampler
    }

    /// Seconds the animation runs.
    public var duration: Double { sampler.duration }

    /// When it reaches its target, CLOCK_MONOTONIC µs.
    public var endUs: UInt64 { startUs + UInt64((max(duration, 0) * 1e6).rounded(.up)) }

    /// Seconds since the start at `nowUs` (0 before the start).
    public func elapsed(atUs nowUs: UInt64) -> Double {
        nowUs > startUs ? Double(nowUs - startUs) / 1e6 : 0
    }

    /// Progress at `nowUs`.
    public func progress(atUs nowUs: UInt64) -> Double { sampler.value(at: elapsed(atUs: nowUs)) }

    /// Velocity (progress per second) at `nowUs`.
    public func velocity(atUs nowUs: UInt64) -> Double { sampler.velocity(at: elapsed(atUs: nowUs)) }

    /// Whether the animation has reached its target by `nowUs`.
    public func isFinished(atUs nowUs: UInt64) -> Bool { elapsed(atUs: nowUs) >= duration }

    /// The fraction of the way from `from` to `to` (UIKit's `percentComplete` of the completion),
    /// 1 when there is no distance to cover.
    public func fractionComplete(atUs nowUs: UInt64) -> Double {
        let span = ended.to - ended.from
        return span == 0 ? 1 : (progress(atUs: nowUs) - ended.from) / span
    }
}
