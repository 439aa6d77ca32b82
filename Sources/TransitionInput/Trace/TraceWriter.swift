// SPDX-License-Identifier: MIT
#if canImport(Glibc)
import Glibc
#endif
public import TransitionCore
import TransitionIO

/// Writes recognised samples to a trace file (`transitiond --record FILE`), one JSON line each
/// (format: docs/input.md, "Gesture traces"; ``TraceReader`` reads it back).
///
/// Every sample is written with one `write(2)` as it arrives, so a trace is complete up to the
/// last sample even if the daemon is killed, and a full disk is reported at the sample that hit
/// it. Not thread-safe: use it on the event loop's thread.
public final class TraceWriter {
    /// The path given to ``init(path:)`` (`-` for standard output).
    public let path: String
    private var fd: Int32
    private let ownsDescriptor: Bool

    /// Creates or truncates the trace file at `path` (mode 0644); `-` writes to standard output.
    public init(path: String) throws(TraceError) {
        self.path = path
        if path == "-" {
            fd = STDOUT_FILENO
            ownsDescriptor = false
        } else {
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            ownsDescriptor = true
            guard fd >= 0 else { throw .io(path: path, operation: "create", reason: Self.message(errno)) }
        }
    }

    deinit {
        if ownsDescriptor && fd >= 0 { Glibc.close(fd) }
    }

    /// The line ``write(_:)`` writes for `input`, without its newline: what ``TraceReader`` reads
    /// back as `input` (the trace reader's fuzzer checks the round trip). Throws
    /// ``TraceError/unencodable(_:)`` for a non-finite delta.
    public static func line(_ input: GestureInput) throws(TraceError) -> String {
        try TraceFormat.encode(input)
    }

    /// Appends one sample. Throws ``TraceError/io(path:operation:reason:)`` when the write fails
    /// (a full disk: "No space left on device") and ``TraceError/unencodable(_:)`` for a
    /// non-finite delta.
    public func write(_ input: GestureInput) throws(TraceError) {
        guard fd >= 0 else { throw .io(path: path, operation: "write", reason: "the trace is closed") }
        var line = try TraceFormat.encode(input)
        line.append("\n")
        if let failure = WriteAll.write(fd, line) { throw .io(path: path, operation: "write", reason: Self.message(failure)) }
    }

    /// Closes the file. Later writes throw; closing twice does nothing.
    public func close() throws(TraceError) {
        guard fd >= 0 else { return }
        let result = ownsDescriptor ? Glibc.close(fd) : 0
        fd = -1
        if result != 0 { throw .io(path: path, operation: "close", reason: Self.message(errno)) }
    }

    static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
