// SPDX-License-Identifier: MIT
import TransitionCore

/// Lays a user's settings (a parsed `~/.config/transitiond/config.toml`) over the system's
/// configuration, collecting every semantic error with its line and column, in the system
/// file's words.
///
/// - Top-level slops and `hold_delay` replace the system's.
/// - `[defaults]` applies to every transition in force, over the system's settings.
/// - A `[[transition]]` with a system transition's name changes that transition: its keys over
///   the system's settings (and the user's `[defaults]`); a `binding` replaces its bindings,
///   no `binding` keeps them. A new name adds a transition, from the built-in settings and the
///   user's `[defaults]`.
/// - A gesture the user binds leaves the system transition it was bound to (which stays).
/// - The daemon's own settings (`log_level`, `socket_group`, `[server]`, `[access]`,
///   `[touchegg]`, `[touchscreen]`) are refused.
struct UserSettingsDecoder {
    private var d: Diagnostics
    /// Where the user's file wrote each part of the merged engine configuration, by its index
    /// there: transitions the file names, bindings it writes.
    private var places = UserPlaces()

    /// Keys that stay the system's, with where they belong.
    static let systemOnly: [(key: String, what: String)] = [
        ("log_level", "the daemon's logging"), ("socket_group", "the socket's group"),
        ("server", "connection limits"), ("access", "who receives events"),
        ("touchegg", "the @touchegg endpoint"), ("touchscreen", "how touchscreens are mounted"),
    ]

    init(source: String) { d = Diagnostics(source: source) }

    /// The system's configuration with `root` over it, or every problem found.
    static func overlay(_ root: TOMLTable, on system: DaemonConfiguration, source: String) throws(ConfigError)
        -> DaemonConfiguration {
        var decoder = UserSettingsDecoder(source: source)
        let merged = decoder.decode(root, on: system)
        guard decoder.d.isEmpty, let merged else { throw ConfigError(decoder.d.items) }
        do {
            _ = try TransitionEngine(configuration: merged.engine)
        } catch {
            throw ConfigError(source: source, position: error.subject.flatMap { decoder.places.position(of: $0, in: root) },
                              message: error.message)
        }
        return merged
    }

