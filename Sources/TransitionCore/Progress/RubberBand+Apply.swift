// SPDX-License-Identifier: MIT
extension RubberBand {
    /// The resistance curve for an overshoot `x ≥ 0` past an end: (1 − 1/(x·c/d + 1))·d with
    /// c = ``stiffness`` and d = ``limit`` (niri's `RubberBand::band`, the curve UIScrollView's
    /// bounce is known for). Starts with slope c and never exceeds d.
    public func band(_ x: Double) -> Double {
        guard x > 0, stiffness > 0, limit > 0 else { return 0 }
        let r = (1 - 1 / (x * stiffness / limit + 1)) * limit
        return r.isFinite ? r : limit
    }

    /// The value to show for a raw progress: unchanged inside [0, 1], pulled back towards the
    /// nearest end outside it, never more than ``limit`` beyond. NaN shows as 0.
    public func apply(_ raw: Double) -> Double {
        guard !raw.isNaN else { return 0 }
        if raw > 1 { return 1 + band(raw - 1) }
        if raw < 0 { return -band(-raw) }
        return raw
    }
}
