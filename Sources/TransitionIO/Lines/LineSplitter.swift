// SPDX-License-Identifier: MIT
/// Splits a byte stream into newline-terminated lines: bytes are appended as they are read and
/// whole lines taken out, the partial rest kept for the next read. Each byte is scanned once.
public struct LineSplitter: Sendable {
    /// The bytes received and not yet taken (the partial line, after ``compact()``).
    public private(set) var buffer: [UInt8] = []
    /// Where the next line starts in ``buffer``.
    private var start = 0
    /// How far ``buffer`` is known to hold no newline (from ``start``).
    private var scanned = 0

    /// An empty splitter.
    public init() {}

    /// Appends bytes read from the stream.
    public mutating func append<Bytes: Collection<UInt8>>(contentsOf bytes: Bytes) {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole line, without its newline; `nil` until one is complete.
    public mutating func nextLine() -> ArraySlice<UInt8>? {
        guard let range = Self.nextLine(in: buffer, from: start, scannedTo: &scanned) else { return nil }
        let line = buffer[range.line]
        start = range.next
        return line
    }

    /// The bytes of the incomplete line after the lines taken.
    public var partialCount: Int { buffer.count - start }

    /// Drops the lines taken from ``buffer`` (invalidating the slices ``nextLine()`` returned).
    public mutating func compact() {
        buffer.removeFirst(start)
        scanned -= start
        start = 0
    }

    /// Finds the line that starts at `start` in `bytes`: its bytes without the newline, and where
    /// the one after it starts; `nil` when there is no newline yet. `scanned` remembers how far
    /// the search went so that the next call does not search those bytes again (start it at 0).
    public static func nextLine(in bytes: [UInt8], from start: Int, scannedTo scanned: inout Int)
        -> (line: Range<Int>, next: Int)?
    {
        let from = max(start, scanned)
        guard let newline = bytes[from...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = bytes.count
            return nil
        }
        scanned = newline + 1
        return (start..<newline, newline + 1)
    }
}
