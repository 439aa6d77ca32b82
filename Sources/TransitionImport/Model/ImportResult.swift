// SPDX-License-Identifier: MIT
import TransitionConfig
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
    /// Transitions the actions need that the standard configuration lacks, for the user's
    /// settings beside ``settings``.
    public var bindings: [ImportedBinding] = []
    /// One or more notes per entry, in the order of the file.
    public var notes: [ImportNote] = []
    /// The user settings file the settings and bindings go to, as the messages name it
    /// (`--settings-out FILE`, else `~/.config/transitiond/config.toml`).
    public var settingsName: String

    /// The user settings file's name when no other is given.
    public static let defaultSettingsName = "~/.config/transitiond/config.toml"

    /// An empty result for `source` in `format`, whose settings go to `settingsName`.
    public init(format: ImportFormat, source: String, settingsName: String = Self.defaultSettingsName) {
        self.format = format; self.source = source; self.settingsName = settingsName
    }

    /// Whether anything goes to the user's settings file.
    public var hasSettings: Bool { !settings.isEmpty || !bindings.isEmpty }

    /// Adds `action` and a note saying how it was translated.
    mutating func add(_ action: ImportedAction, _ how: String = "") {
        actions.append(action)
        notes.append(ImportNote(line: action.line, .translated, action.summary + (how.isEmpty ? "" : " (\(how))")))
    }

    /// Adds a note.
    mutating func note(_ line: Int?, _ kind: ImportNote.Kind, _ message: String) {
        notes.append(ImportNote(line: line, kind, message))
    }

    /// Binds each transition the actions name that transitiond's standard configuration lacks
    /// (holds, two-finger pinches, taps, rotations…) to the gesture of the same name, in the user's
    /// settings when they can hold it (``bindings``); else a note says what to add to the system's
    /// configuration. Without either the runner warns that the daemon has no such transition and
    /// the action never runs.
    mutating func bindNonStandardTransitions() {
        let standard = Set(EngineConfiguration.standard.transitions.map(\.name))
        var seen: Set<String> = []
        for action in actions {
            for name in action.transitions where !standard.contains(name) && !seen.contains(name) {
                seen.insert(name)
                let why = Self.whyUnbound(name)
                if let refusal = Self.bindingRefusal(name) {
                    note(action.line, .setting, "transitiond cannot bind a gesture '\(name)' (\(refusal)): the action for it never runs")
                } else {
                    bindings.append(ImportedBinding(name: name, line: action.line, comment: "\(why): bound here for the imported actions"))
                    note(action.line, .setting, "transitiond's standard configuration has no transition '\(name)' (\(why)): a [[transition]] named \(name) and bound to the gesture \(name) is added to your user settings (\(settingsName))")
                }
            }
        }
    }

    /// Why user settings may not add a transition `name` bound to the gesture `name` (the
    /// daemon's own check of user settings over the built-in configuration, which the system's
    /// configuration shares: `a swipe has 3 to 10 fingers, not 2`); nil when they may.
    static func bindingRefusal(_ name: String) -> String? {
        let quoted = TOMLWriter.basicString(name)
        do {
            _ = try UserSettings.parse("[[transition]]\nname = \(quoted)\nbinding = \(quoted)\n", source: "config.toml")
                .applied(to: .builtIn)
            return nil
        } catch {
            return error.diagnostics.map(\.message).joined(separator: "; ")
        }
    }

    /// Why transitiond's standard configuration has no transition for the gesture `name`
    /// (README, "What it does": it never grabs a device, so the gestures applications use are
    /// left to them, and so are touchpad taps, rotations and holds).
    static func whyUnbound(_ name: String) -> String {
        let fingers = name.last.flatMap { Int(String($0)) }
        func named(_ prefix: String) -> Bool { name.hasPrefix(prefix) }
        if named("touchhold") { return "long presses on the touchscreen are left unbound, as applications use them" }
        if named("hold") { return "holds, fingers resting on the touchpad, are left unbound" }
        if named("touchrotate") || named("rotate") { return "rotations are left unbound" }
        if named("padtap") { return "touchpad taps are left unbound" }
        if named("tap"), let fingers, fingers <= 2 { return "one- and two-finger touches are the applications'" }
        if named("tap") { return "touchscreen taps are left unbound" }
        if named("pinch2") || named("touchpinch2") { return "two-finger pinches are the applications' zoom" }
        if named("scroll") { return "two-finger scrolls are the applications'" }
        if named("touch1") || named("touch2") { return "one- and two-finger touches are the applications'" }
        return "it is not among the gestures bound by default"
    }

    /// Notes sorted by line (the whole-file ones first), as the command prints them.
    public var sortedNotes: [ImportNote] {
        notes.enumerated().sorted { a, b in
            let la = a.element.line ?? 0, lb = b.element.line ?? 0
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }
}
