// SPDX-License-Identifier: MIT
import Logging
import TransitionCore
import TransitionProtocol

/// A completion animation being sampled for `frame` events.
struct RunningAnimation {
    var gesture: UInt64
    var startUs: UInt64
    var sampler: AnimationSampler
}

extension NativeProtocol {
    /// Starts sampling on `ended`, stops on anything else that ends the animation.
    func trackAnimation(_ event: TransitionEvent) {
        switch event.payload {
        case .ended(let ended):
            let sampler = ended.animation.sampler
            if sampler.duration > 0 {
                animations[event.transition] = RunningAnimation(gesture: event.gesture, startUs: event.timeUs, sampler: sampler)
                // The first frame goes out at once, then one per interval: when input arrives
                // late (a loaded machine) the animation may be well under way already, and a
                // frame-driven client should see where it is now, not an interval later.
                let now = MonotonicClock.nowUs()
                for session in sessions.values where wantsFrames(session, of: event.transition) { session.nextFrameUs = now }
                logger.debug("\(event.transition) animates for \(sampler.duration) s from \(event.timeUs) µs (now \(now) µs)")
            } else {
                animations[event.transition] = nil
            }
            rescheduleFrames()
        case .began, .paused, .completed:
            if animations.removeValue(forKey: event.transition) != nil { rescheduleFrames() }
        case .updated:
            break
        }
    }

    /// Clients that get frames of `transition` (those that asked for frames).
    private func wantsFrames(_ session: NativeSession, of transition: String) -> Bool {
        guard session.isLive, !session.isPaused, let s = session.subscription, s.frameRate > 0 else { return false }
        return s.accepts(.frame, of: transition)
    }

    /// Keeps one loop timer at the earliest time a frame is due, and none while nothing animates.
    func rescheduleFrames() {
        var deadline: UInt64?
        if !animations.isEmpty && !core.isStopped {
            let now = MonotonicClock.nowUs()
            for session in sessions.values where animations.keys.contains(where: { wantsFrames(session, of: $0) }) {
                guard let interval = session.frameIntervalUs else { continue }
                if session.nextFrameUs + interval < now { session.nextFrameUs = now + interval }
                deadline = min(deadline ?? .max, session.nextFrameUs)
            }
        }
        guard deadline != frameTimerDeadline else { return }
        if let frameTimer { core.loop.cancelTimer(frameTimer) }
        frameTimer = nil
        frameTimerDeadline = deadline
        guard let deadline else { return }
        logger.trace("next frame at \(deadline) µs")
        frameTimer = core.loop.schedule(atUs: deadline) { [unowned self] in
            frameTimer = nil
            frameTimerDeadline = nil
            sendFrames()
        }
    }

    /// Samples every running animation once and sends it to each client that is due a frame.
    private func sendFrames() {
        let now = MonotonicClock.nowUs()
        let slackUs: UInt64 = 1000 // serve clients due within a millisecond in the same wake-up
        let due = sessions.values.filter { session in
            session.nextFrameUs <= now + slackUs && animations.keys.contains(where: { wantsFrames(session, of: $0) })
        }
        var finished: [String] = []
        for (name, animation) in animations.sorted(by: { $0.key < $1.key }) {
            let receivers = due.filter { wantsFrames($0, of: name) }
            guard !receivers.isEmpty else { continue }
            let t = Double(now &- animation.startUs) / 1e6
            let elapsed = now >= animation.startUs ? t : 0
            encoder.encodeBody(FrameEvent(transition: name, gesture: animation.gesture, timeUs: now,
                                          progress: animation.sampler.value(at: elapsed),
                                          velocity: animation.sampler.velocity(at: elapsed)))
            for session in receivers where session.isLive {
                deliverCoalescable(to: session.connection, transition: name, kind: .frame)
                core.counters.framesSent += 1
            }
            if elapsed >= animation.sampler.duration { finished.append(name) }
        }
        for session in due {
            guard let interval = session.frameIntervalUs else { continue }
            session.nextFrameUs += interval
            if session.nextFrameUs <= now { session.nextFrameUs = now + interval }
        }
        // The last frame is at (or past) the end: nothing more to sample until `completed`.
        for name in finished {
            animations[name] = nil
            logger.debug("\(name): last frame sent")
        }
        rescheduleFrames()
    }
}
