// SPDX-License-Identifier: MIT
/// A tiny SVG writer: shapes and text appended in drawing order, rendered as one well-formed
/// SVG 1.1 document. Text and attribute values are escaped; coordinates are written with two
/// decimals. Pure: no file system, no Foundation.
struct SVGDocument {
    /// Width and height in user units (pixels when rendered at 1:1).
    let width: Double, height: Double
    private var body: [String] = []
    private var open = 0

    /// An empty document of `width` × `height`.
    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Style attributes shared by every shape.
    struct Style {
        var stroke: String?
        var strokeWidth: Double?
        var fill: String?
        var dash: String?
        var opacity: Double?
        var extra: [(String, String)] = []

        static func stroke(_ color: String, width: Double = 1, dash: String? = nil) -> Style {
            Style(stroke: color, strokeWidth: width, fill: "none", dash: dash)
        }

        static func fill(_ color: String, opacity: Double? = nil) -> Style {
            Style(fill: color, opacity: opacity)
        }

        var attributes: [(String, String)] {
            var a: [(String, String)] = []
            if let stroke { a.append(("stroke", stroke)) }
            if let strokeWidth { a.append(("stroke-width", SVGDocument.number(strokeWidth))) }
            if let fill { a.append(("fill", fill)) }
            if let dash { a.append(("stroke-dasharray", dash)) }
            if let opacity { a.append(("opacity", SVGDocument.number(opacity))) }
            return a + extra
        }
    }

    /// How a text's anchor point relates to the text.
    enum Anchor: String { case start, middle, end }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, _ style: Style) {
        element("rect", [("x", Self.number(x)), ("y", Self.number(y)), ("width", Self.number(max(width, 0))),
                         ("height", Self.number(max(height, 0)))] + style.attributes)
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, _ style: Style) {
        element("line", [("x1", Self.number(x1)), ("y1", Self.number(y1)), ("x2", Self.number(x2)),
                         ("y2", Self.number(y2))] + style.attributes)
    }

    /// A polyline through `points`; nothing for fewer than two.
    mutating func polyline(_ points: [(x: Double, y: Double)], _ style: Style) {
        guard points.count >= 2 else { return }
        let list = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
        element("polyline", [("points", list), ("stroke-linejoin", "round")] + style.attributes)
    }

    mutating func circle(x: Double, y: Double, r: Double, _ style: Style) {
        element("circle", [("cx", Self.number(x)), ("cy", Self.number(y)), ("r", Self.number(r))] + style.attributes)
    }

    /// `content` at (`x`, `y`) (the baseline), `size` user units high.
    mutating func text(_ content: String, x: Double, y: Double, size: Double = 12, anchor: Anchor = .start,
                       color: String = "#222", weight: String? = nil, rotate: Double? = nil) {
        var a = [("x", Self.number(x)), ("y", Self.number(y)), ("font-size", Self.number(size)),
                 ("text-anchor", anchor.rawValue), ("fill", color)]
        if let weight { a.append(("font-weight", weight)) }
        if let rotate { a.append(("transform", "rotate(\(Self.number(rotate)) \(Self.number(x)) \(Self.number(y)))")) }
        body.append("<text\(Self.attributes(a))>\(Self.escape(content))</text>")
    }

    /// Opens a group (`<g>`), e.g. with a `clip-path`; close it with ``endGroup()``.
    mutating func beginGroup(_ attributes: [(String, String)] = []) {
        body.append("<g\(Self.attributes(attributes))>")
        open += 1
    }

    mutating func endGroup() {
        precondition(open > 0, "endGroup without beginGroup")
        body.append("</g>")
        open -= 1
    }

    /// Defines a rectangular clip path named `id`.
    mutating func clipRect(id: String, x: Double, y: Double, width: Double, height: Double) {
        body.append("<clipPath id=\"\(Self.escape(id))\"><rect\(Self.attributes([("x", Self.number(x)), ("y", Self.number(y)), ("width", Self.number(width)), ("height", Self.number(height))]))/></clipPath>")
    }

    /// The whole document, with a white background.
    func render(title: String) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(Self.number(width))\" "
            + "height=\"\(Self.number(height))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" "
            + "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
        out += "<title>\(Self.escape(title))</title>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        for line in body { out += line + "\n" }
        for _ in 0..<open { out += "</g>\n" }
        out += "</svg>\n"
        return out
    }

    private mutating func element(_ name: String, _ attributes: [(String, String)]) {
        body.append("<\(name)\(Self.attributes(attributes))/>")
    }

    private static func attributes(_ list: [(String, String)]) -> String {
        list.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
    }

    /// `text` with XML's five special characters escaped, and control characters other than
    /// tab and newline (which XML 1.0 forbids) dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A coordinate with at most two decimals, no trailing zeros, never `nan` or `inf`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = Format.fixed(value, 2)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
