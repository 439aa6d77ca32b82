// SPDX-License-Identifier: MIT
extension String {
    /// The text on one line, safe in a TOML comment and on a terminal: line breaks as `\n`,
    /// other control characters (which TOML refuses in comments, and which a terminal reads as
    /// escape sequences) as U+FFFD; tabs kept.
    var printableLine: String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out.unicodeScalars.append(scalar)
            default: out.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}
