// SPDX-License-Identifier: MIT
import Glibc
import TransitionIO

/// Unbuffered output: every call reaches the file descriptor at once (so `watch --json` lines
/// are flushed as they arrive). Glibc's `stdout` is not usable from Swift 6 strict code.
enum Terminal {
    static func out(_ text: String) { write(1, Array(text.utf8)) }
    static func error(_ text: String) { write(2, Array((text.hasSuffix("\n") ? text : text + "\n").utf8)) }

    /// Writes bytes to standard output.
    static func out(bytes: some Collection<UInt8>) { write(1, Array(bytes)) }

    /// Whether standard output is a terminal.
    static var isTerminal: Bool { isatty(1) == 1 }

    private static func write(_ fd: Int32, _ bytes: [UInt8]) {
        if WriteAll.write(fd, bytes) == EPIPE { exit(0) } // the reader went away (e.g. `| head`)
    }
}

/// Fixed-width text columns.
enum Table {
    static func render(_ rows: [[String]], indent: String = "") -> String {
        guard let width = rows.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: width)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        return rows.map { row in
            indent + row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell.padding(toLength: widths[i] + 2)
            }.joined()
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}

/// Numbers as people read them.
enum Format {
    static func fixed(_ value: Double, _ digits: Int = 2) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (abs(value) * scale).rounded()
        let whole = Int(rounded / scale)
        let fraction = Int(rounded.truncatingRemainder(dividingBy: scale))
        let sign = value < 0 && rounded != 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(whole)" }
        let padded = String(fraction)
        return "\(sign)\(whole).\(String(repeating: "0", count: digits - padded.count))\(padded)"
    }

    static func signed(_ value: Double, _ digits: Int = 2) -> String {
        let text = fixed(value, digits)
        return text.hasPrefix("-") ? text : "+" + text
    }

    static func duration(us: UInt64) -> String {
        let seconds = us / 1_000_000
        let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        if h > 0 { return "\(h)h \(m)m \(s)s" }
        if m > 0 { return "\(m)m \(s)s" }
        return "\(s).\(String(us / 100_000 % 10))s"
    }
}
