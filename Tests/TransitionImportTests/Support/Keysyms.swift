// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionConfig
import TransitionDesktop
import TransitionImport

// The tests read `keys` with xkbcommon's names, as `transitionctl import` does (the module itself
// is handed them).
extension KeySequence {
    init(parsing text: String) throws(KeyTextError) { try self.init(parsing: text, keysyms: .xkbcommon) }
}

extension ActionsDecoder {
    static func decode(_ text: String, source: String) throws(ConfigError) -> ActionsFile {
        try decode(text, source: source, keysyms: .xkbcommon)
    }
}

extension Importer {
    static func run(_ text: String, source: String, format: ImportFormat?, outputName: String = "actions.toml") throws(Failure) -> Output {
        try run(text, source: source, format: format, outputName: outputName, keysyms: .xkbcommon)
    }
}

extension LibinputGesturesImporter {
    static func translate(_ text: String, source: String) -> ImportResult { translate(text, source: source, keysyms: .xkbcommon) }
}

extension FusumaImporter {
    static func translate(_ text: String, source: String) throws(ConfigError) -> ImportResult {
        try translate(text, source: source, keysyms: .xkbcommon)
    }
}

extension ToucheggImporter {
    static func translate(_ text: String, source: String) throws(ConfigError) -> ImportResult {
        try translate(text, source: source, keysyms: .xkbcommon)
    }
}
