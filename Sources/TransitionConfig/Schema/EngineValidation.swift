// SPDX-License-Identifier: MIT
import TransitionCore

/// Runs the engine's own validation (`TransitionEngine(configuration:)`) and gives its message
/// the place where the decoder read the part it is about (``ConfigurationError/subject``).
enum EngineValidation {
    static func check(_ configuration: DaemonConfiguration, places: ConfigPlaces, root: TOMLTable,
                      source: String) throws(ConfigError) {
        do {
            _ = try TransitionEngine(configuration: configuration.engine)
        } catch {
            throw ConfigError(source: source, position: error.subject.flatMap { places.position(of: $0, in: root) },
                              message: error.message)
        }
    }
}

/// Where the decoder read each part of the engine's configuration, in the engine's order: a
/// transition's `[[transition]]` header, a binding's, tap's or hold's string in `binding`. Transitions
/// that are not in the file (the built-in ones) have no place.
struct ConfigPlaces: Sendable, Hashable {
    var transitions: [SourcePosition] = []
    var bindings: [SourcePosition] = []
    var taps: [SourcePosition] = []
    var holds: [SourcePosition] = []

    /// The place of `subject`: a setting's key at the top level of `root`, or the recorded place.
    func position(of subject: ConfigurationError.Subject, in root: TOMLTable) -> SourcePosition? {
        switch subject {
        case .setting(let key): root[key]?.keyPosition
        case .transition(let index): transitions.indices.contains(index) ? transitions[index] : nil
        case .binding(let index): bindings.indices.contains(index) ? bindings[index] : nil
        case .tap(let index): taps.indices.contains(index) ? taps[index] : nil
        case .hold(let index): holds.indices.contains(index) ? holds[index] : nil
        }
    }
}
