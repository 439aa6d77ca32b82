// SPDX-License-Identifier: MIT
extension CompletionStyle {
    /// The completion animation after a release (or a cancel) from `from` to `to`, starting at
    /// `velocity` (progress per second).
    ///
    /// A spring starts at the velocity; a curve gets its duration from its ``CurveTiming``
    /// (GNOME's velocity match or UIKit's remaining fraction).
    public func animation(from: Double, to: Double, velocity: Double) -> AnimationDescription {
        let v = velocity.isFinite ? velocity : 0
        switch self {
        case .spring(let parameters):
            return .spring(SpringAnimation(from: from, to: to, initialVelocity: v, parameters: parameters))
        case .curve(let curve, let timing):
            return .curve(CurveAnimation(from: from, to: to, curve: curve,
                                         duration: timing.duration(from: from, to: to, velocity: v)))
        }
    }

    /// The animation of a non-interactive run (`trigger`) from `from` to `to`.
    ///
    /// A curve runs `duration`·|to − from| seconds: the full `duration` for a whole run 0 → 1,
    /// proportionally less when it starts part-way (a trigger taking over a running animation),
    /// as a UIKit animator does when reversed. Its ``CurveTiming`` is not used. A spring starts
    /// at `velocity` and takes the time its physics takes; `duration` does not apply to it.
    public func triggerAnimation(from: Double, to: Double, velocity: Double, duration: Double) -> AnimationDescription {
        let v = velocity.isFinite ? velocity : 0
        switch self {
        case .spring(let parameters):
            return .spring(SpringAnimation(from: from, to: to, initialVelocity: v, parameters: parameters))
        case .curve(let curve, _):
            let span = abs(to - from)
            let t = duration * span
            return .curve(CurveAnimation(from: from, to: to, curve: curve, duration: t.isFinite && t > 0 ? t : 0))
        }
    }
}
