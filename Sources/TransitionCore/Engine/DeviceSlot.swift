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

    /// How far the pan has moved, in the source's units: the scale change for a pinch, the
    /// angle for a rotation.
    var distanceMoved: Double {
        if isPinch { return abs(dx) }
        if source.isRotation { return abs(dy) }
        return (dx * dx + dy * dy).squareRoot()
    }

    /// A touchpad or touchscreen pinch: its scale change rides in `dx`, its angle in `dy`.
    var isPinch: Bool { source.isPinch }

    /// The dominant axis and the direction along it (horizontal wins a tie).
    var lockedDirection: Direction {
        if isPinch { return dx > 0 ? .out : .in }
        if source.isRotation { return dy > 0 ? .cw : .ccw }
        if abs(dx) >= abs(dy) { return dx > 0 ? .right : .left }
        return dy > 0 ? .down : .up
    }

    /// Which axis a pinch locks onto, if either has passed its slop: `.scale` when its scale
    /// change (`dx`) reaches `scaleSlop`, `.rotation` when `rotates` and its angle (`dy`,
    /// degrees) reaches `angleSlop`; when both have, the one further past its slop (scale on a
    /// tie). `nil` while neither has, and for pans. Pure, so tests can drive it directly.
    func pinchLock(scaleSlop: Double, angleSlop: Double, rotates: Bool) -> Axis? {
        guard isPinch else { return nil }
        let scale = abs(dx), angle = abs(dy)
        let scalePassed = scale > 0 && scale >= scaleSlop
        let anglePassed = rotates && angle > 0 && angle >= angleSlop
        switch (scalePassed, anglePassed) {
        case (false, false): return nil
        case (true, false): return .scale
        case (false, true): return .rotation
        case (true, true):
            // Zero slops make a ratio infinite; compare the products instead of dividing.
            return angle * scaleSlop > scale * angleSlop ? .rotation : .scale
        }
    }
}

extension Axis {
    /// The component of a (dx, dy) sample along this axis (a pinch's scale change rides in dx,
    /// its angle in dy).
    func component(dx: Double, dy: Double) -> Double {
        switch self {
        case .vertical, .rotation: dy
        case .horizontal, .scale: dx
        }
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
