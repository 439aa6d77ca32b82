// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionActions
import TransitionDesktop

@Suite struct KeyTextTests {
    @Test func chordsModifiersAndSequences() throws {
        #expect(try KeyText.parse("super+Right") == [KeyChord(modifiers: [0xffeb], key: 0xff53)])
        #expect(try KeyText.parse("ctrl+c  ctrl+v") == [KeyChord(modifiers: [0xffe3], key: 0x63), KeyChord(modifiers: [0xffe3], key: 0x76)])
        #expect(try KeyText.parse("Control+ALT+Delete") == [KeyChord(modifiers: [0xffe3, 0xffe9], key: 0xffff)])
        #expect(try KeyText.parse("logo") == [KeyChord(modifiers: [], key: 0xffeb)])
        #expect(try KeyText.parse("win+meta+x") == [KeyChord(modifiers: [0xffeb], key: 0x78)]) // one Super held
        #expect(try KeyText.parse("altgr+e shift+Tab") == [KeyChord(modifiers: [0xfe03], key: 0x65), KeyChord(modifiers: [0xffe1], key: 0xff09)])
        #expect(try KeyText.parse("XF86AudioRaiseVolume") == [KeyChord(modifiers: [], key: 0x1008ff13)])
        #expect(try KeyText.parse("return") == [KeyChord(modifiers: [], key: 0xff0d)]) // case folded when not exact
    }

    @Test func errorsNameTheColumn() {
        #expect(throws: KeyTextError.self) { try KeyText.parse("super+Rigth") }
        #expect(Self.error("super+Rigth")?.column == 7)
        #expect(Self.error("super+Rigth")?.message.contains("“Rigth”") == true)
        #expect(Self.error("ctrl+c ctrl+") == KeyTextError(column: 13, message: "a name is missing around '+' (the key '+' is named plus)"))
        #expect(Self.error("+a")?.column == 1)
        #expect(Self.error("bogus+x")?.column == 1)
        #expect(Self.error("   ")?.message.contains("no keys") == true)
        #expect(Self.error(Array(repeating: "a", count: KeyText.maxChords + 1).joined(separator: " "))?.column == 2 * KeyText.maxChords + 1)
    }

    static func error(_ text: String) -> KeyTextError? {
        do { _ = try KeyText.parse(text); return nil } catch { return error }
    }

    /// Any text of names, separators and noise either parses into as many chords as it has
    /// words, or fails at a column inside the text (never crashes, never points outside).
    @Test func parsesOrPointsInsideTheText() async {
        let pieces = ["super", "ctrl", "Right", "a", "Return", "+", " ", "  ", "nosuch", "é", "\t", "F5"]
        await propertyCheck(input: Gen.int(in: 0...(pieces.count - 1)).array(of: 0...12)) { indices in
            let text = indices.map { pieces[$0] }.joined()
            do throws(KeyTextError) {
                let chords = try KeyText.parse(text)
                let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
                #expect(chords.count == words.count)
            } catch {
                #expect(error.column >= 1 && error.column <= max(1, text.count + 1))
            }
        }
    }

    /// Chords written from known names read back as those chords.
    @Test func writtenChordsReadBack() async {
        let modifiers = ["super", "ctrl", "alt", "shift", "altgr"]
        let keys = ["Right", "Left", "a", "Z", "F11", "Return", "space", "XF86AudioMute"]
        await propertyCheck(input: Gen.int(in: 0...31).array(of: 1...5), Gen.int(in: 0...(keys.count - 1)).array(of: 1...5)) { masks, keyIndices in
            let pairs = zip(masks, keyIndices)
            let text = pairs.map { mask, key in
                (modifiers.indices.filter { mask & (1 << $0) != 0 }.map { modifiers[$0] } + [keys[key]]).joined(separator: "+")
            }.joined(separator: " ")
            let chords = try KeyText.parse(text)
            #expect(chords.map(\.key) == pairs.map { XKBKeymap.keysym(named: keys[$0.1]) })
            #expect(chords.map(\.modifiers.count) == pairs.map { mask, _ in (0..<5).filter { mask & (1 << $0) != 0 }.count })
        }
    }
}
