// SPDX-License-Identifier: MIT
import Testing
import TransitionConfig
import TransitionImport

@Suite struct XMLReaderTests {
    @Test func readsElementsAttributesAndText() throws {
        let root = try XMLReader.root("""
            <?xml version="1.0"?>
            <!DOCTYPE x>
            <!-- before -->
            <touchégg>
              <application name='All'>
                <gesture type="SWIPE" fingers="3">
                  <action type="RUN_COMMAND"><command>a &amp; b &lt;&#x41;&#66;&gt; <![CDATA[<raw>]]></command></action>
                </gesture>
                <empty/>
              </application>
            </touchégg>
            """, source: "t.conf")
        #expect(root.name == "touchégg")
        let application = try #require(root.children.first)
        #expect(application.attribute("name") == "All")
        #expect(application.position == SourcePosition(line: 5, column: 3))
        let gesture = try #require(application.children(named: "gesture").first)
        #expect(gesture.attributes.map(\.name) == ["type", "fingers"])
        #expect(gesture.children[0].children[0].text == "a & b <AB> <raw>")
        #expect(application.children.map(\.name) == ["gesture", "empty"])
    }

    @Test(arguments: [
        ("<a><b></a>", 1, 7, "</a> closes <b> (opened at line 1)"),
        ("<a>\n<b x='1' x='2'/></a>", 2, 10, "the attribute 'x' appears twice"),
        ("<a>&nbsp;</a>", 1, 4, "an unknown entity &nbsp;"),
        ("<a></a><b/>", 1, 8, "text after the root element </a>"),
        ("<a>", 1, 1, "<a> is never closed"),
        ("<!-- x", 1, 1, "a comment that never ends"),
        ("text", 1, 1, "expected the root element"),
    ])
    func refusesWithPlace(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try XMLReader.root(text, source: "t.conf")
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            #expect(error.diagnostics.first?.position == SourcePosition(line: line, column: column))
            #expect(error.diagnostics.first?.message == message)
        }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "<a>", count: 500)
        #expect(throws: ConfigError.self) { try XMLReader.root(deep, source: "t.conf") }
    }
}
