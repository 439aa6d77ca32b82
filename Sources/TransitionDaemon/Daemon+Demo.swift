// SPDX-License-Identifier: MIT
import Logging
import TransitionCore
import TransitionInput
import TransitionServer

extension Daemon {
    /// The pause between two demo gestures, long enough to see each one end.
    static let demoPauseUs: UInt64 = 1_200_000

    /// `--demo`: plays ``DemoGestures/all`` through the engine in a loop, in real time, as if a
    /// touchpad and a touchscreen sent them (recorded with `--record` like real samples). No
    /// input device is opened. Runs until SIGINT or SIGTERM.
    func startDemo() {
        let gestures = DemoGestures.all
        logger.notice("demo: playing \(gestures.count) built-in gestures in a loop (\(gestures.map(\.name).joined(separator: ", "))); no input devices are opened")
        playDemo(gestures, index: 0, atUs: MonotonicClock.nowUs() + 500_000)
    }

    /// Schedules gesture `index` of `gestures` from `startUs`, and the next one after it.
    private func playDemo(_ gestures: [DemoGesture], index: Int, atUs startUs: UInt64) {
        let gesture = gestures[index]
        loop.schedule(atUs: startUs) { [unowned self] in
            logger.info("demo: \(gesture.name) — \(gesture.summary) (\(gesture.transition))")
        }
        for sample in gesture.samples {
            let at = startUs + sample.timeUs
            loop.schedule(atUs: at) { [unowned self] in feed(sample.shifted(toUs: at)) }
        }
        let next = startUs + gesture.durationUs + Self.demoPauseUs
        // Scheduled once this gesture is over, so the loop never holds more than one gesture.
        loop.schedule(atUs: startUs + gesture.durationUs) { [unowned self] in
            playDemo(gestures, index: (index + 1) % gestures.count, atUs: next)
        }
    }
}
