// SPDX-License-Identifier: MIT
// Holds as transitions: touchpad holds (`hold<N>`) and touchscreen long presses (`touchhold<N>`).
//
// Fingers come to rest (``HoldBegin``) at time s. If they caught a running animation, the hold
// is a catch and nothing more: the finger landed to stop what moves, and the caught
// transition is decided when it lifts or moves on, as before holds were transitions. Otherwise,
// once they have rested for the hold delay (``EngineConfiguration/holdDelay``) the bound
// transition begins (`began`, no direction), its progress (t − s)/duration already past 0:
// `updated` at the transition's frame rate while the fingers rest (``nextDeadlineUs`` asks the
// daemon's loop for each), and at s + duration progress 1 and `ended` (finish, reason `held`)
// with the fingers still down. Lifting earlier cancels (reason `release`); a hold whose fingers
// move keeps running until the pan that follows passes its slop and locks, which cancels the
// hold (reason `moved`) before the pan drives what it is bound to, with all its travel. A hold
// transition's own cancel animation is never caught by a later touch.
extension TransitionEngine {
    /// The hold delay in µs.
    var holdDelayUs: UInt64 { microseconds(configuration.holdDelay) }

    /// When the hold on this device next needs the engine's attention, if ever.
    func holdDeadline(_ track: HoldTrack) -> UInt64? {
        switch track.phase {
        case .waiting: track.startUs.addingSaturating(holdDelayUs)
        case .running(_, let tick, let finish): min(tick, finish)
        case .done: nil
        }
    }

    /// Whether the device holds a caught (paused) animation.
    func holdsPaused(_ device: DeviceID) -> Bool {
        runs.indices.contains { t in
            guard let run = runs[t], run.device == device, case .paused = run.phase else { return false }
            return true
        }
    }

    /// Fingers came to rest on slot `i` (or their count changed while resting).
    mutating func trackHold(_ i: Int, _ h: HoldBegin, now: UInt64, emit: (TransitionEvent) -> Void) {
        cancelHold(i, reason: .release, now: now, emit: emit)
        guard h.source.isHold, !holdsPaused(slots[i].device) else { return }
        slots[i].hold = HoldTrack(source: h.source, fingers: h.fingers, startUs: h.timeUs, phase: .waiting)
    }

    /// Begins holds whose delay has passed, sends the running ones' `updated` and finishes them.
    mutating func settleHolds(now: UInt64, emit: (TransitionEvent) -> Void) {
        for s in slots.indices {
            guard let track = slots[s].hold, let due = holdDeadline(track), due <= now else { continue }
            switch track.phase {
            case .waiting:
                beginHold(s, now: now, emit: emit)
            case .running(let t, _, _):
                tickHold(s, t, now: now, emit: emit)
            case .done:
                break
            }
        }
    }

    /// The hold on slot `s` has rested for the delay: its transition begins, if it is bound and idle.
    mutating func beginHold(_ s: Int, now: UInt64, emit: (TransitionEvent) -> Void) {
        guard let track = slots[s].hold else { return }
        guard let binding = configuration.holds.first(where: { $0.source == track.source && $0.fingers == track.fingers }),
              let t = configuration.transitions.firstIndex(where: { $0.name == binding.transition }),
              runs[t] == nil else {
            slots[s].hold?.phase = .done
            return
        }
        let spec = configuration.transitions[t]
        let durationUs = max(microseconds(spec.holdDuration), 1)
        let distance = Double(durationUs)
        let device = slots[s].device
        let drive = Drive(source: track.source, axis: .horizontal, sign: 1, distance: distance, startProgress: 0,
                          thresholds: ReleaseDecision.Thresholds(spec.decision, source: track.source, distance: distance),
                          rubberBand: spec.rubberBand)
        let id = nextGestureID
        nextGestureID += 1
        runs[t] = Run(id: id, cancelPoint: 0, device: device, phase: .interactive(drive))
        let began = BeganEvent(origin: .gesture(source: track.source, fingers: track.fingers, device: device),
                               direction: nil, from: 0, interactive: true)
        emit(event(t, id, now, .began(began)))
        slots[s].hold?.phase = .running(transition: t, nextTickUs: now, finishUs: track.startUs.addingSaturating(durationUs))
        tickHold(s, t, now: now, emit: emit)
    }

    /// Moves the hold's progress to `now`: an `updated`, and at the end of the duration the finish.
    mutating func tickHold(_ s: Int, _ t: Int, now: UInt64, emit: (TransitionEvent) -> Void) {
        guard let track = slots[s].hold, case .running(_, _, let finishUs) = track.phase,
              let run = runs[t], case .interactive(var d) = run.phase else {
            slots[s].hold = nil
            return
        }
        d.travel = Self.heldUs(track, now: now, limit: d.distance)
        runs[t]!.phase = .interactive(d)
        let velocity = 1_000_000 / d.distance
        emit(event(t, run.id, now, .updated(UpdatedEvent(progress: d.shownProgress, rawProgress: d.rawProgress,
                                                          velocity: now >= finishUs ? 0 : velocity))))
        if now >= finishUs {
            startAnimation(t, .finish, .held, from: d.shownProgress, to: 1, velocity: 0, animation: .none(to: 1),
                           now: now, emit: emit)
            slots[s].hold?.phase = .done
        } else {
            let rate = UInt64(max(configuration.transitions[t].frameRate, 1))
            let next = now.addingSaturating(max(1_000_000 / rate, 1))
            slots[s].hold?.phase = .running(transition: t, nextTickUs: next, finishUs: finishUs)
        }
    }

    /// How long the fingers have rested by `now`, µs, at most `limit`.
    static func heldUs(_ track: HoldTrack, now: UInt64, limit: Double) -> Double {
        min(Double(now >= track.startUs ? now - track.startUs : 0), limit)
    }

    /// Forgets the hold on slot `i`; one that drives a transition cancels it (animating back to
    /// 0, not catchable) with `reason`.
    mutating func cancelHold(_ i: Int, reason: EndReason, now: UInt64, emit: (TransitionEvent) -> Void) {
        guard let track = slots[i].hold else { return }
        slots[i].hold = nil
        guard case .running(let t, _, _) = track.phase, let run = runs[t], case .interactive(var d) = run.phase else { return }
        d.travel = Self.heldUs(track, now: now, limit: d.distance)
        let from = d.shownProgress
        let animation = configuration.transitions[t].completion.animation(from: from, to: run.cancelPoint, velocity: 0)
        runs[t]!.device = nil
        startAnimation(t, .cancel, reason, from: from, to: run.cancelPoint, velocity: 0, animation: animation,
                       now: now, emit: emit)
    }

    /// The hold that drives transition `t`, if one does: its slot.
    func holdSlot(driving t: Int) -> Int? {
        slots.indices.first { s in
            if case .running(let running, _, _)? = slots[s].hold?.phase { return running == t }
            return false
        }
    }
}
