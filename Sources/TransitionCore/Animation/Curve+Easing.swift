// SPDX-License-Identifier: MIT
extension Curve {
    /// The curve's cubic Bézier control points (x1, y1, x2, y2), CSS `cubic-bezier()` style,
    /// for the curves defined as one (UIKit's and CSS's `ease-in`, `ease-out`, `ease-in-out`);
    /// `nil` for ``linear`` and ``easeOutCubic``, which are polynomials.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch self {
        case .linear, .easeOutCubic: nil
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInOut: (0.42, 0, 0.58, 1)
        }
    }

    /// The eased fraction at the time fraction `u` (clamped to [0, 1]): 0 at 0, 1 at 1.
    ///
    /// - ``linear``: u.
    /// - ``easeIn``, ``easeOut``, ``easeInOut``: UIKit's and CSS's cubic Béziers, see
    ///   ``controlPoints``.
    /// - ``easeOutCubic``: 1 − (1 − u)³ (Clutter's `CLUTTER_EASE_OUT_CUBIC`, GNOME Shell's
    ///   swipe animation).
    public func value(at u: Double) -> Double {
        let u = clampUnit(u)
        switch self {
        case .linear: return u
        case .easeOutCubic:
            let r = 1 - u
            return 1 - r * r * r
        case .easeIn, .easeOut, .easeInOut:
            let bezier = UnitBezier(self)
            return bezier.y(bezier.solveX(u))
        }
    }

    /// d(value)/du at `u` (clamped to [0, 1]): the eased speed relative to a linear run.
    /// ``easeOutCubic`` starts at 3, which is why GNOME's duration 3·|Δp|/|v| matches the
    /// release velocity.
    public func slope(at u: Double) -> Double {
        let u = clampUnit(u)
        switch self {
        case .linear: return 1
        case .easeOutCubic:
            let r = 1 - u
            return 3 * r * r
        case .easeIn, .easeOut, .easeInOut:
            let bezier = UnitBezier(self)
            // At an end whose control point coincides with it (x1 = y1 = 0) dx/ds is 0; the
            // slope there is the limit, reached by stepping a hair inside.
            var s = bezier.solveX(u)
            if bezier.dx(s) < 1e-9 { s = min(max(s, 1e-6), 1 - 1e-6) }
            return bezier.dy(s) / bezier.dx(s)
        }
    }
}

/// Clamps to [0, 1], NaN to 0.
@inline(__always) func clampUnit(_ u: Double) -> Double {
    u >= 1 ? 1 : (u > 0 ? u : 0)
}

/// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2), as CSS and
/// UIKit define their timing curves.
struct UnitBezier {
    let ax, bx, cx, ay, by, cy: Double

    init(_ curve: Curve) {
        let p = curve.controlPoints ?? (1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3)
        cx = 3 * p.x1; bx = 3 * (p.x2 - p.x1) - cx; ax = 1 - cx - bx
        cy = 3 * p.y1; by = 3 * (p.y2 - p.y1) - cy; ay = 1 - cy - by
    }

    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    func dy(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The parameter s with x(s) = u: Newton's method, falling back to bisection (x is
    /// monotone on [0, 1] for control points with x in [0, 1]).
    func solveX(_ u: Double) -> Double {
        var s = u
        for _ in 0..<8 {
            let err = x(s) - u
            if abs(err) < 1e-12 { return s }
            let d = dx(s)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = u
        for _ in 0..<60 {
            let xs = x(s)
            if abs(xs - u) < 1e-12 { return s }
            if xs < u { lo = s } else { hi = s }
            s = 0.5 * (lo + hi)
        }
        return s
    }
}
