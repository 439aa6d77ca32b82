// SPDX-License-Identifier: MIT
import TransitionCore

/// Turns a parsed TOML document into a ``DaemonConfiguration``, collecting every semantic error
/// with its line and column.
struct ConfigDecoder {
    private var d: Diagnostics
    /// Resolves the user names of `[access] always`.
    private let users: UserLookup
    /// Where each transition, binding and tap was read.
    private var places = ConfigPlaces()

    init(source: String, users: @escaping UserLookup) { d = Diagnostics(source: source); self.users = users }

    /// The configuration and where its parts were read, or every problem found.
    static func decode(_ root: TOMLTable, source: String, users: @escaping UserLookup) throws(ConfigError)
        -> (configuration: DaemonConfiguration, places: ConfigPlaces) {
        var decoder = ConfigDecoder(source: source, users: users)
        let result = decoder.decode(root)
        guard decoder.d.isEmpty, let result else { throw ConfigError(decoder.d.items) }
        return (result, decoder.places)
    }

    /// Reads the table `name` of `r` with `read` (which reports its own errors), then reports its
    /// unknown keys; `nil` (and an error) when `name` is there but not a table, or absent.
    private mutating func table<Settings>(_ name: String, in r: inout TableReader,
                                          _ read: (inout TableReader, inout Diagnostics) -> Settings) -> Settings? {
        guard let entry = r.take(name) else { return nil }
        guard case .table(let t) = entry.node.value else {
            d.add(entry.node.position, "'\(name)' must be a table ([\(name)]), not \(entry.node.value.kindDescription)")
            return nil
        }
        var reader = TableReader(t, context: "in [\(name)]", position: entry.node.position)
        let settings = read(&reader, &d)
        reader.reportUnknownKeys(&d)
        return settings
    }

    private mutating func decode(_ root: TOMLTable) -> DaemonConfiguration? {
        var r = TableReader(root, context: "at the top level", position: SourcePosition(line: 1, column: 1))
        let builtIn = DaemonConfiguration.builtIn
        var config = builtIn
        if let level = r.choice("log_level", Schema.logLevels, &d) { config.logLevel = level }
        if let (group, position) = r.string("socket_group", &d) {
            if group.isEmpty || group.utf8.contains(where: { $0 <= 0x20 || $0 == UInt8(ascii: ":") || $0 == 0x7F }) {
                d.add(position, "'socket_group' at the top level must be a group name, not \(TOMLWriter.basicString(group))")
            } else {
                config.socketGroup = group
            }
        }
        if let slop = r.number("slop", .nonNegative, &d) { config.engine.slop = slop }
        if let slop = r.number("touch_slop", .nonNegative, &d) { config.engine.touchSlop = slop }
        if let slop = r.number("pinch_slop", .nonNegative, &d) { config.engine.pinchSlop = slop }
        if let slop = r.number("rotation_slop", .nonNegative, &d) { config.engine.rotationSlop = slop }
        if let delay = r.number("hold_delay", .nonNegative, &d) { config.engine.holdDelay = delay }

        // The tables of settings: [server] (connection limits), [access] (who receives transition
        // events), [touchegg] (Touchégg's D-Bus protocol on @touchegg), [touchscreen] (edge zones
        // and rotations).
        if let v = table("server", in: &r, { $0.serverSettings(&$1) }) { config.server = v }
        if let v = table("access", in: &r, { [users] in $0.accessSettings(users: users, &$1) }) { config.access = v }
        if let v = table("touchegg", in: &r, { $0.toucheggSettings(&$1) }) { config.touchegg = v }
        if let v = table("touchscreen", in: &r, { $0.touchscreenSettings(&$1) }) { config.touchscreen = v }

        // [defaults]: applied to every transition.
        var defaults = TransitionSettings.builtIn
        let defaultsTable: (TOMLTable, SourcePosition)?
        if let entry = r.take("defaults") {
            if case .table(let t) = entry.node.value {
                defaultsTable = (t, entry.node.position)
                var dr = TableReader(t, context: "in [defaults]", position: entry.node.position)
                _ = dr.applySettings(to: &defaults, where: "[defaults]", &d)
                dr.reportUnknownKeys(&d)
            } else {
                d.add(entry.node.position, "'defaults' must be a table ([defaults]), not \(entry.node.value.kindDescription)")
                defaultsTable = nil
            }
        } else {
            defaultsTable = nil
        }

        if let entry = r.take("transition") {
            guard case .array(let items) = entry.node.value else {
                d.add(entry.node.position, "'transition' must be an array of tables ([[transition]]), not \(entry.node.value.kindDescription)")
                r.reportUnknownKeys(&d)
                return nil
            }
            let (transitions, bindings, taps, holds) = decodeTransitions(items, defaults: defaults)
            config.engine.transitions = transitions
            config.engine.bindings = bindings
            config.engine.taps = taps
            config.engine.holds = holds
        } else if let (table, position) = defaultsTable {
            // No [[transition]]: the built-in transitions, with [defaults] on top.
            var scratch = Diagnostics(source: d.source)
            config.engine.transitions = builtIn.engine.transitions.map { spec in
                var settings = TransitionSettings(spec)
                var dr = TableReader(table, context: "in [defaults]", position: position)
                _ = dr.applySettings(to: &settings, where: "[defaults]", &scratch)
                return settings.spec(named: spec.name)
            }
        }
        r.reportUnknownKeys(&d)
        return d.isEmpty ? config : nil
    }

