// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionProtocol

@Suite struct JSONWriterTests {
    @Test func escapesStringsAndManagesCommas() {
        var w = JSONWriter()
        w.beginObject()
        w.member("a", "quote\" backslash\\ newline\n tab\t bell\u{7} é")
        w.key("list")
        w.beginArray()
        w.uint(0); w.int(-12); w.bool(true); w.null(); w.double(0.1)
        w.endArray()
        w.key("empty")
        w.beginObject()
        w.endObject()
        w.endObject()
        #expect(String(decoding: w.bytes, as: UTF8.self)
            == #"{"a":"quote\" backslash\\ newline\n tab\t bell\u0007 é","list":[0,-12,true,null,0.1],"empty":{}}"#)
    }

    @Test func writesIntegersStringsAndNestingPieceByPiece() {
        var w = JSONWriter(capacity: 1) // grows as it goes
        w.beginArray()
        w.uint(0); w.uint(9); w.uint(10); w.uint(1_234_567_890); w.uint(.max)
        w.int(0); w.int(-1); w.int(.min); w.int(.max)
        w.string(""); w.string("plain"); w.string("é\"q"); w.string("x" as StaticString)
        w.beginObject(); w.key("k"); w.beginArray(); w.endArray(); w.key("n"); w.null(); w.endObject()
        w.beginObject(); w.endObject()
        w.endArray()
        #expect(String(decoding: w.bytes, as: UTF8.self) == #"[0,9,10,1234567890,18446744073709551615,0,-1,-9223372036854775808,9223372036854775807,"","plain","é\"q","x",{"k":[],"n":null},{}]"#)
    }

    @Test func writesMembersNameAndValueTogether() {
        var w = JSONWriter(capacity: 1)
        w.beginObject()
        w.member("s", "plain"); w.member("e", "tab\t")
        w.member("u", UInt64.max); w.member("i", Int.min); w.member("z", 0)
        w.member("f", -0.1234567, fractionDigits: 6); w.member("big", 1e20, fractionDigits: 6); w.member("nan", Double.nan, fractionDigits: 6)
        w.endObject()
        #expect(String(decoding: w.bytes, as: UTF8.self)
            == #"{"s":"plain","e":"tab\t","u":18446744073709551615,"i":-9223372036854775808,"z":0,"f":-0.123457,"big":1e+20,"nan":null}"#)
    }

    @Test func writesNonFiniteDoublesAsNull() {
        var w = JSONWriter()
        w.beginArray()
        w.double(.nan); w.double(.infinity); w.double(-.infinity); w.double(-0.0); w.double(1e-5)
        w.endArray()
        #expect(String(decoding: w.bytes, as: UTF8.self) == "[null,null,null,-0.0,1e-05]")
    }

    @Test func doublesRoundTripExactly() async {
        await propertyCheck(count: 2000, input: Gen.double(in: -1e6...1e6)) { value in
            var w = JSONWriter()
            w.double(value)
            let parsed = try? JSONParser.parse(w.bytes)
            #expect(parsed?.doubleValue == value)
        }
    }

    @Test func extremeDoublesRoundTrip() throws {
        for value in [Double.leastNonzeroMagnitude, .greatestFiniteMagnitude, .leastNormalMagnitude,
                      0.1 + 0.2, 1.0 / 3.0, 123456789012345680.0, -2.5e-300] {
            var w = JSONWriter()
            w.double(value)
            #expect(try JSONParser.parse(w.bytes).doubleValue == value)
        }
    }

    @Test func stringsRoundTrip() async {
        let scalars = Gen<UInt32>.value(in: 0...0x10FFFF).map { Unicode.Scalar($0) ?? "?" }
        await propertyCheck(count: 500, input: scalars.array(of: 0...20)) { scalars in
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            var w = JSONWriter()
            w.string(text)
            #expect((try? JSONParser.parse(w.bytes)) == .string(text))
        }
    }
}

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2, 3.5, 1e2, true, false, null], "b": {"c": "d\u00e9\ud83d\ude00\n"}} "#)
        #expect(value == .object([
            "a": .array([.int(1), .int(-2), .double(3.5), .double(100), .bool(true), .bool(false), .null]),
            "b": .object(["c": .string("dé😀\n")]),
        ]))
    }

    @Test func keepsLargeIntegersExact() throws {
        #expect(try parse("9007199254740993") == .int(9_007_199_254_740_993))
        #expect(try parse("-9223372036854775808") == .int(.min))
        #expect(try parse("9223372036854775807") == .int(.max))
        #expect(try parse("9223372036854775808") == .uint(9_223_372_036_854_775_808))
        #expect(try parse("18446744073709551615") == .uint(.max))
        #expect(try parse("18446744073709551615").uint64Value == .max)
        #expect(try parse("18446744073709551616") == .double(18446744073709551616))
        #expect(try parse("-9223372036854775809") == .double(-9.223372036854775808e18))
        var w = JSONWriter()
        JSONValue.uint(.max).write(to: &w)
        #expect(String(decoding: w.bytes, as: UTF8.self) == "18446744073709551615")
    }

    @Test(arguments: [
        ("", "unexpected end of input, expected a value at byte 0"),
        ("{", "unexpected end of input, expected a member name at byte 1"),
        ("{\"a\" 1}", "expected ':' after a member name at byte 5"),
        ("[1,]", "unexpected character ']', expected a value at byte 3"),
        ("01", "leading zeros are not allowed at byte 1"),
        ("1.", "expected a digit after '.' at byte 2"),
        ("tru", "invalid literal, expected true at byte 0"),
        ("\"a", "unterminated string at byte 2"),
        ("\"\\x\"", "invalid escape \\ followed by 'x' at byte 2"),
        ("\"\\ud800\"", "lone high surrogate in \\u escape at byte 7"),
        ("{\"a\":1,\"a\":2}", "duplicate member \"a\" at byte 7"),
        ("1 2", "unexpected text after the JSON value at byte 2"),
        ("1e999", "number out of range at byte 0"),
        ("\"tab\there\"", "control character byte 0x9 in a string (escape it) at byte 4"),
    ])
    func rejectsMalformedTextNamingTheProblem(text: String, message: String) {
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
        do { _ = try parse(text) } catch { #expect(error.description == message) }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func limitsNesting() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try parse(deep) }
        let fine = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        _ = try parse(fine)
    }

    @Test func neverCrashesOnRandomBytes() async {
        await propertyCheck(count: 3000, input: Gen<UInt8>.value(in: 0...255).array(of: 0...40)) { bytes in
            _ = try? JSONParser.parse(bytes)
        }
    }
}
