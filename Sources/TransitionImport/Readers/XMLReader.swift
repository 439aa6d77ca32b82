// SPDX-License-Identifier: MIT
public import TransitionConfig

/// An XML element as ``XMLReader`` reads it: name, attributes, children and text, with where its
/// start tag is.
public struct XMLElement: Sendable, Hashable {
    /// The tag's name (`gesture`, `touchégg`).
    public var name: String
    /// The attributes in the order written.
    public var attributes: [(name: String, value: String)] {
        get { attributeList.map { ($0.name, $0.value) } }
        set { attributeList = newValue.map { Attribute(name: $0.name, value: $0.value) } }
    }
    /// The child elements in order.
    public var children: [XMLElement]
    /// The character data directly inside it, entities and CDATA resolved, concatenated.
    public var text: String
    /// Where its start tag's `<` is.
    public var position: SourcePosition

    struct Attribute: Sendable, Hashable {
        var name: String
        var value: String
    }
    var attributeList: [Attribute]

    /// An element.
    public init(name: String, attributes: [(name: String, value: String)] = [], children: [XMLElement] = [],
                text: String = "", position: SourcePosition) {
        self.name = name; self.children = children; self.text = text; self.position = position
        self.attributeList = attributes.map { Attribute(name: $0.name, value: $0.value) }
    }

    /// The value of attribute `name`.
    public func attribute(_ name: String) -> String? {
        attributeList.first { $0.name == name }?.value
    }

    /// The children named `name`.
    public func children(named name: String) -> [XMLElement] {
        children.filter { $0.name == name }
    }
}

/// A small non-validating XML reader for configuration files (Touchégg's `touchegg.conf`):
/// elements, attributes, character data, the five predefined entities and numeric character
/// references, CDATA sections, comments, processing instructions and a DOCTYPE without an
/// internal subset (skipped). Anything else — a mismatched end tag, an unknown entity, text
/// after the root — is an error with its line and column. Nesting is limited, so no input can
/// exhaust the stack. Pure: text in, elements out.
public enum XMLReader {
    /// The root element of `text`; `source` names the file in errors.
    public static func root(_ text: String, source: String) throws(ConfigError) -> XMLElement {
        var parser = Parser(text)
        do {
            return try parser.document()
        } catch {
            throw ConfigError(source: source, position: error.position, message: error.message)
        }
    }

    static let maxDepth = 128

    struct Failure: Error {
        var position: SourcePosition
        var message: String
    }

    struct Parser {
        var s: [Unicode.Scalar]
        var i = 0
        var line = 1
        var column = 1

        init(_ text: String) { s = Array(text.unicodeScalars) }

        var atEnd: Bool { i >= s.count }
        var position: SourcePosition { SourcePosition(line: line, column: column) }

        func failure(_ message: String, at position: SourcePosition? = nil) -> Failure {
            Failure(position: position ?? self.position, message: message)
        }

        mutating func advance(_ n: Int = 1) {
            for _ in 0..<n where i < s.count {
                if s[i] == "\n" { line += 1; column = 1 } else { column += 1 }
                i += 1
            }
        }

        func looking(at prefix: String) -> Bool {
            var j = i
            for c in prefix.unicodeScalars {
                guard j < s.count, s[j] == c else { return false }
                j += 1
            }
            return true
        }

        static func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }

