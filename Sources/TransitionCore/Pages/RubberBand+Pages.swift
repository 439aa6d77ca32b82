// SPDX-License-Identifier: MIT
extension RubberBand {
    /// The value to show for a raw position among pages 0 … `upper`: unchanged inside, pulled
    /// back towards the nearest end outside, never more than ``limit`` beyond the first or the
    /// last page. `apply(raw, upper: 1)` is ``apply(_:)``: an unpaged transition is the
    /// two-page case.
    public func apply(_ raw: Double, upper: Double) -> Double {
        guard !raw.isNaN else { return 0 }
        if raw > upper { return upper + band(raw - upper) }
        if raw < 0 { return -band(-raw) }
        return raw
    }
}
