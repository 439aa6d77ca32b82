// SPDX-License-Identifier: MIT

/// The `keys` of an action: chords pressed one after the other ("super+Right",
/// "ctrl+c ctrl+v"), as written and resolved to keysyms.
public struct KeySequence: Sendable, Hashable, CustomStringConvertible {
    /// The text as the user wrote it, for logs and for writing the file back.
    public var text: String
    /// The chords, in order.
    public var chords: [KeyChord]

    /// A sequence of `chords` written as `text`.
    public init(text: String, chords: [KeyChord]) {
        self.text = text
        self.chords = chords
    }

    /// Parses `text`, resolving names through `keysyms` (``KeyText/parse(_:lookup:)``).
    public init(parsing text: String, keysyms: KeysymLookup) throws(KeyTextError) {
        self.init(text: text, chords: try KeyText.parse(text, lookup: keysyms))
    }

    public var description: String { text }
}
