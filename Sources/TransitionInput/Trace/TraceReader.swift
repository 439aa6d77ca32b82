// SPDX-License-Identifier: MIT
public import TransitionCore
import TransitionFiles

/// Reads a trace written by ``TraceWriter`` (`transitiond --replay FILE`).
public enum TraceReader {
    /// Reads and validates the whole trace at `path`. Throws ``TraceError/malformed(path:line:problem:)``
    /// naming the first bad line and what is wrong with it (unknown type, missing or unknown field,
    /// wrong value, time going backwards, invalid JSON), or ``TraceError/io(path:operation:reason:)``.
    public static func read(contentsOf path: String) throws(TraceError) -> [GestureInput] {
        let bytes = try readFile(path)
        return try parse(bytes, path: path)
    }

    /// Parses trace text already in memory. `path` only names the trace in errors.
    public static func parse(_ bytes: some Collection<UInt8>, path: String? = nil) throws(TraceError) -> [GestureInput] {
        var samples: [GestureInput] = []
        var lineNumber = 0
        var lastTime: UInt64 = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0d }) { continue }
            let sample: GestureInput
            do {
                sample = try TraceFormat.decode(line)
            } catch {
                throw .malformed(path: path, line: lineNumber, problem: error.problem)
            }
            if sample.timeUs < lastTime {
                throw .malformed(path: path, line: lineNumber,
                                 problem: "time_us \(sample.timeUs) is earlier than the previous sample's \(lastTime)")
            }
            lastTime = sample.timeUs
            samples.append(sample)
        }
        return samples
    }

    private static func readFile(_ path: String) throws(TraceError) -> [UInt8] {
        do { return try FileBytes.read(path: path) } catch {
            throw .io(path: path, operation: error.operation, reason: error.reason)
        }
    }
}
