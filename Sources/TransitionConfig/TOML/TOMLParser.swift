// SPDX-License-Identifier: MIT
/// A syntax error: where, and what is wrong.
package struct TOMLSyntaxError: Error, Sendable, Hashable {
    package var position: SourcePosition
    package var message: String
}

/// A small TOML 1.0 parser for the subset a configuration file needs, built so that every error
/// names its line and column, and every key and value keeps its position for later semantic
/// errors.
///
/// Supported: comments; `key = value` with bare, quoted and dotted keys; `[table]` and
/// `[[array.of.tables]]` headers; basic and literal strings, single- and multi-line, with every
/// TOML escape; decimal, hexadecimal, octal and binary integers with `_` separators; floats with
/// fraction and exponent; booleans; arrays (over several lines, with comments and a trailing
/// comma); inline tables. Refused with a clear message: dates and times, `inf` and `nan`
/// (a configuration value must be a finite number), and nesting deeper than ``maxDepth``.
package struct TOMLParser {
    /// Deepest nesting of arrays, inline tables and dotted key parts: keeps the recursive
    /// descent far from the stack's end whatever the input.
    static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    private init(_ text: String) { bytes = Array(text.utf8) }

    /// Parses a whole document into its root table.
    package static func parse(_ text: String) throws(TOMLSyntaxError) -> TOMLTable {
        var parser = TOMLParser(text)
        return try parser.document()
    }

    // MARK: - Document

    private mutating func document() throws(TOMLSyntaxError) -> TOMLTable {
        let root = TableBuilder(kind: .root, position: SourcePosition(line: 1, column: 1))
        var current = root
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }  // UTF-8 byte order mark
        while true {
            skipBlank()
            guard let byte = peek() else { break }
            switch byte {
            case UInt8(ascii: "#"):
                try skipComment()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try newline()
                continue
            case UInt8(ascii: "["):
                current = try header(root: root)
            default:
                try keyValue(into: current)
            }
            try endOfLine()
        }
        return root.freeze()
    }

    /// After a header or key/value: blanks, an optional comment, then a newline or the end.
    private mutating func endOfLine() throws(TOMLSyntaxError) {
        skipBlank()
        guard let byte = peek() else { return }
        if byte == UInt8(ascii: "#") { try skipComment(); guard peek() != nil else { return } }
        guard let next = peek(), next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") else {
            throw error("expected a newline or a comment, found \(describe(peek()))")
        }
        try newline()
    }

    private mutating func header(root: TableBuilder) throws(TOMLSyntaxError) -> TableBuilder {
        let start = position()
        advance()  // [
        let isArray = peek() == UInt8(ascii: "[")
        if isArray { advance() }
        skipBlank()
        let keys = try dottedKey()
        skipBlank()
        guard peek() == UInt8(ascii: "]") else {
            throw error("expected ']' to close the table header, found \(describe(peek()))")
        }
        advance()
        if isArray {
            guard peek() == UInt8(ascii: "]") else {
                throw error("expected ']]' to close the array-of-tables header, found \(describe(peek()))")
            }
            advance()
        }
        let shown = keys.map { Self.quoteKeyIfNeeded($0.name) }.joined(separator: ".")
        let headerText = isArray ? "[[\(shown)]]" : "[\(shown)]"
        var table = root
        for part in keys.dropLast() {
            table = try table.descendForHeader(part, header: headerText)
        }
        let last = keys[keys.count - 1]
        if isArray {
            return try table.appendArrayElement(last, at: start, header: headerText)
        }
        return try table.defineTable(last, at: start, header: headerText)
    }

    private mutating func keyValue(into table: TableBuilder) throws(TOMLSyntaxError) {
        let keys = try dottedKey()
        skipBlank()
        guard peek() == UInt8(ascii: "=") else {
            if peek() == nil || peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "\r") {
                throw error("expected '=' after key '\(keys.map(\.name).joined(separator: "."))', found the end of the line")
            }
            throw error("expected '=' after key '\(keys.map(\.name).joined(separator: "."))', found \(describe(peek()))")
        }
        advance()
        skipBlank()
        let value = try value(depth: keys.count)
        try table.assign(keys, value)
    }

    // MARK: - Keys

    struct KeyPart {
        var name: String
        var position: SourcePosition
    }

    private mutating func dottedKey() throws(TOMLSyntaxError) -> [KeyPart] {
        var parts = [try simpleKey()]
        while true {
            let save = (index, line, lineStart)
            skipBlank()
            guard peek() == UInt8(ascii: ".") else { (index, line, lineStart) = save; break }
            advance()
            skipBlank()
            parts.append(try simpleKey())
            if parts.count > Self.maxDepth { throw error("a dotted key has more than \(Self.maxDepth) parts") }
        }
        return parts
    }

    private mutating func simpleKey() throws(TOMLSyntaxError) -> KeyPart {
        let start = position()
        switch peek() {
        case UInt8(ascii: "\""):
            if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                throw error("a key cannot be a multi-line string")
            }
            return KeyPart(name: try basicString(), position: start)
        case UInt8(ascii: "'"):
            if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") {
                throw error("a key cannot be a multi-line string")
            }
            return KeyPart(name: try literalString(), position: start)
        default:
            let begin = index
            while let byte = peek(), Self.isBareKeyByte(byte) { advance() }
            guard index > begin else {
                if peek() == nil || peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "\r") {
                    throw error("expected a key, found the end of the line")
                }
                throw error("expected a key (letters, digits, '_' and '-', or a quoted string), found \(describe(peek()))")
            }
            return KeyPart(name: String(decoding: bytes[begin..<index], as: UTF8.self), position: start)
        }
    }

    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// A key as it would be written in a header: bare when possible, otherwise quoted.
    static func quoteKeyIfNeeded(_ key: String) -> String {
        if !key.isEmpty, key.utf8.allSatisfy(isBareKeyByte) { return key }
        return TOMLWriter.basicString(key)
    }

    // MARK: - Values

    private mutating func value(depth: Int) throws(TOMLSyntaxError) -> TOMLNode {
        let start = position()
        guard let byte = peek() else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "\""):
            if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                return TOMLNode(value: .string(try multiLineBasicString()), position: start)
            }
            return TOMLNode(value: .string(try basicString()), position: start)
        case UInt8(ascii: "'"):
            if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") {
                return TOMLNode(value: .string(try multiLineLiteralString()), position: start)
            }
            return TOMLNode(value: .string(try literalString()), position: start)
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw error("values are nested more than \(Self.maxDepth) deep") }
            return TOMLNode(value: .array(try array(depth: depth + 1)), position: start)
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw error("values are nested more than \(Self.maxDepth) deep") }
            return TOMLNode(value: .table(try inlineTable(depth: depth + 1)), position: start)
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            throw error("expected a value, found the end of the line")
        case UInt8(ascii: "#"):
            throw error("expected a value, found a comment")
        default:
            return TOMLNode(value: try scalar(), position: start)
        }
    }

    /// Booleans, numbers, and the things refused in their place (dates, inf, nan, bare words).
    private mutating func scalar() throws(TOMLSyntaxError) -> TOMLValue {
        let start = position()
        let begin = index
        while let byte = peek(), Self.isScalarByte(byte) { advance() }
        // A date-time may have one space between date and time: "1979-05-27 07:32:00".
        let token = String(decoding: bytes[begin..<index], as: UTF8.self)
        guard !token.isEmpty else {
            throw error("expected a value (a string, number, boolean, array or inline table), found \(describe(peek()))")
        }
        switch token {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf", "-inf", "nan", "+nan", "-nan":
            throw TOMLSyntaxError(position: start, message: "'\(token)' is not allowed: values must be finite numbers")
        default: break
        }
        if Self.looksLikeDateOrTime(token) {
            throw TOMLSyntaxError(position: start, message: "dates and times are not supported ('\(token)')")
        }
        guard let first = token.utf8.first,
              first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else {
            throw TOMLSyntaxError(position: start, message: "'\(token)' is not a value; strings need quotes: \"\(token)\"")
        }
        if let value = try Self.number(token, at: start) { return value }
        throw TOMLSyntaxError(position: start, message: "'\(token)' is not a valid number")
    }

    private static func isScalarByte(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    private static func looksLikeDateOrTime(_ token: String) -> Bool {
        let b = Array(token.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= b.count && b[range].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
        if digits(0..<4), b.count > 4, b[4] == UInt8(ascii: "-") { return true }  // 1979-05-27
        if digits(0..<2), b.count > 2, b[2] == UInt8(ascii: ":") { return true }  // 07:32:00
        return false
    }

    /// Parses a TOML integer or float token; `nil` when it is neither.
    static func number(_ token: String, at position: SourcePosition) throws(TOMLSyntaxError) -> TOMLValue? {
        var b = Array(token.utf8)
        // Prefixed integers: no sign allowed.
        if b.count > 2, b[0] == UInt8(ascii: "0"),
           let radix: Int = [UInt8(ascii: "x"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "b"): 2][b[1]] {
            let body = Array(b[2...])
            guard let digits = stripUnderscores(body, isDigit: { digitValue($0, radix: radix) != nil }) else { return nil }
            guard let value = Int64(String(decoding: digits, as: UTF8.self), radix: radix) else {
                throw TOMLSyntaxError(position: position, message: "'\(token)' does not fit in a 64-bit integer")
            }
            return .integer(value)
        }
        var sign: [UInt8] = []
        if let first = b.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            sign = first == UInt8(ascii: "-") ? [first] : []
            b.removeFirst()
        }
        let isDecimal: (UInt8) -> Bool = { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        // Split into integer part, fraction, exponent.
        let dot = b.firstIndex(of: UInt8(ascii: "."))
        let exp = b.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let intEnd = dot ?? exp ?? b.count
        guard let intDigits = stripUnderscores(Array(b[0..<intEnd]), isDigit: isDecimal) else { return nil }
        if intDigits.count > 1, intDigits[0] == UInt8(ascii: "0") {
            throw TOMLSyntaxError(position: position, message: "'\(token)' has a leading zero, which TOML does not allow")
        }
        if dot == nil, exp == nil {
            guard let value = Int64(String(decoding: sign + intDigits, as: UTF8.self)) else {
                throw TOMLSyntaxError(position: position, message: "'\(token)' does not fit in a 64-bit integer")
            }
            return .integer(value)
        }
        var text = sign + intDigits
        if let dot {
            let fracEnd = exp ?? b.count
            guard dot < fracEnd, let frac = stripUnderscores(Array(b[(dot + 1)..<fracEnd]), isDigit: isDecimal) else {
                return nil
            }
            text += [UInt8(ascii: ".")] + frac
        }
        if let exp {
            guard exp > (dot ?? -1) else { return nil }
            var rest = Array(b[(exp + 1)...])
            var expSign: [UInt8] = []
            if let first = rest.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
                expSign = [first]
                rest.removeFirst()
            }
            guard let expDigits = stripUnderscores(rest, isDigit: isDecimal) else { return nil }
            text += [UInt8(ascii: "e")] + expSign + expDigits
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)) else { return nil }
        guard value.isFinite else {
            throw TOMLSyntaxError(position: position, message: "'\(token)' is too large for a 64-bit float")
        }
        return .float(value)
    }

    /// Digits with single `_` between digits; `nil` if empty or misplaced underscores.
    private static func stripUnderscores(_ b: [UInt8], isDigit: (UInt8) -> Bool) -> [UInt8]? {
        guard let first = b.first, let last = b.last, isDigit(first), isDigit(last) else { return nil }
        var out: [UInt8] = []
        var previousUnderscore = false
        for byte in b {
            if byte == UInt8(ascii: "_") {
                if previousUnderscore { return nil }
                previousUnderscore = true
            } else {
                guard isDigit(byte) else { return nil }
                previousUnderscore = false
                out.append(byte)
            }
        }
        return out
    }

    private static func digitValue(_ byte: UInt8, radix: Int) -> Int? {
        let v: Int
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): v = Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): v = Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): v = Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
        return v < radix ? v : nil
    }

    private mutating func array(depth: Int) throws(TOMLSyntaxError) -> [TOMLNode] {
        advance()  // [
        var items: [TOMLNode] = []
        while true {
            try skipBlankLinesAndComments()
            guard let byte = peek() else { throw error("unterminated array: expected ']' before the end of the file") }
            if byte == UInt8(ascii: "]") { advance(); return items }
            items.append(try value(depth: depth))
            try skipBlankLinesAndComments()
            switch peek() {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"): advance(); return items
            case nil: throw error("unterminated array: expected ']' before the end of the file")
            default: throw error("expected ',' or ']' in the array, found \(describe(peek()))")
            }
        }
    }

    private mutating func inlineTable(depth: Int) throws(TOMLSyntaxError) -> TOMLTable {
        let builder = TableBuilder(kind: .inline, position: position())
        advance()  // {
        skipBlank()
        if peek() == UInt8(ascii: "}") { advance(); return builder.freeze() }
        while true {
            skipBlank()
            try checkInlineTableContinues()
            let keys = try dottedKey()
            if depth + keys.count > Self.maxDepth { throw error("values are nested more than \(Self.maxDepth) deep") }
            skipBlank()
            guard peek() == UInt8(ascii: "=") else {
                throw error("expected '=' after key '\(keys.map(\.name).joined(separator: "."))', found \(describe(peek()))")
            }
            advance()
            skipBlank()
            try checkInlineTableContinues()
            let value = try value(depth: depth + keys.count)
            try builder.assign(keys, value)
            skipBlank()
            switch peek() {
            case UInt8(ascii: ","):
                advance()
                skipBlank()
                if peek() == UInt8(ascii: "}") { throw error("a trailing comma is not allowed in an inline table") }
            case UInt8(ascii: "}"):
                advance()
                return builder.freeze()
            default:
                try checkInlineTableContinues()
                throw error("expected ',' or '}' in the inline table, found \(describe(peek()))")
            }
        }
    }

    private func checkInlineTableContinues() throws(TOMLSyntaxError) {
        switch peek() {
        case nil: throw error("unterminated inline table: expected '}' before the end of the file")
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            throw error("an inline table must be on one line; use a [table] for more")
        case UInt8(ascii: "#"): throw error("a comment cannot be inside an inline table")
        default: return
        }
    }

    // MARK: - Strings

    private mutating func basicString() throws(TOMLSyntaxError) -> String {
        let start = position()
        advance()  // "
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else {
                throw TOMLSyntaxError(position: start, message: "unterminated string: expected '\"' before the end of the file")
            }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &out)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw TOMLSyntaxError(position: start, message: "unterminated string: expected '\"' before the end of the line")
            default:
                try checkStringByte(byte)
                out.append(byte)
                advance()
            }
        }
    }

    private mutating func multiLineBasicString() throws(TOMLSyntaxError) -> String {
        let start = position()
        advance(3)
        try trimFirstNewline()
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else {
                throw TOMLSyntaxError(position: start, message: "unterminated string: expected '\"\"\"' before the end of the file")
            }
            switch byte {
            case UInt8(ascii: "\""):
                if try quoteRun(UInt8(ascii: "\""), delimiter: "'\"\"\"'", into: &out) {
                    return String(decoding: out, as: UTF8.self)
                }
            case UInt8(ascii: "\\"):
                // A backslash at the end of a line trims it and all blanks and newlines that follow.
                var look = 1
                while let b = peek(look), b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") { look += 1 }
                if peek(look) == UInt8(ascii: "\n") || (peek(look) == UInt8(ascii: "\r") && peek(look + 1) == UInt8(ascii: "\n")) {
                    advance(look)
                    while let b = peek() {
                        if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") { advance() }
                        else if b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") { try newline() }
                        else { break }
                    }
                } else {
                    try escape(into: &out)
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try newline()
                out.append(UInt8(ascii: "\n"))
            default:
                try checkStringByte(byte)
                out.append(byte)
                advance()
            }
        }
    }

    /// At a run of `quote` bytes inside a multi-line string: consumes the run, appends the quotes
    /// that belong to the content, and returns whether it closes the string (three quotes, with
    /// at most two more before them).
    private mutating func quoteRun(_ quote: UInt8, delimiter: String,
                                   into out: inout [UInt8]) throws(TOMLSyntaxError) -> Bool {
        var quotes = 0
        while peek(quotes) == quote { quotes += 1 }
        guard quotes >= 3 else {
            out += Array(repeating: quote, count: quotes)
            advance(quotes)
            return false
        }
        guard quotes <= 5 else {
            throw error("too many quotes: \(delimiter) ends the string, at most two more may precede it")
        }
        out += Array(repeating: quote, count: quotes - 3)
        advance(quotes)
        return true
    }

    private mutating func literalString() throws(TOMLSyntaxError) -> String {
        let start = position()
        advance()  // '
        let begin = index
        while true {
            guard let byte = peek() else {
                throw TOMLSyntaxError(position: start, message: "unterminated string: expected \"'\" before the end of the file")
            }
            if byte == UInt8(ascii: "'") { break }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                throw TOMLSyntaxError(position: start, message: "unterminated string: expected \"'\" before the end of the line")
            }
            try checkStringByte(byte)
            advance()
        }
        let text = String(decoding: bytes[begin..<index], as: UTF8.self)
        advance()
        return text
    }

    private mutating func multiLineLiteralString() throws(TOMLSyntaxError) -> String {
        let start = position()
        advance(3)
        try trimFirstNewline()
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else {
                throw TOMLSyntaxError(position: start, message: "unterminated string: expected \"'''\" before the end of the file")
            }
            switch byte {
            case UInt8(ascii: "'"):
                if try quoteRun(UInt8(ascii: "'"), delimiter: "\"'''\"", into: &out) {
                    return String(decoding: out, as: UTF8.self)
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try newline()
                out.append(UInt8(ascii: "\n"))
            default:
                try checkStringByte(byte)
                out.append(byte)
                advance()
            }
        }
    }

    private mutating func trimFirstNewline() throws(TOMLSyntaxError) {
        if peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "\r") { try newline() }
    }

    private mutating func escape(into out: inout [UInt8]) throws(TOMLSyntaxError) {
        let start = position()
        advance()  // backslash
        guard let byte = peek() else { throw error("unterminated string: expected an escape after '\\'") }
        advance()
        switch byte {
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "e"): out.append(0x1B)
        case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = byte == UInt8(ascii: "u") ? 4 : 8
            var code: UInt32 = 0
            for _ in 0..<count {
                guard let h = peek(), let v = Self.digitValue(h, radix: 16) else {
                    throw TOMLSyntaxError(position: start, message: "'\\\(Character(Unicode.Scalar(byte)))' needs \(count) hexadecimal digits")
                }
                code = code << 4 | UInt32(v)
                advance()
            }
            guard let scalar = Unicode.Scalar(code) else {
                throw TOMLSyntaxError(position: start, message: "'\\\(Character(Unicode.Scalar(byte)))' names no Unicode scalar value (U+\(String(code, radix: 16, uppercase: true)))")
            }
            out += Array(String(Character(scalar)).utf8)
        default:
            let shown = byte < 0x80 && byte >= 0x20 ? "'\\\(Character(Unicode.Scalar(byte)))'" : "this backslash"
            throw TOMLSyntaxError(position: start, message: "unknown escape \(shown); use \\\\ for a backslash")
        }
    }

    /// Control characters other than tab are not allowed in strings or comments.
    private func checkStringByte(_ byte: UInt8) throws(TOMLSyntaxError) {
        if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
            throw error("control character U+\(Self.hex4(byte)) is not allowed here; write it as an escape")
        }
    }

    private static func hex4(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - hex.count) + hex
    }

    // MARK: - Blanks, comments, newlines

    private mutating func skipBlank() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { advance() }
    }

    private mutating func skipComment() throws(TOMLSyntaxError) {
        advance()  // #
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r"), peek(1) == UInt8(ascii: "\n") { return }
            if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                throw error("control character U+\(Self.hex4(byte)) is not allowed in a comment")
            }
            advance()
        }
    }

    private mutating func skipBlankLinesAndComments() throws(TOMLSyntaxError) {
        while true {
            skipBlank()
            switch peek() {
            case UInt8(ascii: "#"): try skipComment()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): try newline()
            default: return
            }
        }
    }

    /// Consumes `\n` or `\r\n`; a lone `\r` is an error.
    private mutating func newline() throws(TOMLSyntaxError) {
        if peek() == UInt8(ascii: "\r") {
            guard peek(1) == UInt8(ascii: "\n") else { throw error("a carriage return must be followed by a newline") }
            index += 1
        }
        index += 1
        line += 1
        lineStart = index
    }

    // MARK: - Cursor

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// Moves past `count` bytes that are not newlines.
    private mutating func advance(_ count: Int = 1) {
        index = min(index + count, bytes.count)
    }

    private func position() -> SourcePosition {
        var column = 1
        var i = lineStart
        while i < index && i < bytes.count {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return SourcePosition(line: line, column: column)
    }

    private func error(_ message: String) -> TOMLSyntaxError {
        TOMLSyntaxError(position: position(), message: message)
    }

    private func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return "the end of the line"
        case 0x20..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x80...:
            // The whole scalar starting here.
            var end = index + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
        default: return "control character U+\(Self.hex4(byte))"
        }
    }
}
