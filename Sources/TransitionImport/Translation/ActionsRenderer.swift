// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionConfig
import TransitionLog

/// Writes an ``ImportResult`` as an actions file (`actions.toml`) that `transitionctl run`
/// reads, every action under a comment naming the line it comes from; and the settings that
/// translate as the user's settings file (``settingsText(_:)``), which is written apart.
public enum ActionsRenderer {
    /// The actions file's text.
    public static func actionsFile(_ result: ImportResult) -> String {
        var out = """
            # Imported by `transitionctl import` from \(commentText(result.source)) (\(result.format.toolName)).
            # Each action names the line it comes from. Check the file with: transitionctl run --check
            # See docs/actions.md.

            """
        let base = commentText(fileName(result.source))
        for action in result.actions {
            out += "\n"
            out += "# \(base):\(action.line)\n"
            for comment in action.comments { out += "# \(commentText(comment))\n" }
            out += body(action) + "\n"
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

    /// The settings that translate, as TOML for the user's own settings
    /// (`~/.config/transitiond/config.toml`), which `transitionctl run` sends to transitiond.
    public static func settingsText(_ result: ImportResult) -> String {
        var out = """
            # Settings translated by `transitionctl import` from \(commentText(result.source)) (\(result.format.toolName)).
            # Your own gesture settings: in ~/.config/transitiond/config.toml (or `transitionctl run
            # --settings FILE`), `transitionctl run` sends them to transitiond, which lays them over the
            # system's configuration while your session is the active one; see docs/configuration.md,
            # "User settings". `transitionctl run --check` checks them.

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
        for name in names {
            out += "\n[[transition]]\nname = \(TOMLWriter.basicString(name))\n"
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
