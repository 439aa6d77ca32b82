// SPDX-License-Identifier: MIT
/// A strict parser for one flat JSON object (string, number, boolean and null values), which is
/// all a trace line holds. Errors say what was expected and at which column.
enum FlatJSON {
    enum Value: Equatable {
        case string(String)
        /// The number's text, exactly as written (validated against JSON's number grammar), so
        /// that integers up to 2⁶⁴ − 1 are read without going through `Double`.
        case number(String)
        case bool(Bool)
        case null
    }

    /// Parses `bytes` as one object; keys are unique and kept in order.
    static func parseObject(_ bytes: [UInt8]) throws(TraceFormat.LineError) -> [(String, Value)] {
        var p = Parser(bytes: bytes)
        return try p.object()
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        private var column: Int { i + 1 }

        private func fail(_ expected: String) -> TraceFormat.LineError {
            if i >= bytes.count { return TraceFormat.LineError("expected \(expected) at column \(column), found the end of the line") }
            let b = bytes[i]
            let found = (0x20..<0x7f).contains(b) ? "'\(Character(UnicodeScalar(b)))'" : "byte 0x\(String(b, radix: 16))"
            return TraceFormat.LineError("expected \(expected) at column \(column), found \(found)")
        }

        private mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0d { i += 1 }
        }

        private mutating func expect(_ byte: UInt8, _ what: String) throws(TraceFormat.LineError) {
            skipSpace()
            guard i < bytes.count, bytes[i] == byte else { throw fail(what) }
            i += 1
        }

        mutating func object() throws(TraceFormat.LineError) -> [(String, Value)] {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else {
                throw TraceFormat.LineError("not a JSON object: " + fail("'{'").problem)
            }
            i += 1
            var result: [(String, Value)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                i += 1
            } else {
                while true {
                    skipSpace()
                    let keyColumn = column
                    let key = try string()
                    if result.contains(where: { $0.0 == key }) {
                        throw TraceFormat.LineError("duplicate field \"\(key)\" at column \(keyColumn)")
                    }
                    try expect(UInt8(ascii: ":"), "':'")
                    result.append((key, try value()))
                    skipSpace()
                    guard i < bytes.count else { throw fail("',' or '}'") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; break }
                    throw fail("',' or '}'")
                }
            }
            skipSpace()
            guard i == bytes.count else { throw fail("the end of the line after the object") }
            return result
        }

        private mutating func value() throws(TraceFormat.LineError) -> Value {
            skipSpace()
            guard i < bytes.count else { throw fail("a value") }
            switch bytes[i] {
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw fail("a value")
            }
        }

        private mutating func literal(_ word: String) throws(TraceFormat.LineError) {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw fail("'\(word)'") }
            i += w.count
        }

        private mutating func digits() -> Int {
            let start = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - start
        }

        private mutating func number() throws(TraceFormat.LineError) -> String {
            let start = i
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) else { throw fail("a digit") }
            if bytes[i] == UInt8(ascii: "0") {
                i += 1
                if i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
                    throw fail("'.', 'e' or the end of the number (no leading zeros)")
                }
            } else {
                _ = digits()
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { throw fail("a digit after '.'") }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw fail("a digit in the exponent") }
            }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        private static func isHexDigit(_ b: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(b)
        }

        private mutating func string() throws(TraceFormat.LineError) -> String {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("'\"'") }
            i += 1
            var out: [UInt8] = []
            while true {
                guard i < bytes.count else { throw fail("'\"' closing the string") }
                let b = bytes[i]
                switch b {
                case UInt8(ascii: "\""):
                    i += 1
                    guard let s = String(validating: out, as: UTF8.self) else {
                        throw TraceFormat.LineError("invalid UTF-8 in a string before column \(column)")
                    }
                    return s
                case UInt8(ascii: "\\"):
                    i += 1
                    guard i < bytes.count else { throw fail("an escape") }
                    switch bytes[i] {
                    case UInt8(ascii: "\""): out.append(0x22)
                    case UInt8(ascii: "\\"): out.append(0x5c)
                    case UInt8(ascii: "/"): out.append(0x2f)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0c)
                    case UInt8(ascii: "n"): out.append(0x0a)
                    case UInt8(ascii: "r"): out.append(0x0d)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        guard i + 4 < bytes.count, bytes[i + 1...i + 4].allSatisfy(Self.isHexDigit),
                              let code = UInt32(String(decoding: bytes[i + 1...i + 4], as: UTF8.self), radix: 16),
                              let scalar = Unicode.Scalar(code) else {
                            throw fail("four hex digits of a \\u escape (surrogates are not supported)")
                        }
                        out.append(contentsOf: Array(String(Character(scalar)).utf8))
                        i += 4
                    default:
                        throw fail("a valid escape character")
                    }
                    i += 1
                case 0x00..<0x20:
                    throw fail("a character (control characters must be escaped)")
                default:
                    out.append(b)
                    i += 1
                }
            }
        }
    }
}
