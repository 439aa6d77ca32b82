// SPDX-License-Identifier: MIT
extension CurveAnimation {
    /// The duration actually used: ``duration`` when finite and positive, else 0.
    var effectiveDuration: Double { duration.isFinite && duration > 0 ? duration : 0 }

    /// The value at `t` seconds: ``from`` for `t ≤ 0`, exactly ``to`` for `t ≥ duration`
    /// (and always when the duration is 0, negative or not finite).
    public func value(at t: Double) -> Double {
        let d = effectiveDuration
        guard !t.isNaN else { return from }
        if t >= d { return to }
        if t <= 0 { return from }
        return from + (to - from) * curve.value(at: t / d)
    }

    /// The velocity (progress per second) at `t`: (to − from)·curve′(t/T)/T, 0 from the end on.
    public func velocity(at t: Double) -> Double {
        let d = effectiveDuration
        guard !t.isNaN, t < d else { return 0 }
        let v = (to - from) * curve.slope(at: t / d) / d
        return v.isFinite ? v : 0
    }

    /// The velocity at t = 0 relative to the span, `velocity(at: 0) / (to − from)`; 0 when
    /// `to == from`.
    public var relativeInitialVelocity: Double {
        relativeVelocity(velocity(at: 0), from: from, to: to)
    }
}

extension CurveTiming {
    /// The duration in seconds of a curve from `from` to `to` released at `velocity`
    /// (progress per second).
    ///
    /// - ``velocityMatched(min:max:)``: GNOME Shell's `swipeTracker.js` and libadwaita:
    ///   T = clamp(3·|to − from|/|v|, min, max); 0 when `to == from`; `max` when v = 0.
    ///   With ``Curve/easeOutCubic`` (initial slope 3) the animation starts at the release speed.
    /// - ``uikit(duration:completionSpeed:)``: `UIPercentDrivenInteractiveTransition`:
    ///   duration·(1 − p)/completionSpeed to finish, duration·p/completionSpeed to cancel,
    ///   i.e. duration·|to − from|/completionSpeed with the finish point 1 and cancel point 0.
    ///
    /// Never negative, never NaN: non-finite or negative settings give 0.
    public func duration(from: Double, to: Double, velocity: Double) -> Double {
        let span = abs(to - from)
        guard span.isFinite, span > 0 else { return 0 }
        let t: Double
        switch self {
        case .velocityMatched(let lo, let hi):
            let speed = abs(velocity)
            let raw = speed.isFinite && speed > 0 ? 3 * span / speed : .infinity
            t = min(max(raw, lo), hi)
        case .uikit(let duration, let completionSpeed):
            guard completionSpeed > 0 else { return 0 }
            t = duration * span / completionSpeed
        }
        return t.isFinite && t > 0 ? t : 0
    }

    /// GNOME Shell's and libadwaita's bounds: 100 ms to 400 ms.
    public static let gnome = CurveTiming.velocityMatched(min: 0.1, max: 0.4)
}
