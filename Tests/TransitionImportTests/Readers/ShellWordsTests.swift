// SPDX-License-Identifier: MIT
import Testing
import TransitionImport

@Suite struct ShellWordsTests {
    @Test func splitsAsShlex() throws {
        #expect(try ShellWords.split("xdotool key alt+Right") == ["xdotool", "key", "alt+Right"])
        #expect(try ShellWords.split("  a\t'b c'  \"d \\\" e\" f\\ g ") == ["a", "b c", "d \" e", "f g"])
        #expect(try ShellWords.split("echo \"a\\nb\" '' #x") == ["echo", "a\\nb", "", "#x"])
        #expect(try ShellWords.split("") == [])
    }

    @Test func refusesWhatShlexRefuses() {
        #expect(throws: ShellWords.Failure.noClosingQuotation) { try ShellWords.split("echo 'open") }
        #expect(throws: ShellWords.Failure.noEscapedCharacter) { try ShellWords.split("echo \\") }
    }

    @Test func quotesOnlyWhatNeedsIt() throws {
        #expect(ShellWords.quote("alt+Left") == "alt+Left")
        #expect(ShellWords.quote("it's") == "'it'\\''s'")
        #expect(ShellWords.quote("") == "''")
        let words = ["a b", "it's", "$HOME", "x"]
        #expect(try ShellWords.split(words.map(ShellWords.quote).joined(separator: " ")) == words)
    }
}
