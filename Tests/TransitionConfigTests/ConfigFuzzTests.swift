// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
@testable import TransitionConfig

/// Whatever the text, the parser returns a configuration or an error whose positions lie
/// inside the text: it never crashes, hangs or points nowhere.
@Suite struct ConfigFuzzTests {
    /// Pieces of TOML, so random sequences often get deep into the grammar.
    static let fragments: [String] = [
        "[", "]", "[[", "]]", "{", "}", "=", " = ", ",", ".", "\"", "'", "\"\"\"", "'''", "#", "\n", "\r\n", "\r",
        " ", "\t", "\\", "\\u", "\\U0001F600", "\\n", "a", "name", "transition", "defaults", "completion",
        "binding", "type", "spring", "curve", "\"swipe3-left\"", "\"pinch2-in\"", "distance", "distance_mm",
        "0", "1", "-1", "1.5", "1e5", "0x1F", "_", "+", "-", "inf", "nan", "true", "false", "1979-05-27",
        "é", "\u{0}", "\u{7F}", "😀", "log_level", "\"info\"", "slop", "frame_rate", "fingers", "gesture",
        "\"auto\"", "rubber_band", "stiffness", "\u{FEFF}", "[server]", "max_clients", "max_clients_per_user",
        "eviction_grace",
    ]

    static let fragment = Gen<Int>.int(in: 0...(fragments.count - 1)).map { fragments[$0] }

    static let tokenText = fragment.array(of: 0...60).map { $0.joined() }

    static let anyText = Gen<Character>.character(in: "\u{0}"..."\u{2FF}").string(of: 0...200)

    @Test func randomTokenSequencesNeverCrash() async {
        await propertyCheck(count: 3000, input: Self.tokenText) { text in
            Self.checkOutcome(text)
        }
    }

    @Test func randomCharactersNeverCrash() async {
        await propertyCheck(count: 2000, input: Self.anyText) { text in
            Self.checkOutcome(text)
        }
    }

    @Test func mutationsOfTheDefaultNeverCrash() async {
        let base = Array(ConfigLoader.renderDefault())
        let edits = zip(Gen<Int>.int(in: 0...(base.count - 1)), Gen<Int>.int(in: 0...2), Self.fragment).array(of: 1...8)
        await propertyCheck(count: 1500, input: edits) { edits in
            var chars = base
            for (at, kind, fragment) in edits {
                let i = min(at, max(chars.count - 1, 0))
                switch kind {
                case 0 where !chars.isEmpty: chars.remove(at: i)
                case 1: chars.insert(contentsOf: fragment, at: i)
                default: if !chars.isEmpty { chars.replaceSubrange(i...i, with: fragment) }
                }
            }
            Self.checkOutcome(String(chars))
        }
    }

    /// The parse ends either way, and every error position is in the text (a line that exists,
    /// a column at most one past its end).
    static func checkOutcome(_ text: String) {
        do {
            _ = try ConfigLoader.parse(text)
        } catch {
            let lines = Self.lineLengths(text)
            #expect(!error.diagnostics.isEmpty)
            for d in error.diagnostics {
                guard let p = d.position else { continue }
                #expect(p.line >= 1 && p.line <= lines.count, "line out of range: \(d) in \(text.debugDescription)")
                if p.line >= 1 && p.line <= lines.count {
                    #expect(p.column >= 1 && p.column <= lines[p.line - 1] + 1,
                            "column out of range: \(d) in \(text.debugDescription)")
                }
                #expect(!d.message.isEmpty)
            }
        }
    }

    /// Unicode scalars per line, splitting at "\n" as the parser does.
    static func lineLengths(_ text: String) -> [Int] {
        var lengths = [0]
        for scalar in text.unicodeScalars {
            if scalar == "\n" { lengths.append(0) } else { lengths[lengths.count - 1] += 1 }
        }
        return lengths
    }
}
