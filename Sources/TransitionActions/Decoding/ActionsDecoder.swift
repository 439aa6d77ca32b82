// SPDX-License-Identifier: MIT
public import TransitionConfig

/// Reads an actions file (TOML) into an ``ActionsFile``, with the configuration's parser and
/// diagnostics: every problem is reported with its file, line and column, all at once.
public enum ActionsDecoder {
    /// Parses and checks `text`; `source` names the file in messages, `keysyms` resolves the
    /// names of `keys` (xkbcommon's, from the runner).
    public static func decode(_ text: String, source: String, keysyms: KeysymLookup) throws(ConfigError) -> ActionsFile {
        let root: TOMLTable
        do {
            root = try TOMLParser.parse(text)
        } catch {
            throw ConfigError(source: source, position: error.position, message: error.message)
        }
        var d = Diagnostics(source: source)
        var file = ActionsFile(source: source)
        var r = TableReader(root, context: "at the top level", position: SourcePosition(line: 1, column: 1))
        if let timeout = r.number("timeout", .positive, &d) { file.timeout = timeout }
        if let grace = r.number("kill_grace", .nonNegative, &d) { file.killGrace = grace }
        if let rate = r.integer("frame_rate", 0...1000, &d) { file.frameRate = rate }
        if let queued = r.integer("max_queued", 1...10_000, &d) { file.maxQueued = queued }
        if let entry = r.take("action") {
            switch entry.node.value {
            case .array(let items) where items.allSatisfy({ if case .table = $0.value { true } else { false } }):
                for (index, item) in items.enumerated() {
                    guard case .table(let table) = item.value else { continue }
                    if let action = decodeAction(table, number: index + 1, position: item.position, keysyms: keysyms, &d) {
                        file.actions.append(action)
                    }
                }
            default:
                d.add(entry.keyPosition, "'action' must be written as [[action]] tables")
            }
        }
        r.reportUnknownKeys(&d, hints: ["actions": "to be spelt [[action]]", "transition": "to be inside an [[action]]",
                                        "on": "to be inside an [[action]]", "command": "to be inside an [[action]]"])
        guard d.isEmpty else { throw ConfigError(d.items) }
        return file
    }

    private static func decodeAction(_ table: TOMLTable, number: Int, position: SourcePosition, keysyms: KeysymLookup,
                                     _ d: inout Diagnostics) -> Action? {
        var r = TableReader(table, context: "in [[action]] #\(number)", position: position)
        let before = d.items.count
        let transitions = selector(&r, &d)
        let event = r.choice("on", ActionEvent.allCases.map { ($0.rawValue, $0) }, &d)
        if r.table["on"] == nil { d.add(position, "missing 'on' in [[action]] #\(number) (one of \(eventList))") }
        let command = command(&r, keysyms: keysyms, &d)
        let step = r.number("step", .positive, &d)
        let threshold = r.number("threshold", .positive, &d)
        let timeout = r.number("timeout", .positive, &d)
        let sources = sourceSet(&r, &d)
        let apps = appCondition(&r, &d)
        if let event, case .keys = command, event == .progress {
            d.add(r.table["keys"]?.keyPosition ?? position, "\(r.name("keys")) cannot feed on = \"progress\" (keys are pressed once; use on = \"step\" to press them as the fingers move)")
        }
        if let event {
            requireExactly("step", for: .step, event: event, present: r.table["step"], in: r, position: position, &d)
            requireExactly("threshold", for: .threshold, event: event, present: r.table["threshold"], in: r,
                           position: position, &d)
        }
        r.reportUnknownKeys(&d, hints: ["run": "to be spelt 'command'", "exec": "to be spelt 'command'",
                                        "key": "to be spelt 'keys'", "application": "to be spelt 'app'",
                                        "not_app": "to be spelt 'not_apps'", "except_apps": "to be spelt 'not_apps'",
                                        "transitions": "to be spelt 'transition'"])
        guard d.items.count == before, let transitions, let event, let command else { return nil }
        return Action(transitions: transitions, event: event, command: command, step: step, threshold: threshold,
                      timeout: timeout, sources: sources, apps: apps, position: position)
    }

    private static var eventList: String {
        ActionEvent.allCases.map { TOMLWriter.basicString($0.rawValue) }.joined(separator: ", ")
    }

    /// `step` belongs to `on = "step"` and nowhere else; likewise `threshold`.
    private static func requireExactly(_ key: String, for wanted: ActionEvent, event: ActionEvent, present: TOMLEntry?,
                                       in r: TableReader, position: SourcePosition, _ d: inout Diagnostics) {
        if event == wanted && present == nil {
            d.add(position, "missing '\(key)' \(r.context) (on = \"\(wanted.rawValue)\" needs it)")
        } else if event != wanted, let present {
            d.add(present.keyPosition, "\(r.name(key)) only applies to on = \"\(wanted.rawValue)\"")
        }
    }

