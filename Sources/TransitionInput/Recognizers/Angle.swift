// SPDX-License-Identifier: MIT
#if canImport(Glibc)
import Glibc
#endif

/// Angles for the rotation recognisers, in degrees, positive clockwise as the viewer sees it
/// (y grows downwards, so `atan2(dy, dx)` grows clockwise: libinput's convention for
/// `libinput_event_gesture_get_angle_delta`).
enum Angle {
    /// `degrees` wrapped into (−180, 180]: the shortest turn with that end. A finger pair that
    /// crosses the ±180° line between two frames turns by a few degrees, not by ±360.
    static func wrapped(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        var a = degrees.truncatingRemainder(dividingBy: 360)   // (−360, 360)
        if a > 180 { a -= 360 } else if a <= -180 { a += 360 }
        return a
    }

    /// The direction of the vector (`dx`, `dy`), degrees in (−180, 180].
    static func direction(dx: Double, dy: Double) -> Double {
        atan2(dy, dx) * 180 / .pi
    }

    /// How far the vector turned from (`fromX`, `fromY`) to (`toX`, `toY`), degrees in
    /// (−180, 180], positive clockwise; 0 when either is the zero vector.
    static func turn(fromX: Double, fromY: Double, toX: Double, toY: Double) -> Double {
        guard fromX != 0 || fromY != 0, toX != 0 || toY != 0 else { return 0 }
        return wrapped(direction(dx: toX, dy: toY) - direction(dx: fromX, dy: fromY))
    }
}
