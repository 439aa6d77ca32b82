// SPDX-License-Identifier: MIT
/// What one input device's fingers are doing. One device drives at most one gesture at a time.
struct DeviceSlot: Sendable {
    var device: DeviceID
    /// Allocated once per device, reused by every gesture on it.
    var tracker = VelocityTracker()
    var gesture: DeviceGesture = .none

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
