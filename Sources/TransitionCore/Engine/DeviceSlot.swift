// SPDX-License-Identifier: MIT
/// What one input device's fingers are doing. One device drives at most one gesture at a time.
struct DeviceSlot: Sendable {
    var device: DeviceID
    /// Allocated once per device, reused by every gesture on it.
    var tracker = VelocityTracker()
    var gesture: DeviceGesture = .none
    /// A hold on its way to a hold transition, or driving one (see `TransitionEngine+Holds`).
    var hold: HoldTrack?

    init(device: DeviceID) { self.device = device }
}

enum DeviceGesture: Sendable {
    /// No fingers.
    case none
    /// Fingers rest (a hold): the device's animations are paused.
    case holding
    /// The hold turned into something else (libinput ends it with `cancelled`); the gesture
    /// that follows should begin by `deadlineUs`, else the paused animations resume.
    case handoff(deadlineUs: UInt64)
    /// A pan began and has not moved past the slop yet.
    case pending(PendingPan)
    /// The pan drives the transition at this index.
    case driving(Int)
    /// The pan locked onto an axis nothing wants (or a busy transition): ignored until lift.
    case ignored
}

/// A pan before its axis locks.
struct PendingPan: Sendable {
    var source: GestureSource
    var fingers: Int
    var extent: DeviceExtent?
    /// The edge zones a touchscreen pan started in.
    var edges: ScreenEdges = []
    var dx = 0.0
    var dy = 0.0

    /// How far the pan has moved, in the source's units: the scale change for a pinch.
    var distanceMoved: Double {
        isPinch ? abs(dx) : (dx * dx + dy * dy).squareRoot()
    }

    /// A touchpad or touchscreen pinch: its scale change rides in `dx`.
    var isPinch: Bool { source == .pinch || source == .touchPinch }

    /// The dominant axis and the direction along it (horizontal wins a tie).
    var lockedDirection: Direction {
        if isPinch { return dx > 0 ? .out : .in }
        if abs(dx) >= abs(dy) { return dx > 0 ? .right : .left }
        return dy > 0 ? .down : .up
    }
}

extension Axis {
    /// The component of a (dx, dy) sample along this axis (a pinch's scale change rides in dx).
    func component(dx: Double, dy: Double) -> Double {
        self == .vertical ? dy : dx
    }
}

/// Fingers resting on a device, as a hold transition sees them.
struct HoldTrack: Sendable {
    /// ``GestureSource/hold`` or ``GestureSource/touchHold``.
    var source: GestureSource
    var fingers: Int
    /// When the fingers came to rest: progress counts from here, µs.
    var startUs: UInt64
    var phase: Phase

    enum Phase: Sendable {
        /// Resting, not begun: it begins at `startUs` + the hold delay if the fingers still rest.
        case waiting
        /// Drives the transition at this index: the next `updated` is due at `nextTickUs`,
        /// the finish at `finishUs`.
        case running(transition: Int, nextTickUs: UInt64, finishUs: UInt64)
        /// Finished, or nothing to drive: nothing more until the fingers lift.
        case done
    }
}
