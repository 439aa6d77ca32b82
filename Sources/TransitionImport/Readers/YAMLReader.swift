// SPDX-License-Identifier: MIT
public import TransitionConfig
import TransitionActions

/// A reader for the block YAML that configuration files are written in (fusuma's `config.yml`):
/// block mappings and sequences by indentation, plain, single- and double-quoted scalars, flow
/// sequences and mappings on one line (`[a, b]`, `{a: 1}`), literal and folded block scalars
/// (`|`, `>`), comments, and several documents separated by `---`.
///
/// It refuses, with the line and column, what it does not read — anchors, aliases, tags, tabs
/// in indentation, scalars continued over several lines, duplicate keys — rather than guessing.
/// Pure: text in, nodes out; nesting is limited, so no input can exhaust the stack.
public enum YAMLReader {
    /// The documents of `text` (one for a file without `---`); `source` names the file in errors.
    public static func documents(_ text: String, source: String) throws(ConfigError) -> [YAMLNode] {
        var parser = Parser(source: source, lines: Line.split(text))
        do {
            return try parser.documents()
        } catch {
            throw ConfigError(source: source, position: error.position, message: error.message)
        }
    }

    struct Failure: Error {
        var position: SourcePosition
        var message: String
    }

    /// One line that holds something: its number, indentation and content without the comment.
    struct Line {
        var number: Int
        var indent: Int
        var text: String
        /// The column where `text` starts (1-based).
        var column: Int { indent + 1 }

