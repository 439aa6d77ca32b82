// SPDX-License-Identifier: MIT
import Logging
import TransitionCore
import TransitionInput
import TransitionServer

extension Daemon {
    /// Feeds a recorded trace through the engine in real time: each sample is scheduled on the
    /// loop at its original offset from the first one, with its time shifted to now, so the
    /// animation timers run on the same clock as the samples.
    func startReplay(path: String) throws {
        let samples = try TraceReader.read(contentsOf: path)
        logger.info("replaying \(samples.count) samples from \(path)")
        guard let first = samples.first?.timeUs else { return replayFinished() }
        let shift = MonotonicClock.nowUs() + 20_000
        replayPending = samples.count
        for sample in samples {
            let at = shift &+ (sample.timeUs &- first)
            loop.schedule(atUs: at) { [unowned self] in
                feed(sample.shifted(toUs: at))
                replayPending -= 1
                if replayPending == 0 { replayFinished() }
            }
        }
    }

    private func replayFinished() {
        logger.info("replay finished")
        replayDone = true
        exitIfReplayOver()
    }

    /// With `--exit-after-replay`: stops once the trace is over and nothing animates.
    func exitIfReplayOver() {
        guard options.exitAfterReplay, replayDone, isIdle else { return }
        loop.stop()
    }
}
