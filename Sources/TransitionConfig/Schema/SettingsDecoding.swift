// SPDX-License-Identifier: MIT
import TransitionCore

/// A distance as written, with where, to check it against each binding's gesture later.
struct WrittenDistance {
    var distance: Distance?
    var position: SourcePosition
}

extension TableReader {
    /// Reads `distance` (touchpad units, or `"auto"`), `distance_mm`, `distance_scale`,
    /// `distance_degrees` or `distance_percent` (of a touchscreen's side):
    /// `nil` when none is given, `.some(nil)` for `"auto"`.
    mutating func distance(allowAuto: Bool, _ d: inout Diagnostics) -> WrittenDistance? {
        var found: [(key: String, entry: TOMLEntry)] = []
        for key in ["distance", "distance_mm", "distance_scale", "distance_degrees", "distance_percent"] {
            if let entry = take(key) { found.append((key, entry)) }
        }
        guard let first = found.first else { return nil }
        for extra in found.dropFirst() {
            d.add(extra.entry.keyPosition,
                  "\(name(extra.key)) conflicts with '\(first.key)' on line \(first.entry.keyPosition.line): give one distance")
        }
        let entry = first.entry
        let unit: DistanceUnit = switch first.key {
        case "distance_mm": .mm
        case "distance_scale": .scale
        case "distance_degrees": .degrees
        case "distance_percent": .percent
        default: .units
        }
        if allowAuto, unit == .units, case .string(let s) = entry.node.value, s == "auto" {
            return WrittenDistance(distance: nil, position: entry.node.position)
        }
        if case .string(let s) = entry.node.value, first.key == "distance" {
            d.add(entry.node.position, "\(name("distance")) must be a number\(allowAuto ? " or \"auto\"" : ""), not \(TOMLWriter.basicString(s))")
            return nil
        }
        guard let value = number(entry, .positive, &d) else { return nil }
        return WrittenDistance(distance: Distance(value, unit), position: entry.node.position)
    }

    /// Applies every transition setting this table gives on top of `settings`.
    /// `where` names the table for nested contexts (`[[transition]] 'swipe3-left'`, `[defaults]`).
    mutating func applySettings(to settings: inout TransitionSettings, where owner: String,
                                _ d: inout Diagnostics) -> WrittenDistance? {
        let written = distance(allowAuto: true, &d)
        if let written { settings.distance = written.distance }
        if let v = number("finish_threshold", .closedUnit, &d) { settings.finishThreshold = v }
        if let v = numberOrAuto("velocity_threshold", .nonNegative, &d) { settings.velocityThreshold = v }
        if let v = numberOrAuto("deceleration_rate", .openUnit, &d) { settings.decelerationRate = v }
        if let v = number("snap_distance", .nonNegative, &d) { settings.snapDistance = v }
        if let v = number("trigger_duration", .nonNegative, &d) { settings.triggerDuration = v }
        if let v = integer("frame_rate", Schema.frameRates, &d) { settings.frameRate = v }
        if let v = number("hold_duration", .positive, &d) { settings.holdDuration = v }
        if let entry = take("rubber_band"), let table = subTable(entry, &d) {
            var r = TableReader(table, context: "in rubber_band of \(owner)", position: entry.node.position)
            if let v = r.number("stiffness", .nonNegative, &d) { settings.rubberBand.stiffness = v }
            if let v = r.number("limit", .nonNegative, &d) { settings.rubberBand.limit = v }
            r.reportUnknownKeys(&d)
        }
        if let entry = take("completion"), let table = subTable(entry, &d) {
            var r = TableReader(table, context: "in completion of \(owner)", position: entry.node.position)
            if let style = r.completionStyle(inheriting: settings.completion, &d) {
                settings.completion = style
                r.engineCheck(style, at: entry.node.position, &d)
            }
        }
        if let entry = take("trigger_completion") {
            if case .string("auto") = entry.node.value {
                settings.triggerCompletion = nil
            } else if let table = subTable(entry, &d, orAuto: true) {
                var r = TableReader(table, context: "in trigger_completion of \(owner)", position: entry.node.position)
                if let style = r.completionStyle(inheriting: settings.triggerCompletion ?? settings.completion, &d) {
                    settings.triggerCompletion = style
                    r.engineCheck(style, at: entry.node.position, &d)
                }
            }
        }
        return written
    }

    /// What the engine says about an animation (its own rules for springs and curves),
    /// at the table's place.
    func engineCheck(_ style: CompletionStyle, at position: SourcePosition, _ d: inout Diagnostics) {
        do {
            try style.validate(in: String(context.dropFirst(3)))  // "completion of [[transition]] 'x'"
        } catch {
            d.add(position, error.message)
        }
    }

    /// The entry's table, or a reported error.
    func subTable(_ entry: TOMLEntry, _ d: inout Diagnostics, orAuto: Bool = false) -> TOMLTable? {
        if case .table(let t) = entry.node.value { return t }
        d.add(entry.node.position, "\(name(entry.key)) must be a table\(orAuto ? " or \"auto\"" : ""), not \(entry.node.value.kindDescription)")
        return nil
    }