        static func split(_ text: String) -> [Line] {
            var result: [Line] = []
            var number = 0
            for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
                number += 1
                var line = Substring(raw)
                if line.hasSuffix("\r") { line = line.dropLast() }
                var indent = 0
                var rest = line[...]
                while let first = rest.first, first == " " { indent += 1; rest = rest.dropFirst() }
                result.append(Line(number: number, indent: indent, text: String(rest)))
            }
            return result
        }
    }

    struct Parser {
        var source: String
        var lines: [Line]
        var index = 0
        static let maxDepth = 64

        init(source: String, lines: [Line]) {
            self.source = source
            self.lines = lines
        }

        // MARK: Lines

        /// Skips blank and comment-only lines; the next line with content, comment removed.
        mutating func peek() throws(Failure) -> Line? {
            while index < lines.count {
                var line = lines[index]
                if line.text.hasPrefix("\t") && !Self.stripComment(line.text).allSatisfy(\.isWhitespace) {
                    throw Failure(position: SourcePosition(line: line.number, column: line.column),
                                  message: "a tab in indentation (YAML indents with spaces only)")
                }
                let stripped = Self.stripComment(line.text)
                if stripped.allSatisfy({ $0 == " " || $0 == "\t" }) { index += 1; continue }
                line.text = stripped
                return line
            }
            return nil
        }

        /// `text` without a comment (`#` at the start or after a space, outside quotes) and
        /// without trailing spaces.
        static func stripComment(_ text: String) -> String {
            let characters = Array(text)
            var end = characters.count
            var quote: Character?
            var i = 0
            while i < characters.count {
                let character = characters[i]
                let previous: Character = i == 0 ? " " : characters[i - 1]
                if let open = quote {
                    if open == "\"" && character == "\\" { i += 2; continue }
                    if character == open {
                        if open == "'" && i + 1 < characters.count && characters[i + 1] == "'" { i += 2; continue }
                        quote = nil
                    }
                } else if character == "#" && (previous == " " || previous == "\t") {
                    end = i
                    break
                } else if (character == "'" || character == "\"") && " \t[{,:-".contains(previous) {
                    quote = character
                }
                i += 1
            }
            var result = String(characters[..<end])
            while let last = result.last, last == " " || last == "\t" { result.removeLast() }
            return result
        }

        func failure(_ line: Line, _ message: String, column: Int? = nil) -> Failure {
            Failure(position: SourcePosition(line: line.number, column: column ?? line.column), message: message)
        }

        // MARK: Documents

        mutating func documents() throws(Failure) -> [YAMLNode] {
            var result: [YAMLNode] = []
            while let line = try peek() {
                if Self.isDocumentMarker(line) {
                    if line.text.count > 3 && line.text != "..." {
                        throw failure(line, "content on the '---' line is not supported; start it on the next line", column: 5)
                    }
                    index += 1
                    continue
                }
                result.append(try block(indent: line.indent, depth: 0))
                if let next = try peek(), !Self.isDocumentMarker(next) {
                    throw failure(next, "unexpected indentation")
                }
            }
            return result
        }

        // MARK: Blocks

        /// The block starting at the next line, at `indent`.
        mutating func block(indent: Int, depth: Int) throws(Failure) -> YAMLNode {
            guard let line = try peek() else { return YAMLNode(.null, at: SourcePosition(line: lines.count, column: 1)) }
            guard depth < Self.maxDepth else { throw failure(line, "nested more than \(Self.maxDepth) levels deep") }
            if Self.isSequenceItem(line.text) { return try sequence(indent: indent, depth: depth) }
            if Self.keySplit(line.text) != nil { return try mapping(indent: indent, depth: depth) }
            index += 1
            let node = try scalar(line.text, line: line, column: line.column, depth: depth)
            if let next = try peek(), next.indent >= indent, !Self.isDocumentMarker(next) {
                throw failure(next, "a scalar continued over several lines is not supported; write it on one line or with |")
            }
            return node
        }

        static func isDocumentMarker(_ line: Line) -> Bool {
            line.indent == 0 && (line.text == "---" || line.text.hasPrefix("--- ") || line.text == "...")
        }

        static func isSequenceItem(_ text: String) -> Bool {
            text == "-" || text.hasPrefix("- ")
        }

        mutating func sequence(indent: Int, depth: Int) throws(Failure) -> YAMLNode {
            let first = try peek()!
            var items: [YAMLNode] = []
            while let line = try peek(), line.indent == indent, Self.isSequenceItem(line.text), !Self.isDocumentMarker(line) {
                let content = String(line.text.dropFirst()).drop { $0 == " " }
                if content.isEmpty {
                    index += 1
                    if let next = try peek(), next.indent > indent {
                        items.append(try block(indent: next.indent, depth: depth + 1))
                    } else {
                        items.append(YAMLNode(.null, at: SourcePosition(line: line.number, column: line.column)))
                    }
                    continue
                }
                // The item's content is a block of its own, indented where the content starts.
                let offset = line.text.count - content.count
                lines[index] = Line(number: line.number, indent: line.indent + offset, text: String(content))
                items.append(try block(indent: line.indent + offset, depth: depth + 1))
            }
            if let line = try peek(), line.indent > indent, !Self.isDocumentMarker(line) {
                throw failure(line, "unexpected indentation")
            }
            return YAMLNode(.sequence(items), at: SourcePosition(line: first.number, column: first.column))
        }

        mutating func mapping(indent: Int, depth: Int) throws(Failure) -> YAMLNode {
            let first = try peek()!
            var entries: [YAMLNode.Entry] = []
            while let line = try peek(), line.indent == indent, !Self.isDocumentMarker(line) {
                guard let (rawKey, rest, restColumn) = Self.keySplit(line.text) else {
                    if Self.isSequenceItem(line.text) { throw failure(line, "a list item where a 'key: value' was expected") }
                    throw failure(line, "expected 'key: value'")
                }
                let keyPosition = SourcePosition(line: line.number, column: line.column)
                let key = try keyText(rawKey, line: line)
                if let earlier = entries.first(where: { $0.key == key }) {
                    throw failure(line, "duplicate key '\(key)' (first at line \(earlier.position.line))")
                }
                index += 1
                let value: YAMLNode
                if rest.isEmpty {
                    if let next = try peek(), !Self.isDocumentMarker(next),
                       next.indent > indent || (next.indent == indent && Self.isSequenceItem(next.text)) {
                        value = try block(indent: next.indent, depth: depth + 1)
                    } else {
                        value = YAMLNode(.null, at: keyPosition)
                    }
                } else if rest.hasPrefix("|") || rest.hasPrefix(">") {
                    value = try blockScalar(rest, line: line, column: line.indent + restColumn, parentIndent: indent)
                } else {
                    value = try scalar(rest, line: line, column: line.indent + restColumn, depth: depth)
                    if let next = try peek(), next.indent > indent, !Self.isDocumentMarker(next) {
                        if Self.keySplit(next.text) != nil || Self.isSequenceItem(next.text) {
                            throw failure(next, "unexpected indentation")
                        }
                        throw failure(next, "a scalar continued over several lines is not supported; write it on one line or with |")
                    }
                }
                entries.append(YAMLNode.Entry(key: key, position: keyPosition, value: value))
            }
            if let line = try peek(), line.indent > indent, !Self.isDocumentMarker(line) {
                throw failure(line, "unexpected indentation")
            }
            return YAMLNode(.mapping(entries), at: SourcePosition(line: first.number, column: first.column))
        }

        func keyText(_ raw: String, line: Line) throws(Failure) -> String {
            if raw.hasPrefix("'") || raw.hasPrefix("\"") {
                var cursor = Cursor(raw, line: line, column: line.column)
                let text = try cursor.quoted()
                guard cursor.atEnd else { throw failure(line, "unexpected text after a quoted key") }
                return text
            }
            if let first = raw.first, "&*!?|>%@`".contains(first) {
                throw failure(line, "'\(first)' starting a key is not supported")
            }
            return raw
        }

        /// `key: rest` split at the first `:` followed by a space or the end, outside quotes
        /// and brackets; the column (0-based, within the text) where `rest` starts.
        static func keySplit(_ text: String) -> (String, String, Int)? {
            let characters = Array(text)
            var quote: Character?
            var brackets = 0
            var skip = false
            for (i, character) in characters.enumerated() {
                if skip { skip = false; continue }
                if let open = quote {
                    if open == "\"" && character == "\\" { skip = true; continue }
                    if character == open {
                        if open == "'" && i + 1 < characters.count && characters[i + 1] == "'" { skip = true; continue }
                        quote = nil
                    }
                    continue
                }
                switch character {
                case "'", "\"": if i == 0 { quote = character }
                case "[", "{": if i == 0 { return nil }; brackets += 1
                case "]", "}": brackets -= 1
                case ":" where brackets <= 0:
                    if i + 1 == characters.count || characters[i + 1] == " " {
                        let key = String(characters[..<i]).trimmingSpaces
                        guard !key.isEmpty else { return nil }
                        var j = i + 1
                        while j < characters.count && characters[j] == " " { j += 1 }
                        return (key, String(characters[j...]), j + 1)
                    }
                default: break
                }
            }
            return nil
        }

        // MARK: Scalars

        mutating func blockScalar(_ header: String, line: Line, column: Int, parentIndent: Int) throws(Failure) -> YAMLNode {
            let folded = header.hasPrefix(">")
            let indicator = header.dropFirst()
            guard indicator.allSatisfy({ $0 == "-" || $0 == "+" }), indicator.count <= 1 else {
                throw failure(line, "block scalar indicators other than - and + are not supported", column: column)
            }
            var body: [String] = []
            var blockIndent: Int?
            while index < lines.count {
                let next = lines[index]
                let blank = next.text.allSatisfy { $0 == " " }
                if !blank {
                    if next.indent <= parentIndent { break }
                    if blockIndent == nil { blockIndent = next.indent }
                    if next.indent < blockIndent! { break }
                    body.append(String(repeating: " ", count: next.indent - blockIndent!) + next.text)
                } else {
                    body.append("")
                }
                index += 1
            }
            while body.last == "" { body.removeLast() }
            var text = folded ? Self.fold(body) : body.joined(separator: "\n")
            if indicator != "-" && !body.isEmpty { text += "\n" }
            return YAMLNode(.scalar(text, quoted: true), at: SourcePosition(line: line.number, column: column))
        }

        static func fold(_ lines: [String]) -> String {
            var out = ""
            for (i, line) in lines.enumerated() {
                if i > 0 { out += line.isEmpty || lines[i - 1].isEmpty || line.hasPrefix(" ") ? "\n" : " " }
                out += line
            }
            return out
        }

        func scalar(_ text: String, line: Line, column: Int, depth: Int) throws(Failure) -> YAMLNode {
            var cursor = Cursor(text, line: line, column: column)
            let node = try cursor.flowValue(depth: depth, inFlow: false)
            cursor.skipSpaces()
            guard cursor.atEnd else {
                throw Failure(position: cursor.position, message: "unexpected text after the value")
            }
            return node
        }
    }

    /// A position in one line's text, for scalars and flow collections.
    struct Cursor {
        var characters: [Character]
        var i = 0
        var line: Line
        var column: Int

        init(_ text: String, line: Line, column: Int) {
            characters = Array(text); self.line = line; self.column = column
        }

        var atEnd: Bool { i >= characters.count }
        var position: SourcePosition { SourcePosition(line: line.number, column: column + i) }

        mutating func skipSpaces() { while i < characters.count && characters[i] == " " { i += 1 } }

        func failure(_ message: String) -> Failure { Failure(position: position, message: message) }

        mutating func flowValue(depth: Int, inFlow: Bool) throws(Failure) -> YAMLNode {
            skipSpaces()
            let start = position
            guard depth < Parser.maxDepth else { throw failure("nested more than \(Parser.maxDepth) levels deep") }
            guard !atEnd else { return YAMLNode(.null, at: start) }
            switch characters[i] {
            case "'", "\"":
                return YAMLNode(.scalar(try quoted(), quoted: true), at: start)
            case "[":
                i += 1
                var items: [YAMLNode] = []
                skipSpaces()
                if !atEnd && characters[i] == "]" { i += 1; return YAMLNode(.sequence(items), at: start) }
                while true {
                    items.append(try flowValue(depth: depth + 1, inFlow: true))
                    skipSpaces()
                    guard !atEnd else { throw failure("missing ']' (a flow sequence must end on its line)") }
                    if characters[i] == "," { i += 1; skipSpaces(); if !atEnd && characters[i] == "]" { i += 1; break }; continue }
                    if characters[i] == "]" { i += 1; break }
                    throw failure("expected ',' or ']'")
                }
                return YAMLNode(.sequence(items), at: start)
            case "{":
                i += 1
                var entries: [YAMLNode.Entry] = []
                skipSpaces()
                if !atEnd && characters[i] == "}" { i += 1; return YAMLNode(.mapping(entries), at: start) }
                while true {
                    skipSpaces()
                    let keyPosition = position
                    let keyNode = try flowValue(depth: depth + 1, inFlow: true)
                    guard let key = keyNode.text else { throw Failure(position: keyPosition, message: "a flow mapping's key must be a scalar") }
                    skipSpaces()
                    var value = YAMLNode(.null, at: keyPosition)
                    if !atEnd && characters[i] == ":" {
                        i += 1
                        value = try flowValue(depth: depth + 1, inFlow: true)
                    }
                    if entries.contains(where: { $0.key == key }) {
                        throw Failure(position: keyPosition, message: "duplicate key '\(key)'")
                    }
                    entries.append(YAMLNode.Entry(key: key, position: keyPosition, value: value))
                    skipSpaces()
                    guard !atEnd else { throw failure("missing '}' (a flow mapping must end on its line)") }
                    if characters[i] == "," { i += 1; skipSpaces(); if !atEnd && characters[i] == "}" { i += 1; break }; continue }
                    if characters[i] == "}" { i += 1; break }
                    throw failure("expected ',' or '}'")
                }
                return YAMLNode(.mapping(entries), at: start)
            case "&", "*", "!":
                throw failure("anchors, aliases and tags ('\(characters[i])') are not supported; write the value out")
            case "|", ">", "%", "@", "`":
                throw failure("'\(characters[i])' cannot start a value here")
            default:
                var text = ""
                while !atEnd {
                    let c = characters[i]
                    if inFlow && (c == "," || c == "]" || c == "}") { break }
                    if inFlow && c == ":" && (i + 1 == characters.count || " ,]}".contains(characters[i + 1])) { break }
                    text.append(c)
                    i += 1
                }
                text = text.trimmingSpaces
                return YAMLNode(text == "~" || text == "null" || text == "Null" || text == "NULL" ? .null : .scalar(text, quoted: false),
                                at: start)
            }
        }

        /// A single- or double-quoted scalar, the cursor on its opening quote.
        mutating func quoted() throws(Failure) -> String {
            let open = characters[i]
            let start = position
            i += 1
            var text = ""
            while i < characters.count {
                let c = characters[i]
                if c == open {
                    if open == "'" && i + 1 < characters.count && characters[i + 1] == "'" {
                        text.append("'"); i += 2; continue
                    }
                    i += 1
                    return text
                }
                if open == "\"" && c == "\\" {
                    guard i + 1 < characters.count else { break }
                    let e = characters[i + 1]
                    i += 2
                    switch e {
                    case "n": text.append("\n")
                    case "t": text.append("\t")
                    case "r": text.append("\r")
                    case "0": text.append("\0")
                    case "\\", "\"", "/", " ": text.append(e)
                    case "x", "u", "U":
                        let count = e == "x" ? 2 : e == "u" ? 4 : 8
                        guard i + count <= characters.count,
                              let value = UInt32(String(characters[i..<(i + count)]), radix: 16),
                              let scalar = Unicode.Scalar(value) else {
                            throw failure("a bad \\\(e) escape")
                        }
                        text.unicodeScalars.append(scalar)
                        i += count
                    default:
                        throw failure("an unknown escape '\\\(e)'")
                    }
                    continue
                }
                text.append(c)
                i += 1
            }
            throw Failure(position: start, message: "a quoted scalar that does not end on its line (multi-line quotes are not supported)")
        }
    }
}
