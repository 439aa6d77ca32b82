// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionActions
import TransitionImport

/// The readers and an importer over random input: quoting round-trips through the shell-word
/// splitter and the YAML reader, and every libinput-gestures gesture line gets exactly one
/// outcome, in a file the runner reads.
@Suite struct ImportPropertyTests {
    static let awkward: [Character] = Array("ab Z09 '\"\\$#\t~é+-_:,[]{}&*!|>%@`")
    static let plain: [Character] = awkward.filter { $0 != "\t" }

    @Test func quotedWordsSplitBackToThemselves() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...(Self.awkward.count - 1)).map { Self.awkward[$0] }.string(of: 0...8).array(of: 1...6)) { words in
            let line = words.map(ShellWords.quote).joined(separator: " ")
            #expect((try? ShellWords.split(line)) == words)
        }
    }

    @Test func quotedYAMLScalarsReadBack() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...(Self.plain.count - 1)).map { Self.plain[$0] }.string(of: 0...12)) { text in
            let single = "'" + text.replacingAll("'", with: "''") + "'"
            var double = "\""
            for c in text { double += c == "\"" ? "\\\"" : c == "\\" ? "\\\\" : String(c) }
            double += "\""
            guard let documents = try? YAMLReader.documents("a: \(single)\nb:\n  - \(double) # c\n", source: "p.yml") else {
                Issue.record("refused \(single) or \(double)")
                return
            }
            #expect(documents.first?["a"]?.text == text)
            guard case .sequence(let items)? = documents.first?["b"]?.value else { Issue.record("b"); return }
            #expect(items.first?.text == text)
        }
    }

    @Test func everyGestureLineHasOneOutcomeAndTheFileChecks() async {
        let kinds = ["swipe", "pinch", "hold", "tap"]
        let motions = ["left", "right", "up", "down", "in", "out", "clockwise", "anticlockwise", "on", "on+1", "left_up"]
        let fingers = ["", "2 ", "3 ", "4 "]
        let commands = ["xdotool key a", "_internal ws_up", "_internal --cols 2 ws_left", "echo 'x y'", "~/bin/x $Y", "echo 'open"]
        await propertyCheck(count: 200, input: Gen.int(in: 0...(kinds.count * motions.count * fingers.count * commands.count - 1))
            .array(of: 1...12)) { picks in
            var text = ""
            for pick in picks {
                var n = pick
                let kind = kinds[n % kinds.count]; n /= kinds.count
                let motion = motions[n % motions.count]; n /= motions.count
                let finger = fingers[n % fingers.count]; n /= fingers.count
                let command = commands[n % commands.count]
                text += "gesture \(kind) \(motion) \(finger)\(command)\n"
            }
            guard let output = try? Importer.run(text, source: "p.conf", format: .libinputGestures) else {
                Issue.record("refused:\n\(text)")
                return
            }
            for number in 1...picks.count {
                let outcomes = output.result.notes.filter { $0.line == number && $0.kind != .setting }
                #expect(outcomes.count == 1, "line \(number): \(outcomes)")
            }
            #expect(output.actions.actions.count == output.result.actions.count)
        }
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { out += c == target ? replacement : String(c) }
        return out
    }
}
