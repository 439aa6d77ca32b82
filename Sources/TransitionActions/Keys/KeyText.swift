// SPDX-License-Identifier: MIT

/// Why a `keys` text does not parse: what, and where (a column in the text, from 1).
public struct KeyTextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The column (in characters, from 1) of the name at fault.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// An error at `column`.
    public init(column: Int, message: String) {
        self.column = column
        self.message = message
    }

    public var description: String { "column \(column): \(message)" }
}

/// The key-text parser: "super+Right ctrl+c ctrl+v" → chords. Chords are separated by spaces;
/// a chord is names joined by `+`, the last the key, the others modifiers held around it.
/// Names are xkbcommon's keysym names (`Right`, `Return`, `XF86AudioRaiseVolume`, `a`; exact
/// first, then ignoring case), and modifiers may be written by alias: `super`, `logo`, `meta`,
/// `win` (Super_L), `ctrl`, `control` (Control_L), `alt` (Alt_L), `shift` (Shift_L), `altgr`
/// (ISO_Level3_Shift). A chord may be a modifier alone ("super"). Pure: the lookup is injected.
public enum KeyText {
    /// The modifier aliases and the keysyms they stand for.
    public static let modifierAliases: [String: UInt32] = [
        "super": 0xffeb, "logo": 0xffeb, "meta": 0xffeb, "win": 0xffeb, "mod4": 0xffeb,
        "ctrl": 0xffe3, "control": 0xffe3,
        "alt": 0xffe9, "mod1": 0xffe9,
        "shift": 0xffe1,
        "altgr": 0xfe03,
    ]

    /// At most this many chords in one `keys` (a typo like a missing `+` is not a reason to
    /// type a paragraph into the focused window).
    public static let maxChords = 64

    /// Parses `text` into chords, resolving names through `lookup` (xkbcommon's names, from the
    /// runner; a table in tests and fuzzers).
    public static func parse(_ text: String, lookup: KeysymLookup) throws(KeyTextError) -> [KeyChord] {
        var chords: [KeyChord] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            if characters[index] == " " || characters[index] == "\t" { index += 1; continue }
            let start = index
            while index < characters.count, characters[index] != " ", characters[index] != "\t" { index += 1 }
            chords.append(try chord(characters[start..<index], column: start + 1, lookup: lookup))
            if chords.count > maxChords {
                throw KeyTextError(column: start + 1, message: "more than \(maxChords) chords in one 'keys'")
            }
        }
        guard !chords.isEmpty else { throw KeyTextError(column: 1, message: "no keys (e.g. \"super+Right\")") }
        return chords
    }

    private static func chord(_ word: ArraySlice<Character>, column: Int,
                              lookup: KeysymLookup) throws(KeyTextError) -> KeyChord {
        var parts: [(name: String, column: Int)] = []
        var partStart = word.startIndex
        for i in word.indices where word[i] == "+" {
            parts.append((String(word[partStart..<i]), column + partStart - word.startIndex))
            partStart = i + 1
        }
        parts.append((String(word[partStart...]), column + partStart - word.startIndex))
        var modifiers: [UInt32] = []
        for (offset, part) in parts.enumerated() {
            guard !part.name.isEmpty else {
                let hint = offset == parts.count - 1 ? " (the key '+' is named plus)" : ""
                throw KeyTextError(column: part.column, message: "a name is missing around '+'\(hint)")
            }
            let sym = modifierAliases[part.name.lowercased()] ?? lookup(part.name)
            guard let sym else {
                throw KeyTextError(column: part.column, message: "no key is named “\(part.name)” (xkb keysym names, e.g. Right, Return, XF86AudioRaiseVolume; modifiers super, ctrl, alt, shift, altgr)")
            }
            if offset == parts.count - 1 { return KeyChord(modifiers: modifiers, key: sym) }
            if !modifiers.contains(sym) { modifiers.append(sym) }
        }
        fatalError("unreachable: the last part returns")
    }
}
