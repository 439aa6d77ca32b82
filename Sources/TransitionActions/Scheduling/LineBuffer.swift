// SPDX-License-Identifier: MIT
/// The lines waiting for one `progress` command that reads slower than they come: bounded, with
/// samples coalesced (the newest replaces the one waiting before it) and lifecycle lines kept.
///
/// The runner writes ``pending`` without blocking, reports how much went with
/// ``consume(_:)``, and pushes new lines as they come. A line partly written is never replaced.
public struct LineBuffer: Sendable {
    private struct Line: Sendable {
        var bytes: [UInt8]
        var coalescable: Bool
    }

    /// Lines held at most; beyond it the oldest sample (else the oldest line) is dropped.
    public let capacity: Int
    private var lines: [Line] = []
    /// Bytes of the first line already written.
    private var written = 0
    /// Lines replaced or dropped since the last ``takeDropped()``.
    public private(set) var dropped = 0

    /// An empty buffer holding at most `capacity` lines.
    public init(capacity: Int = 64) { self.capacity = max(2, capacity) }

    /// Whether nothing waits.
    public var isEmpty: Bool { lines.isEmpty }

    /// Lines waiting (the partly written one included).
    public var count: Int { lines.count }

    /// Adds a line (a newline is appended).
    public mutating func push(_ text: String, coalescable: Bool) {
        let bytes = Array(text.utf8) + [UInt8(ascii: "\n")]
        if coalescable, let last = lines.last, last.coalescable, !(lines.count == 1 && written > 0) {
            lines[lines.count - 1] = Line(bytes: bytes, coalescable: true)
            dropped += 1
            return
        }
        lines.append(Line(bytes: bytes, coalescable: coalescable))
        guard lines.count > capacity else { return }
        let first = written > 0 ? 1 : 0
        let victim = lines[first...].firstIndex { $0.coalescable } ?? first
        lines.remove(at: victim)
        dropped += 1
    }

    /// The bytes to write next: the rest of the first line and every line after it.
    public var pending: [UInt8] {
        guard let first = lines.first else { return [] }
        var bytes = Array(first.bytes[written...])
        for line in lines.dropFirst() { bytes += line.bytes }
        return bytes
    }

    /// `count` bytes of ``pending`` were written.
    public mutating func consume(_ count: Int) {
        var left = count
        while left > 0, let first = lines.first {
            let rest = first.bytes.count - written
            if left >= rest {
                lines.removeFirst()
                written = 0
                left -= rest
            } else {
                written += left
                left = 0
            }
        }
    }

    /// The dropped count, reset to 0.
    public mutating func takeDropped() -> Int {
        defer { dropped = 0 }
        return dropped
    }
}
