// SPDX-License-Identifier: MIT
public import TransitionCore
import TransitionProtocol

// Helpers shared by several test targets (a target of its own, like swift-nio's test helpers).


/// `value` as a client reads it back from the wire: progress values, velocities and durations
/// go out rounded to 6 decimals (docs/protocol.md, "Framing").
public func wire(_ value: Double) -> Double {
    guard let text = FixedPointFormat.string(value, fractionDigits: MessageEncoder.fractionDigits) else { return value }
    return Double(text)!
}

extension EndedEvent {
    /// This `ended` as a client decodes it.
    public var atWirePrecision: EndedEvent {
        let animation: AnimationDescription = switch self.animation {
        case .none(let to): .none(to: wire(to))
        case .spring(let s): .spring(SpringAnimation(from: wire(s.from), to: wire(s.to), initialVelocity: wire(s.initialVelocity),
                                                     parameters: s.parameters))
        case .curve(let c): .curve(CurveAnimation(from: wire(c.from), to: wire(c.to), curve: c.curve, duration: wire(c.duration)))
        }
        return EndedEvent(outcome: outcome, reason: reason, from: wire(from), to: wire(to), velocity: wire(velocity),
                          animation: animation)
    }
}

extension TransitionEvent {
    /// This event as a client decodes it: every number at the wire's precision.
    public var atWirePrecision: TransitionEvent {
        let payload: Payload = switch self.payload {
        case .began(let b): .began(BeganEvent(origin: b.origin, direction: b.direction, from: wire(b.from), interactive: b.interactive))
        case .updated(let u): .updated(UpdatedEvent(progress: wire(u.progress), rawProgress: wire(u.rawProgress), velocity: wire(u.velocity)))
        case .ended(let e): .ended(e.atWirePrecision)
        case .paused(let p): .paused(PausedEvent(progress: wire(p.progress)))
        case .completed(let c): .completed(CompletedEvent(finished: c.finished, progress: wire(c.progress)))
        }
        return TransitionEvent(transition: transition, gesture: gesture, timeUs: timeUs, payload: payload)
    }
}
