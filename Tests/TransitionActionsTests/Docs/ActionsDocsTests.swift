// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionConfig

/// docs/actions.md and the README stay true: every ```toml block in them is an actions file
/// that decodes, and the error messages the doc shows are the decoder's.
@Suite struct ActionsDocsTests {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast(4)  // Tests/TransitionActionsTests/Docs/ActionsDocsTests.swift
        return parts.joined(separator: "/")
    }()

    static func blocks(in file: String) throws -> [String] {
        let text = try ActionsDecoder.read(path: root + "/" + file)
        var blocks: [String] = []
        var current: [Substring]?
        var indent = 0  // a block in a list item is indented as the item's text (the README's steps)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if current == nil, trimmed == "```toml" { current = []; indent = line.count - trimmed.count }
            else if current != nil, trimmed == "```" { blocks.append(current!.joined(separator: "\n")); current = nil }
            else if current != nil { current!.append(line.dropFirst(min(indent, line.count - line.drop { $0 == " " }.count))) }
        }
        return blocks
    }

    @Test(arguments: ["docs/actions.md", "README.md"])
    func everyTOMLExampleDecodes(_ file: String) throws {
        let blocks = try Self.blocks(in: file)
        #expect(!blocks.isEmpty)
        for block in blocks {
            do {
                let decoded = try ActionsDecoder.decode(block, source: "example")
                #expect(!decoded.actions.isEmpty)
            } catch {
                Issue.record("a \(file) example does not decode:\n\(error)\n\(block)")
            }
        }
    }

    @Test func theErrorExamplesAreRealMessages() throws {
        let text = try ActionsDecoder.read(path: Self.root + "/docs/actions.md")
        let example = """
            # workspaces
            [[action]]
            transition = "swipe3-left"
            on = "finsh"
            command = "true"

            # volume, in steps
            # (one per 0.1)
            [[action]]
            transition = "swipe3-up"
            on = "step"
            command = "true"
            """
        do {
            _ = try ActionsDecoder.decode(example, source: "actions.toml")
            Issue.record("decoded")
        } catch {
            for diagnostic in error.diagnostics {
                #expect(text.contains(diagnostic.description), "docs/actions.md lacks: \(diagnostic)")
            }
        }
    }
}