    /// A `completion` table: `type = "spring"` (mass, stiffness, damping_ratio, epsilon) or
    /// `type = "curve"` (curve, and min_duration/max_duration or duration/completion_speed).
    /// Keys not given come from `inherited` when it is the same type, else from the built-ins.
    mutating func completionStyle(inheriting inherited: CompletionStyle, _ d: inout Diagnostics) -> CompletionStyle? {
        let springKeys = ["mass", "stiffness", "damping_ratio", "epsilon"]
        let curveKeys = ["curve", "min_duration", "max_duration", "duration", "completion_speed"]
        let isCurve: Bool
        if let entry = table["type"] {
            _ = take("type")
            guard case .string(let s) = entry.node.value else {
                d.add(entry.node.position, "\(name("type")) must be a string, not \(entry.node.value.kindDescription)")
                return nil
            }
            guard let t = Self.pick(s, [("spring", false), ("curve", true)], at: entry.node.position, what: name("type"), &d) else {
                return nil
            }
            isCurve = t
        } else {
            _ = take("type")
            isCurve = table["curve"] != nil
        }
        var result: CompletionStyle?
        if !isCurve {
            var p = SpringParameters.default
            if case .spring(let old) = inherited { p = old }
            var ok = true
            if let v = number("mass", .positive, &d) { p.mass = v } else if table["mass"] != nil { ok = false }
            if let v = number("stiffness", .positive, &d) { p.stiffness = v } else if table["stiffness"] != nil { ok = false }
            if let v = number("damping_ratio", .positive, &d) { p.dampingRatio = v } else if table["damping_ratio"] != nil { ok = false }
            if let v = number("epsilon", .openUnit, &d) { p.epsilon = v } else if table["epsilon"] != nil { ok = false }
            result = ok ? .spring(p) : nil
            reportUnknownKeys(&d, hints: Dictionary(uniqueKeysWithValues: curveKeys.map { ($0, "type = \"curve\"") }))
        } else {
            var oldCurve: Curve?
            var oldTiming: CurveTiming?
            if case .curve(let c, let t) = inherited { oldCurve = c; oldTiming = t }
            let curveGiven = table["curve"]
            let curve = choice("curve", Schema.curves, &d) ?? (curveGiven == nil ? oldCurve : nil)
            if curve == nil, curveGiven == nil {
                d.add(position, "missing key 'curve' \(context) (one of \(Schema.curves.map { TOMLWriter.basicString($0.0) }.joined(separator: ", ")))")
            }
            let minEntry = table["min_duration"], maxEntry = table["max_duration"]
            let durationEntry = table["duration"], speedEntry = table["completion_speed"]
            let minD = number("min_duration", .nonNegative, &d), maxD = number("max_duration", .nonNegative, &d)
            let duration = number("duration", .nonNegative, &d), speed = number("completion_speed", .positive, &d)
            var timing: CurveTiming?
            if durationEntry != nil || speedEntry != nil {
                if let clash = minEntry ?? maxEntry {
                    d.add(clash.keyPosition, "\(name(clash.key)) cannot be combined with '\(durationEntry?.key ?? "completion_speed")': give min_duration/max_duration (velocity-matched) or duration/completion_speed (UIKit)")
                }
                var oldDuration: Double?, oldSpeed = 1.0
                if case .uikit(let du, let sp)? = oldTiming { oldDuration = du; oldSpeed = sp }
                if durationEntry == nil, oldDuration == nil {
                    d.add(speedEntry?.keyPosition ?? position, "\(name("completion_speed")) needs 'duration' as well")
                }
                if let du = duration ?? (durationEntry == nil ? oldDuration : nil),
                   let sp = speed ?? (speedEntry == nil ? oldSpeed : nil) {
                    timing = .uikit(duration: du, completionSpeed: sp)
                }
            } else if minEntry == nil, maxEntry == nil, let oldTiming {
                timing = oldTiming
            } else {
                var low = Schema.curveMinDuration, high = Schema.curveMaxDuration
                if case .velocityMatched(let l, let h)? = oldTiming { low = l; high = h }
                if let minD { low = minD }
                if let maxD { high = maxD }
                if (minEntry == nil || minD != nil) && (maxEntry == nil || maxD != nil) {
                    if low > high {
                        d.add((maxEntry ?? minEntry)?.node.position ?? position,
                              "'min_duration' (\(TOMLWriter.number(low))) must not be greater than 'max_duration' (\(TOMLWriter.number(high))) \(context)")
                    } else {
                        timing = .velocityMatched(min: low, max: high)
                    }
                }
            }
            if let curve, let timing { result = .curve(curve, timing) }
            reportUnknownKeys(&d, hints: Dictionary(uniqueKeysWithValues: springKeys.map { ($0, "type = \"spring\"") }))
        }
        return result
    }
}
