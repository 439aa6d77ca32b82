// SPDX-License-Identifier: MIT
import TransitionCore
import TransitionInput

/// libFuzzer entry: any byte string is a trace given to `transitiond --replay` (a file a user may
/// have been sent with a bug report). The reader must return samples or a `malformed` error naming
/// a line of the input, never trap, hang or leak. Every sample it returns must be written back by
/// `TraceWriter` and read again as the same line: what the reader accepts, the writer can write.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let samples: [GestureInput]
    do throws(TraceError) {
        samples = try TraceReader.parse(bytes)
    } catch {
        guard case .malformed(path: _, line: let line, problem: let problem) = error else {
            fatalError("not a malformed error: \(error)")
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        guard (1...max(lines, 1)).contains(line), !problem.isEmpty else {
            fatalError("malformed at line \(line) of \(lines), problem '\(problem)'")
        }
        return 0
    }
    for sample in samples {
        // A finite sample is encodable; the reader accepts only finite numbers.
        guard let line = try? TraceWriter.line(sample) else { fatalError("the writer cannot write \(sample)") }
        guard let again = try? TraceReader.parse(Array(line.utf8)), again.count == 1,
              let written = try? TraceWriter.line(again[0]), written == line else {
            fatalError("round trip changed \(sample): \(line)")
        }
    }
    return 0
}
