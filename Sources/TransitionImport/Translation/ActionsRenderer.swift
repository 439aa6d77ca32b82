// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionConfig
import TransitionLog

/// Writes an ``ImportResult`` as an actions file (`actions.toml`) that `transitionctl run`
/// reads, every action under a comment naming the line it comes from; and the settings that
/// translate as the user's settings file (``settingsText(_:)``), which is written apart.
public enum ActionsRenderer {
    /// The actions file's text: every action under a comment naming the line it comes from, and
    /// every entry that did not translate as a comment saying why, in the order of the file.
    /// `outputName` is the file's path when it is not the default one, for the check command.
    public static func actionsFile(_ result: ImportResult, outputName: String? = nil) -> String {
        let check = "transitionctl run --check" + (outputName.map { " --actions " + commentText($0) } ?? "")
        var out = """
            # Imported by `transitionctl import` from \(commentText(result.source)) (\(result.format.toolName)).
            # Each action names the line it comes from; what did not translate is left here as a
            # comment saying why. Check the file with: \(check)
            # See /usr/share/doc/transitiond/actions.md or transitiond-actions.toml(5).

            """
        let base = commentText(fileName(result.source))
        // Actions and skipped entries by line; an entry's notes and actions keep their order.
        enum Item { case action(ImportedAction), skipped(ImportNote) }
        var items: [(line: Int, item: Item)] = result.actions.map { ($0.line, .action($0)) }
        items += result.notes.filter { $0.kind == .skipped }.map { ($0.line ?? 0, .skipped($0)) }
        let ordered = items.enumerated().sorted { a, b in
            a.element.line != b.element.line ? a.element.line < b.element.line : a.offset < b.offset
        }.map(\.element.item)
        for item in ordered {
            switch item {
            case .action(let action):
                out += "\n# \(base):\(action.line)\n"
                for comment in action.comments { out += "# \(commentText(comment))\n" }
                out += body(action) + "\n"
            case .skipped(let note):
                out += "\n# \(base)\(note.line.map { ":\($0)" } ?? ""): not translated: \(commentText(note.message))\n"
            }
        }
        if result.actions.isEmpty {
            out += "\n# Nothing in \(base) translated into an action: see what `transitionctl import` printed.\n"
        }
        return out
    }

    /// One `[[action]]` table.
    static func body(_ action: ImportedAction) -> String {
        var out = "[[action]]\n"
        out += "transition = " + (action.transitions.count == 1
            ? TOMLWriter.basicString(action.transitions[0])
            : "[" + action.transitions.map(TOMLWriter.basicString).joined(separator: ", ") + "]") + "\n"
        out += "on = \(TOMLWriter.basicString(action.event.rawValue))\n"
        if let step = action.step { out += "step = \(TOMLWriter.number(step))\n" }
        if let threshold = action.threshold { out += "threshold = \(TOMLWriter.number(threshold))\n" }
        if let apps = action.apps {
            if !apps.excluded, apps.names.count == 1 {
                out += "app = " + TOMLWriter.basicString(apps.names[0]) + "\n"
            } else {
                out += (apps.excluded ? "not_apps" : "apps") + " = [" + apps.names.map(TOMLWriter.basicString).joined(separator: ", ") + "]\n"
            }
        }
        switch action.command {
        case .argv(let argv): out += "command = [" + argv.map(TOMLWriter.basicString).joined(separator: ", ") + "]"
        case .shell(let script): out += "command = " + TOMLWriter.basicString(script)
        case .keys(let keys): out += "keys = " + TOMLWriter.basicString(keys.text)
        }
        return out
    }

    /// The settings that translate and the transitions the actions need, as TOML for the user's
    /// own settings (`~/.config/transitiond/config.toml`), which `transitionctl run` sends to
    /// transitiond.
    public static func settingsText(_ result: ImportResult) -> String {
        var out = """
            # Settings translated by `transitionctl import` from \(commentText(result.source)) (\(result.format.toolName)).
            # Your own gesture settings: in ~/.config/transitiond/config.toml (or `transitionctl run
            # --settings FILE`), `transitionctl run` sends them to transitiond, which lays them over the
            # system's configuration while your session is the active one; see
            # /usr/share/doc/transitiond/configuration.md, "User settings". Check them with:
            # transitionctl run --check --settings \(commentText(result.settingsName))

            """
        let base = commentText(fileName(result.source))
        // One table per transition (the configuration allows one [[transition]] per name).
        let defaults = result.settings.filter { $0.transitions.isEmpty }
        if !defaults.isEmpty {
            out += "\n[defaults]\n"
            for setting in defaults {
                out += "# \(base):\(setting.line): \(commentText(setting.comment))\n\(setting.key) = \(TOMLWriter.number(setting.value))\n"
            }
        }
        var names: [String] = []
        for setting in result.settings { for name in setting.transitions where !names.contains(name) { names.append(name) } }
        for binding in result.bindings where !names.contains(binding.name) { names.append(binding.name) }
        for name in names {
            out += "\n[[transition]]\nname = \(TOMLWriter.basicString(name))\n"
            if let binding = result.bindings.first(where: { $0.name == name }) {
                out += "# \(base):\(binding.line): \(commentText(binding.comment))\nbinding = \(TOMLWriter.basicString(name))\n"
            }
            var keys: Set<String> = []
            for setting in result.settings.reversed() where setting.transitions.contains(name) && !keys.contains(setting.key) {
                keys.insert(setting.key)
                out += "# \(base):\(setting.line): \(commentText(setting.comment))\n\(setting.key) = \(TOMLWriter.number(setting.value))\n"
            }
        }
        return out
    }

    static func commentText(_ text: String) -> String { PrintableText.escaped(text) }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
