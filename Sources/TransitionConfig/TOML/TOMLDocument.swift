// SPDX-License-Identifier: MIT
/// A place in the configuration text: 1-based line and column (columns count Unicode scalars,
/// so a tab or an `é` is one column).
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// A position at `line`, `column`.
    public init(line: Int, column: Int) { self.line = line; self.column = column }

    /// `12:5`.
    public var description: String { "\(line):\(column)" }

    /// Orders by line, then column.
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// A parsed TOML value, with the position where it starts.
package struct TOMLNode: Sendable, Hashable {
    package var value: TOMLValue
    package var position: SourcePosition
}

/// The TOML value kinds the parser understands. Dates and times are refused at parse time, and
/// so are `inf` and `nan`, so every float here is finite.
package indirect enum TOMLValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    /// Both `[1, 2]` and a run of `[[name]]` tables.
    case array([TOMLNode])
    case table(TOMLTable)

    /// "a string", "an integer", … for messages.
    package var kindDescription: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .boolean: "a boolean"
        case .array: "an array"
        case .table: "a table"
        }
    }
}

/// One `key = value` (or a sub-table) of a table, with where its key was written.
package struct TOMLEntry: Sendable, Hashable {
    package var key: String
    package var keyPosition: SourcePosition
    package var node: TOMLNode
}

/// A table: its entries in the order they were written.
package struct TOMLTable: Sendable, Hashable {
    package var entries: [TOMLEntry] = []

    /// The entry for `key`, if any.
    package subscript(key: String) -> TOMLEntry? {
        entries.first { $0.key == key }
    }
}
