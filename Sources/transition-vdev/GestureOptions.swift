// SPDX-License-Identifier: MIT
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import TransitionIO

/// Options every multitouch gesture command shares.
struct GestureOptions: ParsableArguments {
    @Option(help: "Fingers on the surface (1-5).")
    var fingers: Int = 3

    @Option(name: .customLong("steps"),
            help: "COUNTxDX,DY: COUNT frames, each moving every finger by DX,DY; COUNTxsD: a pinch, each finger D further from the centre; COUNTxrDEG: a twist, DEG degrees clockwise about the centre (repeatable, in order).")
    var stepSpecs: [String] = []

    @Option(help: "Seconds between frames.")
    var interval: Double = 0.012

    @Option(help: "Seconds to wait after creating the device before the first gesture (udev and the daemon pick it up).")
    var wait: Double = 2

    @Option(name: .customLong("start-when"),
            help: "Instead of --wait, start the first gesture once this file exists (up to 120 s: a sanitized daemon under emulation can take a minute to start). Repeatable: the Nth file starts the Nth gesture instead of --gap (a script changes something between two gestures of one device).")
    var startWhen: [String] = []

    @Option(help: "Seconds to rest without moving before lifting (a paused release).")
    var hold: Double = 0

    @Option(help: "How many times to perform the gesture.")
    var `repeat`: Int = 1

    @Option(help: "Seconds between repeated gestures.")
    var gap: Double = 0.6

    @Option(help: "Seconds to keep the device after the last gesture before removing it.")
    var linger: Double = 1

    @Option(name: .customLong("stop-when"),
            help: "Instead of --linger, keep the device after the last gesture until this file exists (up to 120 s): a reader that is slow must read the last frames before the node goes, and a script can tell when it has (\"done: last frame at NS ns\" gives the last frame's CLOCK_MONOTONIC time).")
    var stopWhen: String?

    @Option(name: .customLong("unplug-after"),
            help: "Destroy the device (as if unplugged) after this many movement frames, mid-gesture.")
    var unplugAfter: Int?

    @Option(help: "Log each frame's CLOCK_MONOTONIC time in ns and kind (down/move/up) to this file.")
    var log: String?

    @Option(help: "The device's name.")
    var name: String?

    @Option(name: .customLong("gesture"),
            help: "FINGERS:STEPS[/STEPS…][@HOLD], or FINGERS:tap[@HOLD] (a still tap, 0.05 s by default): a gesture of its own (repeatable, performed in order, --gap apart); replaces --fingers, --steps and --hold.")
    var gestureSpecs: [String] = []

    func validate() throws {
        guard (1...5).contains(fingers) else { throw ValidationError("--fingers must be from 1 to 5") }
        guard interval >= 0, wait >= 0, hold >= 0, gap >= 0, linger >= 0 else {
            throw ValidationError("times must not be negative")
        }
        guard `repeat` >= 1 else { throw ValidationError("--repeat must be at least 1") }
        if let unplugAfter, unplugAfter < 0 { throw ValidationError("--unplug-after must not be negative") }
        do { _ = try plans() } catch { throw ValidationError(error.description) }
    }

    /// The gestures to perform, in order (with --repeat applied).
    func plans() throws(VdevError) -> [GesturePlan] {
        var plans: [GesturePlan] = []
        if gestureSpecs.isEmpty {
            var steps: [Step] = []
            for s in stepSpecs.isEmpty ? ["60x8,0"] : stepSpecs { steps += try parseSteps(s) }
            plans = [GesturePlan(fingers: fingers, steps: steps, hold: hold)]
        } else {
            for g in gestureSpecs { plans.append(try parseGesture(g)) }
        }
        return Array((0..<`repeat`).map { _ in plans }.joined())
    }

    /// Waits before gesture `index` (from 0): for its --start-when file if it has one, else
    /// --wait before the first and --gap before the others.
    func waitToStart(gesture index: Int) throws(VdevError) {
        if index < startWhen.count {
            try waitForFile(startWhen[index], timeout: 120)
        } else {
            sleep(seconds: index == 0 ? wait : gap)
        }
    }

    /// Performs the gestures on `writer`; `scale` converts step units to device units.
    func perform(on writer: MultiTouchWriter, spacing: Double, scale: Double) throws(VdevError) {
        let plans = try plans()
        let log = try FrameLog(path: log)
        let intervalNs = UInt64(interval * 1e9)
        var moves = 0
        var lastNs: UInt64 = 0
        for (index, plan) in plans.enumerated() {
            try waitToStart(gesture: index)
            let steps = plan.steps.map { Step(dx: $0.dx * scale, dy: $0.dy * scale, spread: $0.spread * scale, turn: $0.turn) }
            var start = startPoints(fingers: plan.fingers, spacing: spacing, steps: steps,
                                    width: Double(writer.maxX), height: Double(writer.maxY))
            if let (x, y) = plan.start {
                start = (0..<plan.fingers).map { (x * scale + spacing * Double($0), y * scale) }
            }
            var next = MonotonicClock.nowNs()
            try writer.down(start)
            log.frame("down")
            var ox = 0.0, oy = 0.0, spread = 0.0, turn = 0.0
            // Each finger's unit vector from the row's centre (a pinch moves along it; a twist
            // turns the row about the centre).
            let centre = start.reduce(0.0) { $0 + $1.0 } / Double(start.count)
            let centreY = start.reduce(0.0) { $0 + $1.1 } / Double(start.count)
            let away = start.map { $0.0 < centre - 0.5 ? -1.0 : $0.0 > centre + 0.5 ? 1.0 : 0.0 }
            func points() -> [(Double, Double)] {
                let c = cos(turn * .pi / 180), s = sin(turn * .pi / 180)
                return zip(start, away).map { p, a in
                    let rx = p.0 - centre + a * spread, ry = p.1 - centreY
                    return (centre + rx * c - ry * s + ox, centreY + rx * s + ry * c + oy)
                }
            }
            for step in steps {
                next = pace(after: next, intervalNs: intervalNs)
                ox += step.dx; oy += step.dy; spread += step.spread; turn += step.turn
                try writer.move(points())
                log.frame("move")
                moves += 1
                if let unplugAfter, moves >= unplugAfter {
                    writer.device.destroy()
                    say("unplugged")
                    return
                }
            }
            next = pace(after: next, intervalNs: intervalNs)
            if plan.addFinger {
                let last = points()[plan.fingers - 1]
                try writer.add((last.0 + spacing, last.1), to: plan.fingers)
                // libinput cancels once the new count has lasted 100 ms (its gesture switch
                // timeout); the fingers rest meanwhile, so no new swipe starts.
                sleep(seconds: 0.3)
                lastNs = MonotonicClock.nowNs()
                try writer.up(fingers: plan.fingers + 1)
                log.frame("up")
                continue
            }
            sleep(seconds: plan.hold)
            lastNs = MonotonicClock.nowNs()
            try writer.up(fingers: plan.fingers)
            log.frame("up")
        }
        // The kernel stamps the last frame's events after `lastNs`: a reader's time for them is later.
        say("done: last frame at \(lastNs) ns")
        if let stopWhen { try waitForFile(stopWhen, timeout: 120) } else { sleep(seconds: linger) }
    }
}
