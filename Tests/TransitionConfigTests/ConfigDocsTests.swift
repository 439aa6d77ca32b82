// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import TransitionConfig

/// docs/configuration.md stays true: every ```toml block in it parses, and its error examples
/// are the messages the loader gives.
@Suite struct ConfigDocsTests {
    static let docPath: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast(3)  // Tests/TransitionConfigTests/ConfigDocsTests.swift
        return parts.joined(separator: "/") + "/docs/configuration.md"
    }()

    static func blocks(_ language: String) throws -> [String] {
        let text = try ConfigFile.read(docPath)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" { current = [] }
            else if current != nil, line == "```" { blocks.append(current!.joined(separator: "\n")); current = nil }
            else if current != nil { current!.append(line) }
        }
        return blocks
    }

    @Test func everyTOMLExampleParses() throws {
        let blocks = try Self.blocks("toml")
        #expect(blocks.count >= 5)
        for block in blocks {
            do {
                _ = try ConfigLoader.parse(block, source: "example")
            } catch {
                Issue.record("a docs/configuration.md example does not parse:\n\(error)\n\(block)")
            }
        }
    }

    @Test func theErrorExamplesAreRealMessages() throws {
        let text = """
        [[transition]]
        name = "swipe3-left"
        binding = "swipe3-left"
        """
        // Each documented message, produced from a file that has exactly that problem.
        let cases: [(String, String)] = [
            ("unknown key 'stifness' in completion of [[transition]] 'swipe3-left' (did you mean 'stiffness'?)",
             text + "\n[transition.completion]\nstifness = 1"),
            ("'finish_threshold' in [[transition]] 'swipe3-left' must be between 0 and 1, not 1.5",
             text + "\nfinish_threshold = 1.5"),
            ("binding of [[transition]] 'overview': a pinch goes \"in\", \"out\", not \"left\"",
             "[[transition]]\nname = \"overview\"\nbinding = \"pinch4-left\""),
            ("gesture swipe3-up is already bound to 'overview' on line 3",
             "[[transition]]\nname = \"overview\"\nbinding = \"swipe3-up\"\n[[transition]]\nname = \"b\"\nbinding = [\"swipe4-up\", \"swipe3-up\"]"),
            ("'inf' is not allowed: values must be finite numbers", "slop = inf"),
        ]
        let documented = try Self.blocks("text").joined(separator: "\n")
        for (message, file) in cases {
            // The docs' example file is longer: its line numbers differ.
            let shown = message.replacing("on line 3", with: "on line 17")
            #expect(documented.contains(shown), "not in the docs: \(shown)")
            #expect(configError(file)?.contains(message) == true, "not what the loader says: \(message)")
        }
    }
}
