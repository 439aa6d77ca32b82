// SPDX-License-Identifier: MIT
/// Why a text is not the JSON we accept. `offset` is the byte where the problem was found.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    public init(offset: Int, message: String) { self.offset = offset; self.message = message }
    public var description: String { "\(message) at byte \(offset)" }
}

/// A strict RFC 8259 parser for one JSON text (a protocol line, without its newline).
///
/// Pure and total: any byte sequence gives a value or a ``JSONSyntaxError``, never a crash, with
/// nesting limited to ``maxDepth`` so hostile input cannot exhaust the stack. Strings must be
/// valid UTF-8; escapes (including surrogate pairs) are decoded; duplicate object keys are
/// rejected, as is anything after the value but whitespace.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let maxDepth = 32

    /// Parses `text` as exactly one JSON value.
    public static func parse(_ text: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError>? = text.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONSyntaxError) -> JSONValue in try parse(buffer: buffer) }
        }
        if let result { return try result.get() }
        let copy = Array(text)
        return try copy.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try parse(buffer: buffer) }
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = Cursor(bytes: buffer)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == buffer.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }
}

private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, message: message) }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard peek == byte else { throw error(peek == nil ? "unexpected end of input, expected \(what)" : "expected \(what)") }
        index += 1
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character \(Cursor.describe(byte)), expected a value")
        }
    }

    static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let matched = word.withUTF8Buffer { w -> Bool in
            guard bytes.count - start >= w.count else { return false }
            for i in 0..<w.count where bytes[start + i] != w[i] { return false }
            return true
        }
        guard matched else { throw error("invalid literal, expected \(word)") }
        index += word.utf8CodeUnitCount
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth)") }
        index += 1 // {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw error(peek == nil ? "unexpected end of input, expected a member name" : "expected a member name in double quotes") }
            let keyStart = index
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after a member name")
            skipWhitespace()
            let element = try value(depth: depth)
            guard members.updateValue(element, forKey: key) == nil else {
                throw JSONSyntaxError(offset: keyStart, message: "duplicate member \"\(key)\"")
            }
            skipWhitespace()
            guard let next = peek else { throw error("unexpected end of input, expected ',' or '}'") }
            index += 1
            if next == UInt8(ascii: "}") { return .object(members) }
            guard next == UInt8(ascii: ",") else { index -= 1; throw error("expected ',' or '}' in an object") }
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth)") }
        index += 1 // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            guard let next = peek else { throw error("unexpected end of input, expected ',' or ']'") }
            index += 1
            if next == UInt8(ascii: "]") { return .array(elements) }
            guard next == UInt8(ascii: ",") else { index -= 1; throw error("expected ',' or ']' in an array") }
        }
    }

    mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var integral = true
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, Cursor.isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek, Cursor.isDigit(next) { throw error("leading zeros are not allowed") }
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard let d = peek, Cursor.isDigit(d) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            integral = false
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard let d = peek, Cursor.isDigit(d) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if integral, let exact = Int64(text) { return .int(exact) }
        if integral, let exact = UInt64(text) { return .uint(exact) }
        guard let double = Double(text), double.isFinite else {
            throw JSONSyntaxError(offset: start, message: "number out of range")
        }
        return .double(double)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func skipDigits() {
        while let d = peek, Cursor.isDigit(d) { index += 1 }
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        index += 1 // opening quote
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard let s = String(validating: raw, as: UTF8.self) else {
                    throw JSONSyntaxError(offset: start, message: "string is not valid UTF-8")
                }
                index += 1
                return s
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character \(Cursor.describe(byte)) in a string (escape it)") }
            index += 1
        }
        // Slow path: decode escapes into a byte buffer.
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard let byte = peek else { throw error("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let s = String(validating: utf8, as: UTF8.self) else {
                    throw JSONSyntaxError(offset: start, message: "string is not valid UTF-8")
                }
                return s
            case UInt8(ascii: "\\"):
                guard let escape = peek else { throw error("unterminated escape") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = UInt32(try hex4())
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("lone high surrogate in \\u escape")
                        }
                        index += 2
                        let low = UInt32(try hex4())
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("lone low surrogate in \\u escape")
                    }
                    utf8.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
                default:
                    index -= 1
                    throw error("invalid escape \\ followed by \(Cursor.describe(escape))")
                }
            default:
                if byte < 0x20 { index -= 1; throw error("control character \(Cursor.describe(byte)) in a string (escape it)") }
                utf8.append(byte)
            }
        }
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt16 {
        guard bytes.count - index >= 4 else { throw error("truncated \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }
}
