// SPDX-License-Identifier: MIT
import TransitionCore
import TransitionProtocol

/// The transition events of a recorded stream: `transitionctl watch --json` or
/// `transitiond --print-events` output, one protocol JSON line each. Other messages (`hello`,
/// `frame`, replies) and lines that are not protocol messages (a log line mixed in) are skipped
/// and counted. Pure.
struct EventStream {
    var events: [TransitionEvent] = []
    /// Lines that were neither blank nor a transition event.
    var skipped = 0
    /// The first line that could not be decoded, with its number, for the error message.
    var firstProblem: (line: Int, message: String)?

    init(_ bytes: some Collection<UInt8>) {
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0d }) { continue }
            do throws(MessageDecodingError) {
                if case .transition(let event) = try decodeServerMessage(line).message {
                    events.append(event)
                } else {
                    skipped += 1
                }
            } catch {
                skipped += 1
                if firstProblem == nil { firstProblem = (number, error.message) }
            }
        }
    }
}
