// SPDX-License-Identifier: MIT
import Foundation
import FoundationXML
import Testing
@testable import TransitionCtl

/// Parses `text` as XML; returns the parser's error, or nil when it is well-formed.
func xmlProblem(_ text: String) -> String? {
    let parser = XMLParser(data: Data(text.utf8))
    return parser.parse() ? nil : "\(parser.parserError.map { "\($0)" } ?? "unknown") at line \(parser.lineNumber)"
}

/// Counts the elements named `name` in a well-formed document.
func count(_ name: String, in text: String) -> Int {
    final class Counter: NSObject, XMLParserDelegate {
        let name: String
        var n = 0
        init(_ name: String) { self.name = name }
        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if element == name { n += 1 }
        }
    }
    let parser = XMLParser(data: Data(text.utf8))
    let counter = Counter(name)
    parser.delegate = counter
    _ = parser.parse()
    return counter.n
}

@Suite struct SVGDocumentTests {
    @Test func anEmptyDocumentIsWellFormedSVG() {
        let text = SVGDocument(width: 100, height: 50).render(title: "empty")
        #expect(xmlProblem(text) == nil)
        #expect(text.contains(#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="100" height="50""#))
        #expect(text.contains("<title>empty</title>"))
    }

    @Test func textAndAttributesAreEscaped() {
        var svg = SVGDocument(width: 10, height: 10)
        let nasty = #"a <b> & "c" 'd' \#u{07}e"#
        svg.text(nasty, x: 1, y: 2)
        svg.beginGroup([("data-x", nasty)])
        svg.endGroup()
        let text = svg.render(title: nasty)
        #expect(xmlProblem(text) == nil, "\(text)")
        #expect(text.contains("a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; e"))
        #expect(!text.contains("\u{07}"))
    }

    @Test func shapesAreWrittenWithShortNumbers() {
        var svg = SVGDocument(width: 10, height: 10)
        svg.line(x1: 0, y1: 1.5, x2: 2.004, y2: -0.001, .stroke("#000"))
        svg.polyline([(0, 0), (1.25, 2.5)], .stroke("red", width: 2, dash: "3 3"))
        svg.polyline([(0, 0)], .stroke("red"))            // one point: nothing
        svg.circle(x: .nan, y: .infinity, r: 1, .fill("blue", opacity: 0.5))
        svg.rect(x: 0, y: 0, width: -5, height: 3, .fill("green"))
        let text = svg.render(title: "t")
        #expect(xmlProblem(text) == nil)
        #expect(text.contains(#"<line x1="0" y1="1.5" x2="2" y2="0""#))
        #expect(text.contains(#"points="0,0 1.25,2.5""#))
        #expect(count("polyline", in: text) == 1)
        #expect(text.contains(#"cx="0" cy="0""#))
        #expect(text.contains(#"width="0" height="3""#))
    }

    @Test func unclosedGroupsAreClosed() {
        var svg = SVGDocument(width: 10, height: 10)
        svg.beginGroup()
        svg.clipRect(id: "c", x: 0, y: 0, width: 5, height: 5)
        #expect(xmlProblem(svg.render(title: "t")) == nil)
    }

    @Test func numbers() {
        #expect(SVGDocument.number(3) == "3")
        #expect(SVGDocument.number(-0.001) == "0")
        #expect(SVGDocument.number(12.345) == "12.35" || SVGDocument.number(12.345) == "12.34")
        #expect(SVGDocument.number(-7.5) == "-7.5")
    }
}
