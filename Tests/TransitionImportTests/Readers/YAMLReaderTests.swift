// SPDX-License-Identifier: MIT
import Testing
import TransitionConfig
import TransitionImport

@Suite struct YAMLReaderTests {
    func one(_ text: String) throws -> YAMLNode {
        let documents = try YAMLReader.documents(text, source: "t.yml")
        #expect(documents.count == 1)
        return documents[0]
    }

    @Test func readsNestedMappingsWithPositions() throws {
        let root = try one("""
            # comment
            swipe:
              3:
                left:
                  command: 'xdotool key alt+Right' # trailing
                  threshold: 0.5
            """)
        let left = try #require(root["swipe"]?["3"]?["left"])
        #expect(left["command"]?.text == "xdotool key alt+Right")
        #expect(left["threshold"]?.number == 0.5)
        #expect(left.entries[0].position == SourcePosition(line: 5, column: 7))
    }

    @Test func readsScalarsSequencesAndFlows() throws {
        let root = try one("""
            a: "x \\"y\\" \\u00e9"
            b: 'it''s # not a comment'
            c: [1, "two", three]
            d: {k: v, n: 2}
            e:
              - one
              - k: v
                l: w
            f:
            - same indent
            g: ~
            h: |
              line 1
              line 2
            i: >-
              folded
              text
            """)
        #expect(root["a"]?.text == "x \"y\" é")
        #expect(root["b"]?.text == "it's # not a comment")
        #expect(root["c"]?.value == .sequence([
            YAMLNode(.scalar("1", quoted: false), at: SourcePosition(line: 3, column: 5)),
            YAMLNode(.scalar("two", quoted: true), at: SourcePosition(line: 3, column: 8)),
            YAMLNode(.scalar("three", quoted: false), at: SourcePosition(line: 3, column: 15)),
        ]))
        #expect(root["d"]?["n"]?.number == 2)
        guard case .sequence(let items)? = root["e"]?.value else { Issue.record("e is not a sequence"); return }
        #expect(items.count == 2)
        #expect(items[1]["l"]?.text == "w")
        guard case .sequence(let same)? = root["f"]?.value else { Issue.record("f is not a sequence"); return }
        #expect(same.first?.text == "same indent")
        #expect(root["g"]?.value == .null)
        #expect(root["h"]?.text == "line 1\nline 2\n")
        #expect(root["i"]?.text == "folded text")
        #expect(root["c"]?.entries.isEmpty == true)
    }

    @Test func colonsInsideQuotesDoNotMakeKeys() throws {
        let root = try one("a:\n  - \"\\\": \"\n  - 'it''s: x'\n'k: 1': v\n")
        guard case .sequence(let items)? = root["a"]?.value else { Issue.record("a is not a sequence"); return }
        #expect(items.map(\.text) == ["\": ", "it's: x"])
        #expect(root["k: 1"]?.text == "v")
    }

    @Test func readsSeveralDocuments() throws {
        let documents = try YAMLReader.documents("a: 1\n---\nb: 2\n...\n---\nc: 3\n", source: "t.yml")
        #expect(documents.map { $0.entries.map(\.key) } == [["a"], ["b"], ["c"]])
    }

    @Test(arguments: [
        ("a: 1\na: 2", 2, "duplicate key 'a' (first at line 1)"),
        ("a:\n\tb: 1", 2, "a tab in indentation (YAML indents with spaces only)"),
        ("a: &x 1", 1, "anchors, aliases and tags ('&') are not supported; write the value out"),
        ("a: 'open", 1, "a quoted scalar that does not end on its line (multi-line quotes are not supported)"),
        ("a: [1, 2", 1, "missing ']' (a flow sequence must end on its line)"),
        ("a:\n  b: 1\n    c: 2", 3, "unexpected indentation"),
        ("a: plain\n  more", 2, "a scalar continued over several lines is not supported; write it on one line or with |"),
        ("a: 1\njust text", 2, "expected 'key: value'"),
    ])
    func refusesWithLineAndReason(text: String, line: Int, message: String) {
        do {
            _ = try YAMLReader.documents(text, source: "t.yml")
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            #expect(error.diagnostics.first?.position?.line == line)
            #expect(error.diagnostics.first?.message == message)
        }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 200)
        #expect(throws: ConfigError.self) { try YAMLReader.documents("a: \(deep)", source: "t.yml") }
        var nested = ""
        for depth in 0..<100 { nested += String(repeating: " ", count: depth) + "k:\n" }
        #expect(throws: ConfigError.self) { try YAMLReader.documents(nested, source: "t.yml") }
    }
}
