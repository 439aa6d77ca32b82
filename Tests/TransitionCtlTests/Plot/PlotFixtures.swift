// SPDX-License-Identifier: MIT
import TransitionCore
import TransitionProtocol

/// Event streams made by the real engine and encoder, as `--print-events` writes them.
enum PlotFixtures {
    /// A 3-finger swipe left on device 1: `steps` updates of `dx` every 8 ms from `startUs`,
    /// resting `restUs` before the lift.
    static func swipe(_ engine: inout TransitionEngine, dx: Double, steps: Int, startUs: UInt64, restUs: UInt64 = 0,
                      catchAfterUs: UInt64? = nil, emit: (TransitionEvent) -> Void) -> UInt64 {
        var t = startUs
        engine.handle(.begin(GestureBegin(device: DeviceID(1), source: .swipe, fingers: 3, timeUs: t)), emit: emit)
        for _ in 0..<steps {
            t += 8000
            engine.handle(.update(GestureUpdate(device: DeviceID(1), dx: dx, dy: 0, timeUs: t)), emit: emit)
        }
        t += restUs + 8000
        engine.handle(.end(GestureEnd(device: DeviceID(1), timeUs: t)), emit: emit)
        if let catchAfterUs {
            t += catchAfterUs
            engine.handle(.holdBegin(HoldBegin(device: DeviceID(1), fingers: 3, timeUs: t)), emit: emit)
            t += 200_000
            engine.handle(.holdEnd(HoldEnd(device: DeviceID(1), cancelled: false, timeUs: t)), emit: emit)
        }
        while let deadline = engine.nextDeadlineUs {
            engine.advance(toUs: deadline, emit: emit)
            t = max(t, deadline)
        }
        return t
    }

    /// Events of: a long swipe left that finishes, a short one held still that cancels, and
    /// a swipe caught by a hold 40 ms into its animation.
    static var events: [TransitionEvent] {
        var engine = try! TransitionEngine(configuration: .standard)
        var events: [TransitionEvent] = []
        var t = swipe(&engine, dx: -12, steps: 40, startUs: 1_000_000) { events.append($0) }
        t = swipe(&engine, dx: -8, steps: 10, startUs: t + 500_000, restUs: 300_000) { events.append($0) }
        _ = swipe(&engine, dx: -10, steps: 24, startUs: t + 500_000, restUs: 200_000, catchAfterUs: 40_000) { events.append($0) }
        return events
    }

    /// `events` as protocol JSON lines, after a `hello`-like line and with a log line mixed in.
    static var stream: String {
        var encoder = MessageEncoder()
        var lines = [#"{"event":"hello","protocol":1,"server":"transitiond test","transitions":[]}"#,
                     "transitiond: a log line that is not JSON"]
        for (i, event) in events.enumerated() {
            lines.append(String(decoding: encoder.line(for: event, seq: UInt64(i + 1)), as: UTF8.self)
                .trimmingSuffix("\n"))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
