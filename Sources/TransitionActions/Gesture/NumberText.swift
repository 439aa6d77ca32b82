// SPDX-License-Identifier: MIT
/// Numbers for the environment and for progress lines: fixed six decimals, a `-` for negative
/// values and never an exponent, so `sh`, `awk` and `bc` read them alike.
public enum NumberText {
    /// `0.420000`, `-1.500000`; a non-finite value (which the server never sends) is `0.000000`.
    public static func fixed(_ value: Double) -> String {
        guard value.isFinite else { return "0.000000" }
        let scaled = (abs(value) * 1_000_000).rounded()
        guard scaled < 9e18 else { return value < 0 ? "-9000000000000.000000" : "9000000000000.000000" }
        let micros = UInt64(scaled)
        let fraction = String(micros % 1_000_000)
        let sign = value < 0 && micros != 0 ? "-" : ""
        return "\(sign)\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }
}
