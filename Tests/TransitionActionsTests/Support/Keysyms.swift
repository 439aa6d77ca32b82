// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionConfig
import TransitionDesktop

// The tests read `keys` with xkbcommon's names, as the runner does (the module itself is handed them).
extension KeySequence {
    init(parsing text: String) throws(KeyTextError) { try self.init(parsing: text, keysyms: .xkbcommon) }
}

extension KeyText {
    static func parse(_ text: String) throws(KeyTextError) -> [KeyChord] { try parse(text, lookup: .xkbcommon) }
}

extension ActionsDecoder {
    static func decode(_ text: String, source: String) throws(ConfigError) -> ActionsFile {
        try decode(text, source: source, keysyms: .xkbcommon)
    }
}
