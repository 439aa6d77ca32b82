// SPDX-License-Identifier: MIT
extension SpringParameters {
    /// These parameters with the stiffness that makes a whole run (released at rest one unit
    /// from its target) settle in `duration` seconds: how a spring honours a trigger's
    /// `duration`. Mass, damping ratio and epsilon are kept, so the motion keeps its shape and
    /// only its pace changes: with them fixed, the settle time is proportional to √(mass /
    /// stiffness), so the stiffness scales by (``unitSettleTime`` / `duration`)². Unchanged for
    /// a duration that is not a positive finite number, or a spring that does not move.
    public func settling(in duration: Double) -> SpringParameters {
        let parameters = sanitized
        let current = parameters.unitSettleTime
        guard duration.isFinite, duration > 0, current > 0 else { return self }
        var timed = parameters
        let ratio = current / duration
        timed.stiffness = parameters.stiffness * ratio * ratio
        return timed
    }
}

extension TransitionSpec {
    /// The animation a trigger runs unless it asks for another: ``triggerCompletion``, else
    /// ``completion``.
    public var triggerStyle: CompletionStyle { triggerCompletion ?? completion }

    /// Seconds a whole trigger run (0 to 1) takes unless it asks otherwise: ``triggerDuration``
    /// for a curve; for a spring, its own settle time (a spring is timed by its stiffness, not
    /// by ``triggerDuration``).
    public var triggerRunDuration: Double {
        switch triggerStyle {
        case .spring(let parameters): parameters.unitSettleTime
        case .curve: triggerDuration
        }
    }
}
