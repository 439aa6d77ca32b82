// SPDX-License-Identifier: MIT
import Glibc
import PropertyBased
import Testing
import TransitionProtocol

@Suite struct FixedPointFormatTests {
    func text(_ value: Double, _ digits: Int = 6) -> String? { FixedPointFormat.string(value, fractionDigits: digits) }

    /// glibc's `%.*f` (exact, ties to even), with trailing zeros trimmed to one fractional digit
    /// and no sign on a zero: what the format promises, computed independently.
    func reference(_ value: Double, _ digits: Int = 6) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([Int32(digits), value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        var text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
        if text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { text.removeFirst() }
        return text
    }

    @Test func writesFixedDecimalsTrimmingTrailingZeros() {
        #expect(text(0) == "0.0")
        #expect(text(-0.0) == "0.0")
        #expect(text(1) == "1.0")
        #expect(text(0.25) == "0.25")
        #expect(text(-3.5) == "-3.5")
        #expect(text(1.1458333333333328) == "1.145833")
        #expect(text(0.47262986604925095) == "0.47263")
        #expect(text(10.244056771215718) == "10.244057")
        #expect(text(0.000001) == "0.000001")
        #expect(text(-0.0000004) == "0.0")
        #expect(text(-0.0000006) == "-0.000001")
        #expect(text(0.9999996) == "1.0")
        #expect(text(-999.9999999) == "-1000.0")
        #expect(text(123_456_789.123_456_7) == "123456789.123457")
        #expect(text(0.1 + 0.2) == "0.3")
        #expect(text(2.5, 1) == "2.5")
        #expect(text(0.15, 1) == "0.1") // 0.15 is 0.1499999999999999944…
        #expect(text(1.0 / 3.0, 9) == "0.333333333")
    }

    @Test func roundsExactTiesToEven() {
        // 2^-7 = 0.0078125 exactly: a tie at 6 decimals.
        #expect(text(0.0078125) == "0.007812")
        #expect(text(0.0234375) == "0.023438") // 3 × 2^-7
        #expect(text(-0.0078125) == "-0.007812")
        #expect(text(0.5, 0 + 1) == "0.5")
        #expect(text(0.25, 1) == "0.2")
        #expect(text(0.75, 1) == "0.8")
    }

    @Test func leavesNonFiniteAndHugeValuesToTheCaller() {
        #expect(text(.nan) == nil)
        #expect(text(.infinity) == nil)
        #expect(text(-.infinity) == nil)
        #expect(text(1e12) == nil)
        #expect(text(-2e15) == nil)
        #expect(text(999_999_999_999.5) == "999999999999.5")
        var w = JSONWriter()
        w.beginArray()
        w.fixed(.nan, fractionDigits: 6); w.fixed(.infinity, fractionDigits: 6); w.fixed(1e20, fractionDigits: 6)
        w.fixed(-0.1, fractionDigits: 6)
        w.endArray()
        #expect(String(decoding: w.bytes, as: UTF8.self) == "[null,null,1e+20,-0.1]")
    }

    @Test func subnormalAndTinyValuesRoundToZero() {
        for value in [Double.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, -1e-12, 4.9e-7] {
            #expect(text(value) == "0.0", "\(value)")
        }
        #expect(text(5.000001e-7) == "0.000001")
    }

    @Test func agreesWithGlibcPrintf() async {
        await propertyCheck(count: 3000, input: Gen.double(in: -1e6...1e6)) { value in
            #expect(text(value) == reference(value))
        }
        await propertyCheck(count: 3000, input: Gen.double(in: -2...2)) { value in
            #expect(text(value) == reference(value))
        }
        await propertyCheck(count: 2000, input: Gen.double(in: -1e3...1e3), Gen.int(in: 1...9)) { value, digits in
            #expect(text(value, digits) == reference(value, digits))
        }
    }

    @Test func readsBackWithinHalfAUnitOfTheLastDigit() async {
        await propertyCheck(count: 3000, input: Gen.double(in: -1e5...1e5)) { value in
            guard let written = text(value), let parsed = Double(written) else { Issue.record("\(value)"); return }
            // Half of 1e-6, plus what parsing the decimal back into a double may add.
            #expect((parsed - value).magnitude <= 0.5e-6 + parsed.ulp)
            // And no shorter than needed: the standard description, rounded, reads the same.
            #expect(written.split(separator: ".")[1].count <= 6)
        }
    }

    @Test func roundTripsEveryValueThatHasSixDecimals() async {
        await propertyCheck(count: 3000, input: Gen.int(in: -5_000_000...5_000_000)) { micros in
            let value = Double(micros) / 1e6
            guard let written = text(value) else { Issue.record("\(value)"); return }
            #expect(Double(written) == value)
            #expect(written == value.description || value.description.contains("e"))
        }
    }
}
