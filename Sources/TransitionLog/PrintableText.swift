// SPDX-License-Identifier: MIT

/// The one escaper of text that comes from another process (a client's settings and their path,
/// TOML keys, transition names, D-Bus names, key-service requests, app ids), used before such
/// text reaches a log, a message or a terminal: every control character is written as an escape,
/// so no newline can start a line of its own (the journal would read it as an entry, with the
/// priority prefix written at the start of every line) and no escape sequence reaches a terminal.
/// Printable text is left as it is, backslashes included.
///
/// Pure; `"\(escaped: value)"` interpolates through it.
public enum PrintableText {
    /// Whether `scalar` is a control character: C0 (U+0000…U+001F), DEL (U+007F), C1
    /// (U+0080…U+009F, NEL among them), or the line and paragraph separators U+2028 and U+2029,
    /// at which some readers break lines.
    @inlinable
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
    }

    /// Whether `text` has no control character (``isControl(_:)``): ``escaped(_:)`` returns it as it is.
    public static func isPrintable(_ text: some StringProtocol) -> Bool {
        !text.unicodeScalars.contains(where: isControl)
    }

    /// `text` with every control character written as an escape: `\n`, `\r`, `\t`, `\x1b` for
    /// the other C0 characters and DEL, `\u{85}` for C1 and the separators.
    public static func escaped(_ text: some StringProtocol) -> String {
        if isPrintable(text) { return String(text) }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars { append(scalar, to: &out) }
        return out
    }

    /// Appends `scalar` to `out`, escaped if it is a control character.
    public static func append(_ scalar: Unicode.Scalar, to out: inout String) {
        guard isControl(scalar) else { out.unicodeScalars.append(scalar); return }
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            let hex = String(scalar.value, radix: 16)
            if scalar.value < 0x80 {
                out += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else {
                out += "\\u{" + hex + "}"
            }
        }
    }
}

extension DefaultStringInterpolation {
    /// `"\(escaped: request.transition)"`: the value's description through
    /// ``PrintableText/escaped(_:)``, for text that comes from another process. Log messages
    /// (swift-log's `Logger.Message`) interpolate with it too.
    public mutating func appendInterpolation(escaped value: some CustomStringConvertible) {
        appendLiteral(PrintableText.escaped(value.description))
    }

    /// `"\(escaped: optional, else: "none")"`: an optional value escaped, or `fallback` when nil.
    public mutating func appendInterpolation(escaped value: (some CustomStringConvertible)?, else fallback: String) {
        appendLiteral(value.map { PrintableText.escaped($0.description) } ?? fallback)
    }
}
