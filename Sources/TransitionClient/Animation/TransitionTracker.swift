// SPDX-License-Identifier: MIT
public import TransitionCore
public import TransitionProtocol

/// Follows one transition through the event stream and answers "where is it now?" at any
/// instant: the finger's progress while interactive, the locally evaluated completion animation
/// while animating, the caught value while paused. Drive a view from ``progress(atUs:)`` on
/// every display frame, like `UIPercentDrivenInteractiveTransition` drives an animator.
///
/// Feed it every message (it ignores other transitions); a `snapshot` puts it in sync at once,
/// so a client that connects mid-gesture never shows a stale value.
public struct TransitionTracker: Sendable, Hashable {
    /// The transition followed.
    public let transition: String
    /// Where it is in its life.
    public private(set) var phase: TransitionState.Phase = .idle
    /// The gesture or run in flight (or that last ran).
    public private(set) var gesture: UInt64?
    /// The running completion animation, while animating.
    public private(set) var animation: LocalAnimation?
    /// How the last gesture ended: `true` finished, `false` cancelled, `nil` not yet.
    public private(set) var finished: Bool?
    /// Whether the current gesture is driven by a finger (`false` for a trigger).
    public private(set) var interactive = false
    private var lastProgress = 0.0
    private var lastVelocity = 0.0

    public init(transition: String) { self.transition = transition }

    /// Applies one message; returns whether it concerned this transition.
    @discardableResult
    public mutating func apply(_ message: ServerMessage) -> Bool {
        switch message {
        case .transition(let event) where event.transition == transition:
            apply(event)
            return true
        case .snapshot(let snapshot):
            guard let state = snapshot.transitions.first(where: { $0.name == transition }) else { return false }
            phase = state.phase
            gesture = state.gesture
            lastProgress = state.progress
            lastVelocity = state.velocity
            if state.phase == .animating, let ended = state.ended {
                animation = LocalAnimation(ended: ended, startUs: state.endedAtUs ?? snapshot.timeUs)
            } else {
                animation = nil
            }
            return true
        case .frame(let frame) where frame.transition == transition:
            lastProgress = frame.progress
            lastVelocity = frame.velocity
            return true
        default:
            return false
        }
    }

    /// Applies one transition event (of any transition; others are ignored).
    public mutating func apply(_ event: TransitionEvent) {
        guard event.transition == transition else { return }
        gesture = event.gesture
        switch event.payload {
        case .began(let began):
            phase = .interactive
            interactive = began.interactive
            finished = nil
            animation = nil
            lastProgress = began.from
            lastVelocity = 0
        case .updated(let updated):
            phase = .interactive
            lastProgress = updated.progress
            lastVelocity = updated.velocity
        case .ended(let ended):
            phase = .animating
            animation = LocalAnimation(ended: ended, startUs: event.timeUs)
            lastProgress = ended.from
            lastVelocity = ended.velocity
        case .paused(let paused):
            phase = .paused
            animation = nil
            lastProgress = paused.progress
            lastVelocity = 0
        case .completed(let completed):
            phase = .idle
            animation = nil
            finished = completed.finished
            lastProgress = completed.progress
            lastVelocity = 0
        }
    }

    /// Progress to show at `nowUs` (CLOCK_MONOTONIC µs, see ``MonotonicClock``).
    public func progress(atUs nowUs: UInt64) -> Double {
        animation?.progress(atUs: nowUs) ?? lastProgress
    }

    /// Velocity in progress per second at `nowUs`.
    public func velocity(atUs nowUs: UInt64) -> Double {
        animation?.velocity(atUs: nowUs) ?? (phase == .interactive ? lastVelocity : 0)
    }
}