    private static func selector(_ r: inout TableReader, _ d: inout Diagnostics) -> TransitionSelector? {
        guard let entry = r.take("transition") else {
            d.add(r.position, "missing 'transition' \(r.context) (a name, a list of names, or \"*\")")
            return nil
        }
        guard let names = strings(entry, r: r, &d) else { return nil }
        if names.contains("*") { return .any }
        return .named(names)
    }

    /// `command` (a list of arguments, or a string for sh -c) or `keys` (chords to press):
    /// exactly one of them.
    private static func command(_ r: inout TableReader, keysyms: KeysymLookup, _ d: inout Diagnostics) -> ActionCommand? {
        let keysEntry = r.take("keys")
        guard let entry = r.take("command") else {
            if let keysEntry { return keys(keysEntry, r: r, keysyms: keysyms, &d) }
            d.add(r.position, "missing 'command' \(r.context) (a list of arguments, or a string for sh -c), or 'keys' (e.g. \"super+Right\")")
            return nil
        }
        if let keysEntry {
            d.add(keysEntry.keyPosition, "\(r.name("keys")) and 'command' cannot be on one action: write two [[action]] tables")
            return nil
        }
        if case .string(let script) = entry.node.value {
            guard !script.allSatisfy(\.isWhitespace) else {
                d.add(entry.node.position, "\(r.name("command")) must not be empty")
                return nil
            }
            return .shell(script)
        }
        guard let argv = strings(entry, r: r, &d) else { return nil }
        return .argv(argv)
    }

    /// `keys = "super+Right ctrl+c"`, each name checked against xkbcommon's keysym names; an
    /// unknown one is reported at its own column.
    private static func keys(_ entry: TOMLEntry, r: TableReader, keysyms: KeysymLookup, _ d: inout Diagnostics) -> ActionCommand? {
        guard case .string(let text) = entry.node.value else {
            d.add(entry.node.position, "\(r.name("keys")) must be a string of chords, e.g. \"super+Right\", not \(entry.node.value.kindDescription)")
            return nil
        }
        do throws(KeyTextError) {
            return .keys(try KeySequence(parsing: text, keysyms: keysyms))
        } catch {
            // The string's position is its opening quote; a name's column counts from the text.
            let at = SourcePosition(line: entry.node.position.line, column: entry.node.position.column + error.column)
            d.add(at, "\(r.name("keys")): \(error.message)")
            return nil
        }
    }

    /// `app = "firefox"`, `apps = ["foot", "kitty"]` or `not_apps = [...]`: one of them.
    private static func appCondition(_ r: inout TableReader, _ d: inout Diagnostics) -> AppCondition? {
        let entries = ["app", "apps", "not_apps"].compactMap { key in r.take(key) }
        guard let first = entries.first else { return nil }
        if entries.count > 1 {
            d.add(entries[1].keyPosition, "\(r.name(entries[1].key)) cannot be beside '\(first.key)': an action names the applications it runs in, or those it does not, once")
            return nil
        }
        if first.key == "app", case .array = first.node.value {
            d.add(first.node.position, "\(r.name("app")) is one name; write apps = [...] for several")
            return nil
        }
        guard let names = strings(first, r: r, &d) else { return nil }
        return AppCondition(names: names, excluded: first.key == "not_apps")
    }

    private static func sourceSet(_ r: inout TableReader, _ d: inout Diagnostics) -> Set<ActionSource>? {
        guard let entry = r.take("source") else { return nil }
        guard let names = strings(entry, r: r, &d) else { return nil }
        var sources = Set<ActionSource>()
        for name in names {
            guard let source = TableReader.pick(name, ActionSource.allCases.map { ($0.rawValue, $0) },
                                                at: entry.node.position, what: r.name("source"), &d) else { return nil }
            sources.insert(source)
        }
        return sources
    }

    /// A non-empty string, or a non-empty list of non-empty strings.
    private static func strings(_ entry: TOMLEntry, r: TableReader, _ d: inout Diagnostics) -> [String]? {
        let what = r.name(entry.key)
        switch entry.node.value {
        case .string(let s):
            guard !s.isEmpty else { d.add(entry.node.position, "\(what) must not be empty"); return nil }
            return [s]
        case .array(let nodes):
            guard !nodes.isEmpty else { d.add(entry.node.position, "\(what) must not be an empty list"); return nil }
            var result: [String] = []
            for node in nodes {
                guard case .string(let s) = node.value else {
                    d.add(node.position, "\(what) must list strings, not \(node.value.kindDescription)")
                    return nil
                }
                guard !s.isEmpty || !result.isEmpty || entry.key != "command" else {
                    d.add(node.position, "\(what) must start with a program, not an empty string")
                    return nil
                }
                if entry.key != "command" && s.isEmpty {
                    d.add(node.position, "\(what) must not list an empty string")
                    return nil
                }
                result.append(s)
            }
            return result
        default:
            d.add(entry.node.position, "\(what) must be a string or a list of strings, not \(entry.node.value.kindDescription)")
            return nil
        }
    }
}
