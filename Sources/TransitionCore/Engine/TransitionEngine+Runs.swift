// SPDX-License-Identifier: MIT
// Animations, triggers, cancels and the clock.
extension TransitionEngine {
    static func targets(of configuration: EngineConfiguration) -> [Int] {
        configuration.bindings.map { b in configuration.transitions.firstIndex { $0.name == b.transition } ?? 0 }
    }

    func index(of name: String) throws(EngineError) -> Int {
        guard let t = configuration.transitions.firstIndex(where: { $0.name == name }) else {
            throw EngineError("unknown transition '\(name)'")
        }
        return t
    }

    func event(_ t: Int, _ id: UInt64, _ timeUs: UInt64, _ payload: TransitionEvent.Payload) -> TransitionEvent {
        TransitionEvent(transition: names[t], gesture: id, timeUs: timeUs, payload: payload)
    }

    /// Moves the clock to `timeUs` (never backwards) and does what is due by then: animations
    /// that reached their end complete (in order of their end, each at its end time or the
    /// previous clock, whichever is later, so event times never decrease), hold hand-offs
    /// that ran out resume their paused animations, and holds begin, move on and finish
    /// (`TransitionEngine+Holds`). Returns the clamped time.
    mutating func settle(atUs timeUs: UInt64, emit: (TransitionEvent) -> Void) -> UInt64 {
        let previous = clockUs
        if timeUs > clockUs { clockUs = timeUs }
        let now = clockUs
        guard let next = nextDeadlineUs, next <= now else { return now }
        while true {
            var due: Int?
            var dueUs = UInt64.max
            for t in runs.indices {
                if let end = runs.animationEnds[t], end <= now, due == nil || end < dueUs {
                    due = t
                    dueUs = end
                }
            }
            guard let t = due, let run = runs[t], case .animating(let a) = run.phase else { break }
            let done = CompletedEvent(finished: a.ended.outcome == .finish, progress: a.ended.to)
            emit(event(t, run.id, max(a.endUs, previous), .completed(done)))
            runs[t] = nil
            if let pages = a.ended.pages { rest(t, onPage: pages.page) }
        }
        for s in slots.indices {
            if case .handoff(let deadline) = slots[s].gesture, deadline <= now {
                slots[s].gesture = .none
                cancelHold(s, reason: .moved, now: now, emit: emit)
                resolvePaused(of: slots[s].device, except: nil, cancel: nil, now: now, emit: emit)
            }
        }
        settleHolds(now: now, emit: emit)
        return now
    }

    /// Emits `ended` and starts the animation; one that takes no time completes at once.
    mutating func startAnimation(_ t: Int, _ outcome: Outcome, _ reason: EndReason, from: Double, to: Double,
                                 velocity: Double, animation: AnimationDescription, now: UInt64,
                                 emit: (TransitionEvent) -> Void) {
        guard let id = runs[t]?.id else { return }
        let pages = endedPages(t, to: to)
        let ended = EndedEvent(outcome: outcome, reason: reason, from: from, to: to,
                               velocity: velocity.isFinite ? velocity : 0, animation: animation, pages: pages)
        emit(event(t, id, now, .ended(ended)))
        let running = RunningAnimation(ended: ended, startUs: now)
        if running.endUs <= now {
            emit(event(t, id, now, .completed(CompletedEvent(finished: outcome == .finish, progress: to))))
            runs[t] = nil
            if let pages { rest(t, onPage: pages.page) }
        } else {
            runs[t]!.phase = .animating(running)
        }
    }

    /// Sends `t` back to its cancel point (see ``cancel(_:reason:nowUs:emit:)``). Returns
    /// whether anything changed.
    mutating func cancelRun(_ t: Int, reason: EndReason, now: UInt64, emit: (TransitionEvent) -> Void) -> Bool {
        guard let run = runs[t] else { return false }
        let from: Double, v: Double
        switch run.phase {
        case .interactive(let d):
            from = d.shownProgress
            v = driverVelocity(run)
            if let s = holdSlot(driving: t) {
                slots[s].hold = nil             // the fingers rest on, driving nothing
                runs[t]!.device = nil           // and a hold's cancel animation is never caught
            } else if let device = run.device, let s = existingSlot(device) {
                slots[s].gesture = .ignored
            }
        case .paused(let value):
            from = value
            v = 0
        case .animating(let a):
            if a.ended.outcome == .cancel && a.ended.to == run.cancelPoint { return false }
            from = a.value(atUs: now)
            v = a.velocity(atUs: now)
        }
        let animation = configuration.transitions[t].completion.animation(from: from, to: run.cancelPoint, velocity: v)
        startAnimation(t, .cancel, reason, from: from, to: run.cancelPoint, velocity: v, animation: animation,
                       now: now, emit: emit)
        return true
    }

    /// A non-interactive run (checked by ``trigger(_:reverse:duration:completion:nowUs:emit:)``).
    mutating func runTrigger(_ t: Int, reverse: Bool, duration: Double?, completion: CompletionStyle?, now: UInt64,
                             emit: (TransitionEvent) -> Void) {
        let spec = configuration.transitions[t]
        // A paged transition runs one page forward (back with `reverse`) from the page it rests on.
        let resting = spec.pages.map { Double($0.current) }
        let cancelPoint = resting ?? 0
        let to = spec.pages.map { Double($0.clamped($0.current + (reverse ? -1 : 1))) } ?? (reverse ? 0.0 : 1.0)
        var from = resting ?? (reverse ? 1.0 : 0.0)
        var v = 0.0
        if let run = runs[t], case .animating(let a) = run.phase {
            from = a.value(atUs: now)
            v = a.velocity(atUs: now)
            let ended = EndedEvent(outcome: .cancel, reason: .superseded, from: from, to: from, velocity: v,
                                   animation: .none(to: from))
            emit(event(t, run.id, now, .ended(ended)))
            emit(event(t, run.id, now, .completed(CompletedEvent(finished: false, progress: from))))
        }
        let id = nextGestureID
        nextGestureID += 1
        runs[t] = Run(id: id, cancelPoint: cancelPoint, device: nil, phase: .paused(value: from))
        emit(event(t, id, now, .began(BeganEvent(origin: .trigger(reverse: reverse), direction: nil, from: from,
                                                  interactive: false))))
        var style = completion ?? spec.triggerStyle
        // A duration asked for is honoured by a spring too: its stiffness follows from it.
        if let duration, case .spring(let parameters) = style {
            style = duration > 0 ? .spring(parameters.settling(in: duration)) : .curve(.linear, .uikit(duration: 0, completionSpeed: 1))
        }
        let animation = style.triggerAnimation(from: from, to: to, velocity: v, duration: duration ?? spec.triggerDuration)
        let outcome: Outcome = resting.map { to == $0 ? .cancel : .finish } ?? (reverse ? .cancel : .finish)
        startAnimation(t, outcome, .trigger, from: from, to: to, velocity: v,
                       animation: animation, now: now, emit: emit)
    }

    /// The value `run` shows at `now`.
    func currentValue(_ run: Run, now: UInt64) -> Double {
        switch run.phase {
        case .interactive(let d): d.shownProgress
        case .paused(let value): value
        case .animating(let a): a.value(atUs: now)
        }
    }
}
