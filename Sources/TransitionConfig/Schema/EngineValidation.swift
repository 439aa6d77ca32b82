// SPDX-License-Identifier: MIT
import TransitionCore

/// Runs the engine's own validation (`TransitionEngine(configuration:)`) and gives its message
/// the place of the transition it names.
enum EngineValidation {
    static func check(_ configuration: DaemonConfiguration, root: TOMLTable, source: String) throws(ConfigError) {
        do {
            _ = try TransitionEngine(configuration: configuration.engine)
        } catch {
            throw ConfigError(source: source, position: position(for: error.message, in: root),
                              message: error.message)
        }
    }

    /// The header of the `[[transition]]` the message names (in quotes), or the top-level key it
    /// names; `nil` when it names neither.
    static func position(for message: String, in root: TOMLTable) -> SourcePosition? {
        var candidates: [(name: String, position: SourcePosition)] = []
        if case .array(let items)? = root["transition"]?.node.value {
            for item in items {
                if case .table(let t) = item.value, case .string(let name)? = t["name"]?.node.value {
                    candidates.append((name, item.position))
                }
            }
        }
        for (name, position) in candidates.sorted(by: { $0.name.count > $1.name.count })
        where message.contains("'\(name)'") || message.contains("\"\(name)\"") {
            return position
        }
        for entry in root.entries where message.contains("'\(entry.key)'") || message.contains("\(entry.key) ") {
            return entry.keyPosition
        }
        return nil
    }
}
