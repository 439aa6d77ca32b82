// SPDX-License-Identifier: MIT
/// Renders TOML scalars so that ``TOMLParser`` reads back exactly the same value.
package enum TOMLWriter {
    /// A basic string in double quotes, escaping quotes, backslashes and control characters.
    package static func basicString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A key: bare when it can be, quoted otherwise.
    static func key(_ key: String) -> String {
        TOMLParser.quoteKeyIfNeeded(key)
    }

    /// A finite float, shortest form that reads back to the same value; integral values are
    /// written without a fraction (`1000`, which the schema accepts wherever a number goes).
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        let text = "\(value)"  // Swift prints the shortest round-tripping form: 0.0001, 1e-05, 1.5e+20
        return text
    }
}