    private mutating func decode(_ root: TOMLTable, on system: DaemonConfiguration) -> DaemonConfiguration? {
        var r = TableReader(root, context: "at the top level", position: SourcePosition(line: 1, column: 1))
        for (key, what) in Self.systemOnly {
            guard let entry = r.take(key) else { continue }
            let written = root[key].map { if case .table = $0.node.value { "[\(key)]" } else { "'\(key)'" } } ?? key
            d.add(entry.keyPosition, "\(written) (\(what)) is the system's: a user's settings cannot set it; "
                  + "it belongs in \(ConfigLoader.defaultPath)")
        }
        var config = system
        if let v = r.number("slop", .nonNegative, &d) { config.engine.slop = v }
        if let v = r.number("touch_slop", .nonNegative, &d) { config.engine.touchSlop = v }
        if let v = r.number("pinch_slop", .nonNegative, &d) { config.engine.pinchSlop = v }
        if let v = r.number("rotation_slop", .nonNegative, &d) { config.engine.rotationSlop = v }
        if let v = r.number("hold_delay", .nonNegative, &d) { config.engine.holdDelay = v }

        // [defaults]: checked once here, then applied to every transition.
        var defaults: (table: TOMLTable, position: SourcePosition, distance: SourcePosition?)?
        if let entry = r.take("defaults") {
            if case .table(let t) = entry.node.value {
                var scratch = TransitionSettings.builtIn
                var dr = TableReader(t, context: "in [defaults]", position: entry.node.position)
                let distance = dr.applySettings(to: &scratch, where: "[defaults]", &d)
                dr.reportUnknownKeys(&d)
                defaults = (t, entry.node.position, distance?.position)
            } else {
                d.add(entry.node.position, "'defaults' must be a table ([defaults]), not \(entry.node.value.kindDescription)")
            }
        }
        func withDefaults(_ base: TransitionSettings) -> TransitionSettings {
            guard let defaults else { return base }
            var settings = base
            var scratch = Diagnostics(source: d.source)
            var dr = TableReader(defaults.table, context: "in [defaults]", position: defaults.position)
            _ = dr.applySettings(to: &settings, where: "[defaults]", &scratch)
            return settings
        }

        // Every transition in force: the system's (with the user's [defaults]), then the user's.
        var names = system.engine.transitions.map(\.name)
        var settings = Dictionary(system.engine.transitions.map { ($0.name, withDefaults(TransitionSettings($0))) },
                                  uniquingKeysWith: { first, _ in first })
        var distanceAt: [String: SourcePosition] = [:]
        if let at = defaults?.distance { for name in names { distanceAt[name] = at } }
        var transitionAt: [String: SourcePosition] = [:]
        var namedAt: [String: SourcePosition] = [:]
        var rebound: [String: [WrittenBinding]] = [:]
        var userBound: [String: (transition: String, position: SourcePosition)] = [:]

        if let entry = r.take("transition") {
            guard case .array(let items) = entry.node.value else {
                d.add(entry.node.position, "'transition' must be an array of tables ([[transition]]), not \(entry.node.value.kindDescription)")
                r.reportUnknownKeys(&d)
                return nil
            }
            for (i, item) in items.enumerated() {
                guard case .table(let table) = item.value else {
                    d.add(item.position, "'transition' must hold tables ([[transition]]), not \(item.value.kindDescription)")
                    continue
                }
                guard let name = transitionName(table, index: i, at: item.position, seen: namedAt) else { continue }
                transitionAt[name] = item.position
                namedAt[name] = table["name"]?.node.position
                let owner = "[[transition]] '\(name)'"
                var tr = TableReader(table, context: "in \(owner)", position: item.position)
                tr.allow("name")
                var own = settings[name] ?? withDefaults(.builtIn)
                if let written = tr.applySettings(to: &own, where: owner, &d) { distanceAt[name] = written.position }
                if let bindingEntry = tr.take("binding") {
                    let written = BindingDecoding.bindings(bindingEntry, transition: name, owner: owner, &d)
                    for b in written {
                        if let first = userBound[b.gestureName] {
                            d.add(b.position, "gesture \(b.gestureName) is already bound to '\(first.transition)' on line \(first.position.line)")
                        } else {
                            userBound[b.gestureName] = (name, b.position)
                        }
                    }
                    rebound[name] = written
                }
                tr.reportUnknownKeys(&d)
                if settings[name] == nil { names.append(name) }
                settings[name] = own
            }
        }
        r.reportUnknownKeys(&d)
        guard d.isEmpty else { return nil }

        // The bindings: the system's, less those of rebound transitions and the gestures the
        // user took, then the user's in the order written.
        var engine = config.engine
        engine.transitions = names.map { settings[$0]!.spec(named: $0) }
        engine.bindings = system.engine.bindings.filter { rebound[$0.transition] == nil && userBound[$0.gestureName] == nil }
        engine.taps = system.engine.taps.filter { rebound[$0.transition] == nil && userBound[$0.gestureName] == nil }
        engine.holds = system.engine.holds.filter { rebound[$0.transition] == nil && userBound[$0.gestureName] == nil }
        var bindingAt: [Int: SourcePosition] = [:], tapAt: [Int: SourcePosition] = [:], holdAt: [Int: SourcePosition] = [:]
        for name in names {
            for b in rebound[name] ?? [] {
                if let tap = b.tap { tapAt[engine.taps.count] = b.position; engine.taps.append(tap) }
                if let hold = b.hold { holdAt[engine.holds.count] = b.position; engine.holds.append(hold) }
                if let g = b.binding { bindingAt[engine.bindings.count] = b.position; engine.bindings.append(g) }
            }
        }
        // The distance in force for each binding must still measure its gesture.
        for (index, g) in engine.bindings.enumerated() {
            guard let effective = g.distance ?? settings[g.transition]?.distance,
                  !BindingDecoding.unit(effective.unit, fits: g.source) else { continue }
            let at = g.distance == nil ? (distanceAt[g.transition] ?? bindingAt[index]) : bindingAt[index]
            let want = BindingDecoding.distanceKeys(for: g.source)
            let whose = bindingAt[index] == nil ? " (bound by the system)" : ""
            d.add(at ?? transitionAt[g.transition],
                  "\(g.gestureName)\(whose) in [[transition]] '\(g.transition)' cannot use a distance in \(effective.unit.rawValue): "
                  + "a \(g.source.rawValue) needs \(want)")
        }
        guard d.isEmpty else { return nil }
        config.engine = engine
        places = UserPlaces(transitions: Dictionary(uniqueKeysWithValues: names.enumerated().compactMap { i, name in
            transitionAt[name].map { (i, $0) }
        }), bindings: bindingAt, taps: tapAt, holds: holdAt)
        return config
    }

    /// The name of the `index`th `[[transition]]`, checked as the system file's are.
    private mutating func transitionName(_ table: TOMLTable, index i: Int, at position: SourcePosition,
                                         seen: [String: SourcePosition]) -> String? {
        guard let entry = table["name"] else {
            d.add(position, "missing key 'name' in [[transition]] #\(i + 1)")
            return nil
        }
        guard case .string(let s) = entry.node.value else {
            d.add(entry.node.position, "'name' in [[transition]] #\(i + 1) must be a string, not \(entry.node.value.kindDescription)")
            return nil
        }
        guard Schema.isValidName(s) else {
            d.add(entry.node.position, "'name' in [[transition]] #\(i + 1) must be 1 to 64 letters, digits, '-', '_' or '.', not \(TOMLWriter.basicString(s))")
            return nil
        }
        if let first = seen[s] {
            d.add(entry.node.position, "transition '\(s)' is already defined on line \(first.line)")
            return nil
        }
        return s
    }
}

/// Where the user's file wrote each part of the merged engine configuration, by index.
struct UserPlaces: Sendable, Hashable {
    var transitions: [Int: SourcePosition] = [:]
    var bindings: [Int: SourcePosition] = [:]
    var taps: [Int: SourcePosition] = [:]
    var holds: [Int: SourcePosition] = [:]

    func position(of subject: ConfigurationError.Subject, in root: TOMLTable) -> SourcePosition? {
        switch subject {
        case .setting(let key): root[key]?.keyPosition
        case .transition(let index): transitions[index]
        case .binding(let index): bindings[index]
        case .tap(let index): taps[index]
        case .hold(let index): holds[index]
        }
    }
}
