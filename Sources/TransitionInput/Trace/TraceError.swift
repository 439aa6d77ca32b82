// SPDX-License-Identifier: MIT
/// Why a gesture trace could not be read or written.
public enum TraceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened, read or written; `reason` is the system's message.
    case io(path: String, operation: String, reason: String)
    /// Line `line` (1-based) of the trace is not a valid sample; `problem` says what is wrong.
    case malformed(path: String?, line: Int, problem: String)
    /// A sample cannot be written as JSON (a non-finite delta).
    case unencodable(String)

    /// The message for logs and the command line, e.g. `trace.jsonl:3: missing field "dx"`.
    public var description: String {
        switch self {
        case .io(let path, let operation, let reason):
            "cannot \(operation) trace \(path): \(reason)"
        case .malformed(let path, let line, let problem):
            "\(path ?? "trace"):\(line): \(problem)"
        case .unencodable(let problem):
            "cannot record sample: \(problem)"
        }
    }
}
