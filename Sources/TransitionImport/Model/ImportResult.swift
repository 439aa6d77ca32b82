// SPDX-License-Identifier: MIT
import TransitionCore

/// What an import made of a file: the actions, the settings that translate, and a note for
/// every entry.
public struct ImportResult: Sendable, Hashable {
    /// The format read.
    public var format: ImportFormat
    /// The file's name, for messages and the header.
    public var source: String
    /// The actions, in the order of the file.
    public var actions: [ImportedAction] = []
    /// Settings that translate, for the user's settings file.
    public var settings: [ImportedSetting] = []
    /// One or more notes per entry, in the order of the file.
    public var notes: [ImportNote] = []

    /// An empty result for `source` in `format`.
    public init(format: ImportFormat, source: String) {
        self.format = format; self.source = source
    }

    /// Adds `action` and a note saying how it was translated.
    mutating func add(_ action: ImportedAction, _ how: String = "") {
        actions.append(action)
        notes.append(ImportNote(line: action.line, .translated, action.summary + (how.isEmpty ? "" : " (\(how))")))
    }

    /// Adds a note.
    mutating func note(_ line: Int?, _ kind: ImportNote.Kind, _ message: String) {
        notes.append(ImportNote(line: line, kind, message))
    }

    /// Adds a note for each transition the actions name that transitiond's standard
    /// configuration lacks (two-finger pinches, touchscreen taps…), at its first use: the daemon
    /// needs a `[[transition]]` for it, or the runner warns that it has none.
    mutating func noteNonStandardTransitions() {
        let standard = Set(EngineConfiguration.standard.transitions.map(\.name))
        var seen: Set<String> = []
        for action in actions {
            for name in action.transitions where !standard.contains(name) && !seen.contains(name) {
                seen.insert(name)
                note(action.line, .setting, "transitiond's standard configuration has no transition '\(name)' (it leaves two-finger pinches and taps to applications): add [[transition]] name = \"\(name)\" binding = \"\(name)\" to /etc/transitiond/config.toml (docs/configuration.md), or the runner warns that it has none and the action never runs")
            }
        }
    }

    /// Notes sorted by line (the whole-file ones first), as the command prints them.
    public var sortedNotes: [ImportNote] {
        notes.enumerated().sorted { a, b in
            let la = a.element.line ?? 0, lb = b.element.line ?? 0
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }
}
