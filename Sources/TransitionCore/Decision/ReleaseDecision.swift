// SPDX-License-Identifier: MIT
/// What happens when the fingers lift: the four rules of the design notes, as one pure function.
///
/// 1. Cancelled input (libinput's `cancelled`, `TOUCH_CANCEL`) cancels.
/// 2. A fresh gesture that barely moved (|travel| < snap distance) snaps back to where it
///    started, with no animation (Hyprland). Not for a caught transition: its start is not its
///    cancel point, so jumping there would be visible.
/// 3. Below the velocity threshold the position decides: finish iff p ≥ finishThreshold.
/// 4. Otherwise the projection decides: finish iff p + v·τ ≥ finishThreshold, with
///    τ = −1/(1000·ln d) seconds (d per millisecond: 0.997 gives 0.333 s, 0.998 gives 0.4995 s;
///    GNOME's deceleration model, velocity·d/(1 − d) per ms ≈ v·τ).
public struct ReleaseDecision: Sendable, Hashable {
    /// Finish or cancel.
    public var outcome: Outcome
    /// Why (``EndReason/release``, ``EndReason/velocity``, or the cancel cause).
    public var reason: EndReason
    /// Jump straight to the cancel point with no animation (rule 2).
    public var snap: Bool

    /// Makes a decision; usually ``decide(progress:startProgress:cancelPoint:travel:velocity:cancelled:policy:)`` does.
    public init(outcome: Outcome, reason: EndReason, snap: Bool = false) {
        self.outcome = outcome; self.reason = reason; self.snap = snap
    }

    /// The thresholds of a ``DecisionPolicy`` resolved for one source and distance, in progress
    /// units: what the decision actually compares against.
    public struct Thresholds: Sendable, Hashable {
        /// Finish iff (projected) progress ≥ this.
        public var finish: Double
        /// Release speeds below this (progress per second) decide by position.
        public var velocity: Double
        /// τ, seconds, for the projection p + v·τ.
        public var projectionTime: Double
        /// Travel below this (source units) snaps back.
        public var snapTravel: Double

        /// Thresholds given directly, in progress units.
        public init(finish: Double, velocity: Double, projectionTime: Double, snapTravel: Double) {
            self.finish = finish; self.velocity = velocity
            self.projectionTime = projectionTime; self.snapTravel = snapTravel
        }

        /// Resolves `policy` for a gesture from `source` whose travel 0 → 1 is `distance`
        /// source units: the velocity threshold (units/ms) becomes threshold·1000/distance
        /// progress per second, the snap distance (touchpad units) becomes source units.
        public init(_ policy: DecisionPolicy, source: GestureSource, distance: Double) {
            let unitsPerMs = policy.velocityThreshold ?? SourceDefaults.velocityThreshold(for: source)
            let d = policy.decelerationRate ?? SourceDefaults.decelerationRate(for: source)
            self.init(finish: policy.finishThreshold,
                      velocity: distance > 0 ? unitsPerMs * 1000 / distance : 0,
                      projectionTime: ReleaseDecision.projectionTime(decelerationRate: d),
                      snapTravel: policy.snapDistance / SourceDefaults.touchpadUnits(per: source))
        }
    }

    /// τ = −1/(1000·ln d) seconds for a deceleration rate d per millisecond; 0 when d is not in (0, 1).
    public static func projectionTime(decelerationRate d: Double) -> Double {
        guard d > 0, d < 1 else { return 0 }
        let tau = -1 / (1000 * Double.log(d))
        return tau.isFinite ? tau : 0
    }

    /// Decides a release.
    /// - Parameters:
    ///   - progress: raw (not rubber-banded) progress at release.
    ///   - startProgress: progress when this gesture started driving (p0).
    ///   - cancelPoint: where a cancel returns to (0 unless caught from elsewhere).
    ///   - travel: Σ sign·Δ since the start, source units.
    ///   - velocity: release velocity, progress per second.
    ///   - cancelled: the input layer's cancel cause, if any.
    public static func decide(progress: Double, startProgress: Double, cancelPoint: Double, travel: Double,
                              velocity: Double, cancelled: InputCancelCause?, policy: Thresholds) -> ReleaseDecision {
        if let cancelled {
            return ReleaseDecision(outcome: .cancel, reason: cancelled == .touch ? .touchCancel : .libinputCancel)
        }
        if startProgress == cancelPoint && abs(travel) < policy.snapTravel {
            return ReleaseDecision(outcome: .cancel, reason: .release, snap: true)
        }
        if !(abs(velocity) >= policy.velocity) {
            return ReleaseDecision(outcome: progress >= policy.finish ? .finish : .cancel, reason: .release)
        }
        let projected = progress + velocity * policy.projectionTime
        return ReleaseDecision(outcome: projected >= policy.finish ? .finish : .cancel, reason: .velocity)
    }
}
