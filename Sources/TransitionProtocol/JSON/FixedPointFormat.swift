// SPDX-License-Identifier: MIT
/// Writes doubles as decimal text with a fixed number of fractional digits, correctly rounded,
/// in integer arithmetic and without allocating: the format of the protocol's progress and
/// velocity values (docs/protocol.md, "Framing").
///
/// - The value is rounded to the nearest multiple of 10^−digits, computed exactly from the
///   double's binary significand and exponent (ties go to the even last digit, as `printf`'s
///   `%.*f` does), so the text read back is within half a unit of the last digit of the value.
/// - Trailing zeros are trimmed, keeping at least one fractional digit: `0.25`, `1.0`, `-3.5`,
///   `0.000001`. A value that rounds to zero is written `0.0`, without a sign.
/// - Magnitudes of 10^18 / 10^digits or more (10^12 with 6 digits: never a progress or a
///   velocity) are not handled here: ``append(_:fractionDigits:to:)`` returns `false` and the
///   caller writes the shortest round-trip form instead. Non-finite values are the caller's too.
public enum FixedPointFormat {
    /// The most fractional digits supported.
    public static let maxFractionDigits = 9

    /// Appends `value` rounded to `fractionDigits` (1 to ``maxFractionDigits``) decimals; returns
    /// `false`, appending nothing, when `value` is not finite or too large for this format.
    @discardableResult
    public static func append(_ value: Double, fractionDigits: Int, to bytes: inout [UInt8]) -> Bool {
        let scale = scale(fractionDigits: fractionDigits)
        guard let scaled = roundedScaledMagnitude(value, scale: scale) else { return false }
        // Straight into the array's spare capacity: one capacity check, no per-byte bookkeeping.
        bytes.append(addingCapacity: maxLength) { span in
            span.withUnsafeMutableBufferPointer { buffer, count in
                count = write(negative: value < 0, scaled: scaled, scale: scale, fractionDigits: fractionDigits,
                              to: buffer.baseAddress!)
            }
        }
        return true
    }

    /// The longest text: a sign, 18 integer digits (below 10^18), a point and 9 decimals.
    static let maxLength = 29

    /// Writes the text of ±`scaled` / `scale` at `start`; returns its length.
    static func write(negative: Bool, scaled: UInt64, scale: UInt64, fractionDigits: Int,
                      to start: UnsafeMutablePointer<UInt8>) -> Int {
        var whole = scaled / scale
        var fraction = scaled % scale
        var decimals = fractionDigits
        if fraction == 0 {
            decimals = 1
        } else {
            while fraction % 10 == 0 { fraction /= 10; decimals -= 1 }
        }
        var wholeDigits = 1
        var rest = whole
        while rest >= 10 { rest /= 10; wholeDigits += 1 }
        var p = start
        if negative && scaled != 0 {
            p.pointee = UInt8(ascii: "-")
            p += 1
        }
        var i = wholeDigits
        repeat {
            i -= 1
            p[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole % 10)
            whole /= 10
        } while i > 0
        p += wholeDigits
        p.pointee = UInt8(ascii: ".")
        p += 1
        i = decimals
        repeat {
            i -= 1
            p[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        } while i > 0
        p += decimals
        return p - start
    }

    /// `value` as text in this format, or `nil` where ``append(_:fractionDigits:to:)`` writes nothing.
    public static func string(_ value: Double, fractionDigits: Int) -> String? {
        var bytes: [UInt8] = []
        guard append(value, fractionDigits: fractionDigits, to: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// |value| × `scale`, rounded to the nearest integer (ties to even), exactly; `nil` when
    /// `value` is not finite or the result might not fit the text buffer's 19 integer digits.
    static func roundedScaledMagnitude(_ value: Double, scale: UInt64) -> UInt64? {
        let magnitude = value.magnitude
        guard magnitude.isFinite, magnitude < 1e18 / Double(scale) else { return nil }
        guard magnitude != 0 else { return 0 }
        // Fast path: the double product is within half an ulp of the exact one, so unless its
        // fraction is within an ulp of one half, it rounds to the same integer.
        let product = magnitude * Double(scale)
        if product < 0x1p52 {
            let whole = UInt64(product)
            let fraction = product - Double(whole) // exact
            let margin = product.ulp
            if fraction < 0.5 - margin { return whole }
            if fraction > 0.5 + margin { return whole + 1 }
        }
        // Near a tie: exactly.
        // magnitude = significand × 2^exponent exactly, with an integer significand < 2^53. It
        // is below 2^52, so the exponent is negative: the scaled value is a 128-bit product
        // shifted right, and the bits shifted out decide the rounding.
        let significand: UInt64
        let exponent: Int
        let biased = Int(magnitude.exponentBitPattern)
        if biased != 0 {
            significand = magnitude.significandBitPattern | (1 << 52)
            exponent = biased - 1075
        } else {
            significand = magnitude.significandBitPattern
            exponent = -1074
        }
        let shift = -exponent
        // The product is below 2^53 × 10^9 < 2^83: past that shift it is less than half a unit.
        guard shift <= 84 else { return 0 }
        let exact = UInt128(significand) * UInt128(scale)
        let quotient = UInt64(truncatingIfNeeded: exact >> shift)
        let remainder = exact & ((1 << shift) - 1)
        let half = UInt128(1) << (shift - 1)
        if remainder > half || (remainder == half && quotient & 1 == 1) { return quotient + 1 }
        return quotient
    }

    /// 10^`fractionDigits`, for 1 to ``maxFractionDigits`` digits.
    static func scale(fractionDigits: Int) -> UInt64 {
        precondition(fractionDigits >= 1 && fractionDigits <= maxFractionDigits, "1 to 9 fractional digits")
        return switch fractionDigits {
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        default: 1_000_000_000
        }
    }
}
