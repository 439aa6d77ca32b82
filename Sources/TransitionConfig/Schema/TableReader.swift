// SPDX-License-Identifier: MIT
/// Reads one TOML table against the schema: hands out entries by key, remembers which keys the
/// schema knows, and reports the rest as unknown (with a suggestion for a likely typo).
package struct TableReader {
    package let table: TOMLTable
    /// Where the table is, for messages: `in [[transition]] 'swipe3-left'`.
    package let context: String
    /// The table's header (or the first key of an inline table), for "missing key" errors.
    package let position: SourcePosition
    private var known: [String] = []

    package init(_ table: TOMLTable, context: String, position: SourcePosition) {
        self.table = table; self.context = context; self.position = position
    }

    /// The entry for `key`, and `key` is now known to the schema.
    package mutating func take(_ key: String) -> TOMLEntry? {
        known.append(key)
        return table[key]
    }

    /// Marks keys as known without reading them (they are read elsewhere).
    package mutating func allow(_ keys: String...) {
        known += keys
    }

    /// Reports every key the schema did not ask for. `hints` explains keys that belong elsewhere
    /// (`'curve' needs type = "curve"`).
    package func reportUnknownKeys(_ diagnostics: inout Diagnostics, hints: [String: String] = [:]) {
        for entry in table.entries where !known.contains(entry.key) {
            var message = "unknown key '\(entry.key)' \(context)"
            if let hint = hints[entry.key] {
                message += " ('\(entry.key)' needs \(hint))"
            } else if let suggestion = Suggestion.closest(to: entry.key, among: known) {
                message += " (did you mean '\(suggestion)'?)"
            }
            diagnostics.add(entry.keyPosition, message)
        }
    }
}

/// A lower or upper bound on a number, with the words for the message.
package struct Bound: Sendable {
    package let holds: @Sendable (Double) -> Bool
    package let words: String

    package static let positive = Bound(holds: { $0 > 0 }, words: "greater than 0")
    package static let nonNegative = Bound(holds: { $0 >= 0 }, words: "0 or more")
    package static let openUnit = Bound(holds: { $0 > 0 && $0 < 1 }, words: "between 0 and 1 (exclusive)")
    package static let closedUnit = Bound(holds: { $0 >= 0 && $0 <= 1 }, words: "between 0 and 1")

    package static func between(_ low: Double, _ high: Double) -> Bound {
        Bound(holds: { $0 >= low && $0 <= high },
              words: "between \(TOMLWriter.number(low)) and \(TOMLWriter.number(high))")
    }
}

extension TableReader {
    /// `'key' in CONTEXT`.
    package func name(_ key: String) -> String { "'\(key)' \(context)" }

    /// A number (integer or float) within `bound`; `nil` when absent or wrong (reported).
    package mutating func number(_ key: String, _ bound: Bound, _ d: inout Diagnostics) -> Double? {
        guard let entry = take(key) else { return nil }
        return number(entry, bound, &d)
    }

    package func number(_ entry: TOMLEntry, _ bound: Bound, _ d: inout Diagnostics) -> Double? {
        let value: Double
        switch entry.node.value {
        case .integer(let i): value = Double(i)
        case .float(let f): value = f
        default:
            d.add(entry.node.position, "\(name(entry.key)) must be a number, not \(entry.node.value.kindDescription)")
            return nil
        }
        guard bound.holds(value) else {
            d.add(entry.node.position, "\(name(entry.key)) must be \(bound.words), not \(Self.show(entry.node.value))")
            return nil
        }
        return value
    }

    /// A number within `bound` or the string `"auto"`: `.some(nil)` for auto, `nil` when absent
    /// or wrong.
    mutating func numberOrAuto(_ key: String, _ bound: Bound, _ d: inout Diagnostics) -> Double?? {
        guard let entry = take(key) else { return nil }
        if case .string(let s) = entry.node.value {
            if s == "auto" { return .some(nil) }
            d.add(entry.node.position, "\(name(key)) must be a number or \"auto\", not \(TOMLWriter.basicString(s))")
            return nil
        }
        guard let value = number(entry, bound, &d) else { return nil }
        return .some(value)
    }

    /// A whole number within `range`.
    package mutating func integer(_ key: String, _ range: ClosedRange<Int>, _ d: inout Diagnostics) -> Int? {
        guard let entry = take(key) else { return nil }
        guard case .integer(let i) = entry.node.value else {
            d.add(entry.node.position, "\(name(key)) must be a whole number, not \(entry.node.value.kindDescription)")
            return nil
        }
        guard i >= Int64(range.lowerBound), i <= Int64(range.upperBound) else {
            d.add(entry.node.position, "\(name(key)) must be between \(range.lowerBound) and \(range.upperBound), not \(i)")
            return nil
        }
        return Int(i)
    }

    /// A string.
    package mutating func string(_ key: String, _ d: inout Diagnostics) -> (String, SourcePosition)? {
        guard let entry = take(key) else { return nil }
        guard case .string(let s) = entry.node.value else {
            d.add(entry.node.position, "\(name(key)) must be a string, not \(entry.node.value.kindDescription)")
            return nil
        }
        return (s, entry.node.position)
    }

    /// One of `choices`, by its string.
    package mutating func choice<T>(_ key: String, _ choices: [(String, T)], _ d: inout Diagnostics) -> T? {
        guard let (s, position) = string(key, &d) else { return nil }
        return Self.pick(s, choices, at: position, what: name(key), &d)
    }

    package static func pick<T>(_ s: String, _ choices: [(String, T)], at position: SourcePosition, what: String,
                        _ d: inout Diagnostics) -> T? {
        if let hit = choices.first(where: { $0.0 == s }) { return hit.1 }
        var message = "\(what) must be one of \(choices.map { TOMLWriter.basicString($0.0) }.joined(separator: ", ")), not \(TOMLWriter.basicString(s))"
        if let suggestion = Suggestion.closest(to: s, among: choices.map(\.0)) {
            message += " (did you mean \(TOMLWriter.basicString(suggestion))?)"
        }
        d.add(position, message)
        return nil
    }

    /// A value as written in a message.
    package static func show(_ value: TOMLValue) -> String {
        switch value {
        case .integer(let i): "\(i)"
        case .float(let f): TOMLWriter.number(f)
        case .string(let s): TOMLWriter.basicString(s)
        case .boolean(let b): "\(b)"
        case .array: "an array"
        case .table: "a table"
        }
    }
}