    private mutating func decodeTransitions(_ items: [TOMLNode], defaults: TransitionSettings)
        -> ([TransitionSpec], [Binding], [TapBinding], [HoldBinding]) {
        var transitions: [TransitionSpec] = []
        var bindings: [Binding] = []
        var taps: [TapBinding] = []
        var holds: [HoldBinding] = []
        var names: [String: SourcePosition] = [:]
        var bound: [String: (transition: String, position: SourcePosition)] = [:]
        for (i, item) in items.enumerated() {
            guard case .table(let table) = item.value else {
                d.add(item.position, "'transition' must hold tables ([[transition]]), not \(item.value.kindDescription)")
                continue
            }
            // The name first, so every other message can name the transition.
            var name: String?
            if let entry = table["name"] {
                if case .string(let s) = entry.node.value, Schema.isValidName(s) {
                    name = s
                    if let first = names[s] {
                        d.add(entry.node.position, "transition '\(s)' is already defined on line \(first.line)")
                    } else {
                        names[s] = entry.node.position
                    }
                } else if case .string(let s) = entry.node.value {
                    d.add(entry.node.position, "'name' in [[transition]] #\(i + 1) must be 1 to 64 letters, digits, '-', '_' or '.', not \(TOMLWriter.basicString(s))")
                } else {
                    d.add(entry.node.position, "'name' in [[transition]] #\(i + 1) must be a string, not \(entry.node.value.kindDescription)")
                }
            } else {
                d.add(item.position, "missing key 'name' in [[transition]] #\(i + 1)")
            }
            let owner = name.map { "[[transition]] '\($0)'" } ?? "[[transition]] #\(i + 1)"
            var r = TableReader(table, context: "in \(owner)", position: item.position)
            r.allow("name")
            var settings = defaults
            let distance = r.applySettings(to: &settings, where: owner, &d)
            var written: [WrittenBinding] = []
            if let entry = r.take("binding") {
                written = BindingDecoding.bindings(entry, transition: name ?? "", owner: owner, &d)
            }
            r.reportUnknownKeys(&d)

            for b in written {
                let gesture = b.gestureName
                if let first = bound[gesture] {
                    d.add(b.position, "gesture \(gesture) is already bound to '\(first.transition)' on line \(first.position.line)")
                } else {
                    bound[gesture] = (name ?? "#\(i + 1)", b.position)
                }
                if let tap = b.tap { taps.append(tap); places.taps.append(b.position) }
                if let hold = b.hold { holds.append(hold); places.holds.append(b.position) }
                guard let g = b.binding else { continue }
                // The distance in force for this binding must measure its gesture.
                if let effective = g.distance ?? settings.distance, !BindingDecoding.unit(effective.unit, fits: g.source) {
                    let at = b.distance?.position ?? distance?.position ?? b.position
                    let want = BindingDecoding.distanceKeys(for: g.source)
                    let source = b.distance != nil ? "its distance" : (distance != nil ? "the transition's distance" : "the distance from [defaults]")
                    d.add(at, "\(gesture) in \(owner) cannot use \(source) in \(effective.unit.rawValue): a \(g.source.rawValue) needs \(want)")
                }
                bindings.append(g)
                places.bindings.append(b.position)
            }
            if let name { transitions.append(settings.spec(named: name)); places.transitions.append(item.position) }
        }
        return (transitions, bindings, taps, holds)
    }
}