        static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
            !isSpace(c) && !"<>/=\"'&!?".unicodeScalars.contains(c)
        }

        mutating func skipSpaces() { while !atEnd && Self.isSpace(s[i]) { advance() } }

        /// Skips until `end` and past it; `what` names the construct when it never ends.
        mutating func skip(until end: String, what: String) throws(Failure) {
            let start = position
            while !atEnd {
                if looking(at: end) { advance(end.unicodeScalars.count); return }
                advance()
            }
            throw failure("\(what) that never ends", at: start)
        }

        /// Comments, processing instructions, the XML declaration, a DOCTYPE, and spaces.
        mutating func skipMisc() throws(Failure) {
            while true {
                skipSpaces()
                if looking(at: "<!--") { try skip(until: "-->", what: "a comment") }
                else if looking(at: "<?") { try skip(until: "?>", what: "a processing instruction") }
                else if looking(at: "<!DOCTYPE") {
                    let start = position
                    while !atEnd && s[i] != ">" {
                        if s[i] == "[" { throw failure("a DOCTYPE with an internal subset is not supported", at: start) }
                        advance()
                    }
                    guard !atEnd else { throw failure("a DOCTYPE that never ends", at: start) }
                    advance()
                } else { return }
            }
        }

        mutating func document() throws(Failure) -> XMLElement {
            if !atEnd && s[0] == "\u{FEFF}" { advance() }
            try skipMisc()
            guard !atEnd, s[i] == "<" else { throw failure("expected the root element") }
            let root = try element(depth: 0)
            try skipMisc()
            guard atEnd else { throw failure("text after the root element </\(root.name)>") }
            return root
        }

        mutating func name() throws(Failure) -> String {
            var result = String.UnicodeScalarView()
            while !atEnd && Self.isNameCharacter(s[i]) { result.append(s[i]); advance() }
            guard !result.isEmpty else { throw failure("expected a name") }
            return String(result)
        }

        /// An element, the cursor on its `<`.
        mutating func element(depth: Int) throws(Failure) -> XMLElement {
            let start = position
            guard depth < XMLReader.maxDepth else { throw failure("elements nested more than \(XMLReader.maxDepth) deep") }
            advance()  // <
            let tag = try name()
            var element = XMLElement(name: tag, position: start)
            while true {
                skipSpaces()
                guard !atEnd else { throw failure("the start tag <\(tag)> never ends", at: start) }
                if s[i] == "/" {
                    advance()
                    guard !atEnd, s[i] == ">" else { throw failure("expected '>' after '/'") }
                    advance()
                    return element
                }
                if s[i] == ">" { advance(); break }
                let attributePosition = position
                let attribute = try name()
                skipSpaces()
                guard !atEnd, s[i] == "=" else { throw failure("expected '=' after the attribute '\(attribute)'") }
                advance()
                skipSpaces()
                guard !atEnd, s[i] == "\"" || s[i] == "'" else { throw failure("expected a quoted value for '\(attribute)'") }
                let quote = s[i]
                advance()
                var value = ""
                while true {
                    guard !atEnd else { throw failure("the value of '\(attribute)' never ends", at: attributePosition) }
                    if s[i] == quote { advance(); break }
                    if s[i] == "<" { throw failure("'<' in an attribute value") }
                    if s[i] == "&" { value += try reference() } else { value.unicodeScalars.append(s[i]); advance() }
                }
                if element.attribute(attribute) != nil {
                    throw failure("the attribute '\(attribute)' appears twice", at: attributePosition)
                }
                element.attributeList.append(XMLElement.Attribute(name: attribute, value: value))
            }
            // Content.
            while true {
                guard !atEnd else { throw failure("<\(tag)> is never closed", at: start) }
                if looking(at: "</") {
                    let endPosition = position
                    advance(2)
                    let endTag = try name()
                    skipSpaces()
                    guard !atEnd, s[i] == ">" else { throw failure("expected '>' to end </\(endTag)>") }
                    advance()
                    guard endTag == tag else {
                        throw failure("</\(endTag)> closes <\(tag)> (opened at line \(start.line))", at: endPosition)
                    }
                    return element
                }
                if looking(at: "<!--") { try skip(until: "-->", what: "a comment"); continue }
                if looking(at: "<![CDATA[") {
                    let cdataStart = position
                    advance(9)
                    while true {
                        guard !atEnd else { throw failure("a CDATA section that never ends", at: cdataStart) }
                        if looking(at: "]]>") { advance(3); break }
                        element.text.unicodeScalars.append(s[i])
                        advance()
                    }
                    continue
                }
                if looking(at: "<?") { try skip(until: "?>", what: "a processing instruction"); continue }
                if looking(at: "<!") { throw failure("unexpected '<!'") }
                if s[i] == "<" { element.children.append(try self.element(depth: depth + 1)); continue }
                if s[i] == "&" { element.text += try reference(); continue }
                element.text.unicodeScalars.append(s[i])
                advance()
            }
        }

        /// An entity or character reference, the cursor on its `&`.
        mutating func reference() throws(Failure) -> String {
            let start = position
            advance()
            var body = ""
            while !atEnd && s[i] != ";" && body.unicodeScalars.count < 12 { body.unicodeScalars.append(s[i]); advance() }
            guard !atEnd, s[i] == ";" else { throw failure("'&' must start a reference such as &amp;", at: start) }
            advance()
            switch body {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default:
                if body.hasPrefix("#") {
                    let digits = body.dropFirst()
                    let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                    if let value, value != 0, let scalar = Unicode.Scalar(value) { return String(Character(scalar)) }
                    throw failure("a bad character reference &\(body);", at: start)
                }
                throw failure("an unknown entity &\(body);", at: start)
            }
        }
    }
}
