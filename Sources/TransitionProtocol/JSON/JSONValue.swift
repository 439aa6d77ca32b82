// SPDX-License-Identifier: MIT
/// A parsed JSON value. Integers without a fraction or exponent stay exact when they fit in 64
/// bits: `int` for those that fit `Int64`, `uint` for those above it up to 2⁶⁴ − 1; every other
/// number is a `double`.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    /// An integer above `Int64.max` (up to `UInt64.max`); smaller integers are always `int`.
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as a double, for `int` and `double`.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .uint(let u): Double(u)
        case .double(let d): d
        default: nil
        }
    }

    /// The value as an integer, for `int` and for `double`s that hold a whole number.
    public var intValue: Int64? {
        switch self {
        case .int(let i): i
        case .double(let d) where d.rounded() == d && abs(d) < 9.2e18: Int64(d)
        default: nil
        }
    }

    /// The value as an unsigned integer, for non-negative whole numbers.
    public var uint64Value: UInt64? {
        switch self {
        case .int(let i) where i >= 0: UInt64(i)
        case .uint(let u): u
        case .double(let d) where d >= 0 && d.rounded() == d && d < 1.8e19: UInt64(d)
        default: nil
        }
    }

    /// The string, for `string`.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The flag, for `bool`.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The elements, for `array`.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The members, for `object`.
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }

    /// The member `key` of an object (`nil` for other values or a missing key).
    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// What kind of value this is, for error messages ("expected a string, found an array").
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .uint, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue {
    /// Encodes the value compactly (members in sorted key order, so the output is stable).
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let b): writer.bool(b)
        case .int(let i): writer.int(i)
        case .uint(let u): writer.uint(u)
        case .double(let d): writer.double(d)
        case .string(let s): writer.string(s)
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for key in members.keys.sorted() {
                writer.key(key)
                members[key]!.write(to: &writer)
            }
            writer.endObject()
        }
    }

}
