// SPDX-License-Identifier: MIT
extension AnimationDescription {
    /// Where the animation starts (``to`` for ``none(to:)``).
    public var from: Double {
        switch self {
        case .none(let to): to
        case .spring(let s): s.from
        case .curve(let c): c.from
        }
    }

    /// Where the animation ends; ``value(at:)`` returns exactly this from ``duration`` on.
    public var to: Double {
        switch self {
        case .none(let to): to
        case .spring(let s): s.to
        case .curve(let c): c.to
        }
    }

    /// Seconds until the animation has reached ``to``: 0 for ``none(to:)``, the settle time of
    /// a spring (see ``SpringAnimation/duration``), a curve's (sanitised) duration.
    public var duration: Double {
        switch self {
        case .none: 0
        case .spring(let s): s.duration
        case .curve(let c): c.effectiveDuration
        }
    }

    /// The value `t` seconds after the start.
    public func value(at t: Double) -> Double {
        switch self {
        case .none(let to): to
        case .spring(let s): s.value(at: t)
        case .curve(let c): c.value(at: t)
        }
    }

    /// The velocity, progress per second, `t` seconds after the start.
    public func velocity(at t: Double) -> Double {
        switch self {
        case .none: 0
        case .spring(let s): s.velocity(at: t)
        case .curve(let c): c.velocity(at: t)
        }
    }

    /// The initial velocity relative to the span, v/(to − from) (UIKit's
    /// `UISpringTimingParameters.initialVelocity`); 0 when `to == from`.
    public var relativeInitialVelocity: Double {
        switch self {
        case .none: 0
        case .spring(let s): s.relativeInitialVelocity
        case .curve(let c): c.relativeInitialVelocity
        }
    }

    /// The duration, the settle time computed once, so sampling many times is cheap: use this
    /// on a hot path (the server's frame timer) instead of calling ``value(at:)`` repeatedly.
    public var sampler: AnimationSampler { AnimationSampler(self) }
}

/// An animation with its duration computed once. `value(at:)`, `velocity(at:)` and `duration`
/// agree exactly with ``AnimationDescription``'s.
public struct AnimationSampler: Sendable, Hashable {
    /// The animation being sampled.
    public let animation: AnimationDescription
    /// ``AnimationDescription/duration``, computed once.
    public let duration: Double

    /// Computes the duration of `animation` once.
    public init(_ animation: AnimationDescription) {
        self.animation = animation
        self.duration = animation.duration
    }

    /// ``AnimationDescription/value(at:)``.
    public func value(at t: Double) -> Double {
        if case .spring(let s) = animation {
            guard s.to.isFinite else { return s.to }
            guard t.isFinite else { return t > 0 ? s.to : (s.from.isFinite ? s.from : s.to) }
            if t >= duration { return s.to }
            if t <= 0 && s.from.isFinite { return s.from }
            return s.to + SpringSolution(s).displacement(at: t)
        }
        return animation.value(at: t)
    }

    /// ``AnimationDescription/velocity(at:)``.
    public func velocity(at t: Double) -> Double {
        if case .spring(let s) = animation {
            guard s.to.isFinite, !t.isNaN, t < duration else { return 0 }
            return SpringSolution(s).velocity(at: max(t, 0))
        }
        return animation.velocity(at: t)
    }
}
