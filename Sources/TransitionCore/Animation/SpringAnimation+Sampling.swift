// SPDX-License-Identifier: MIT
extension SpringParameters {
    /// The parameters actually used for sampling: any value that is not finite, or is out of
    /// range, is replaced with the ``default`` one (mass and stiffness must be > 0, the
    /// damping ratio > 0, epsilon > 0). The engine rejects such values in its configuration
    /// (``TransitionEngine/init(configuration:)``); this only keeps a client that decoded
    /// garbage from producing NaN.
    public var sanitized: SpringParameters {
        let d = SpringParameters.default
        return SpringParameters(
            mass: mass.isFinite && mass > 0 ? mass : d.mass,
            stiffness: stiffness.isFinite && stiffness > 0 ? stiffness : d.stiffness,
            dampingRatio: dampingRatio.isFinite && dampingRatio > 0 ? dampingRatio : d.dampingRatio,
            epsilon: epsilon.isFinite && epsilon > 0 ? epsilon : d.epsilon)
    }

    /// Time for a spring released at rest one progress unit from its target to settle within
    /// ``epsilon``, seconds: how long a whole-run animation with these parameters takes. A
    /// configuration loader may warn when it is long (a very soft spring animates for minutes).
    public var unitSettleTime: Double {
        SpringAnimation(from: 1, to: 0, initialVelocity: 0, parameters: self).duration
    }
}

extension SpringAnimation {
    /// The settle time in seconds: from then on the closed-form motion stays within
    /// `parameters.epsilon` of ``to``, and ``value(at:)`` returns exactly ``to``.
    ///
    /// A safe bound, tight to about 1e-7 relative: the motion is bounded by an envelope that
    /// peaks once and then decays (see `SpringSolution`), and this is where that envelope
    /// falls below ε for good. Critically damped with v0 = 0 it is close to the exact
    /// `−ln ε / β` of the design notes (a little later, as the t·e^{−βt} term is counted).
    /// 0 when the spring starts (and stays) within ε of its target.
    public var duration: Double { SpringSolution(self).settleTime }

    /// The value at `t` seconds after the start. `t ≤ 0` gives ``from``; `t ≥ duration`
    /// gives exactly ``to``. Never NaN for a finite ``to``.
    public func value(at t: Double) -> Double {
        let solution = SpringSolution(self)
        guard to.isFinite else { return to }
        guard t.isFinite else { return t > 0 ? to : (from.isFinite ? from : to) }
        if t >= solution.settleTime { return to }
        if t <= 0 && from.isFinite { return from }    // exactly, not to + (from − to)
        return to + solution.displacement(at: t)
    }

    /// The velocity (progress per second) at `t` seconds; 0 from ``duration`` on.
    public func velocity(at t: Double) -> Double {
        let solution = SpringSolution(self)
        guard to.isFinite, !t.isNaN else { return 0 }
        if t >= solution.settleTime { return 0 }
        return solution.velocity(at: max(t, 0))
    }

    /// `initialVelocity / (to − from)`, UIKit's `UISpringTimingParameters.initialVelocity`
    /// convention; 0 when `to == from`.
    public var relativeInitialVelocity: Double {
        relativeVelocity(initialVelocity, from: from, to: to)
    }
}

/// v/(to − from), 0 when the span is zero or the result would not be finite.
func relativeVelocity(_ v: Double, from: Double, to: Double) -> Double {
    let span = to - from
    guard span != 0 else { return 0 }
    let r = v / span
    return r.isFinite ? r : 0
}
