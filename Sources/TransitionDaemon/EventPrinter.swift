// SPDX-License-Identifier: MIT
import TransitionCore
import TransitionProtocol

/// `--print-events`: every transition event as the protocol's JSON line on stdout, written as
/// it happens (no buffering, so a pipe reader sees each line at once).
final class EventPrinter {
    private var encoder = MessageEncoder()
    private var seq: UInt64 = 0

    func print(_ event: TransitionEvent) {
        seq += 1
        let line = encoder.line(for: event, seq: seq)
        Console.out(String(decoding: line, as: UTF8.self))
    }
}
