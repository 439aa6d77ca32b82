// SPDX-License-Identifier: MIT
// Gesture input: begin, pending, lock, drive, release, hold, catch, device removal.
extension TransitionEngine {
    func existingSlot(_ device: DeviceID) -> Int? {
        slots.firstIndex { $0.device == device }
    }

    mutating func slot(_ device: DeviceID) -> Int {
        if let i = existingSlot(device) { return i }
        slots.append(DeviceSlot(device: device))
        return slots.count - 1
    }

    mutating func gestureBegan(_ b: GestureBegin, now: UInt64, emit: (TransitionEvent) -> Void) {
        let i = slot(b.device)
        switch slots[i].gesture {
        case .none, .holding, .handoff: break      // a hold turning into a pan keeps its catch
        case .pending, .ignored, .driving: closeGesture(i, cancel: nil, timeUs: b.timeUs, now: now, emit: emit)
        }
        catchAnimations(of: b.device, now: now, emit: emit)
        slots[i].gesture = .pending(PendingPan(source: b.source, fingers: b.fingers, extent: b.extent, edges: b.edges))
        slots[i].tracker.reset()
    }

    mutating func gestureUpdated(_ u: GestureUpdate, now: UInt64, emit: (TransitionEvent) -> Void) {
        guard u.dx.isFinite, u.dy.isFinite, let i = existingSlot(u.device) else { return }
        switch slots[i].gesture {
        case .pending(var pan):
            pan.dx += u.dx
            pan.dy += u.dy
            if pan.isPinch {
                let axis = pan.pinchLock(scaleSlop: configuration.pinchSlop, angleSlop: configuration.rotationSlop,
                                         rotates: rotationCompetes(pan))
                switch axis {
                case .rotation?:
                    pan.source = pan.source.rotationSource ?? pan.source
                    lock(slot: i, pan, sample: u, now: now, emit: emit)
                case .some:
                    lock(slot: i, pan, sample: u, now: now, emit: emit)
                case nil:
                    slots[i].gesture = .pending(pan)
                }
                return
            }
            let moved = pan.distanceMoved
            if moved > 0 && moved >= configuration.slop(for: pan.source) {
                lock(slot: i, pan, sample: u, now: now, emit: emit)
            } else {
                slots[i].gesture = .pending(pan)
            }
        case .driving(let t):
            drive(t, slot: i, dx: u.dx, dy: u.dy, timeUs: u.timeUs, now: now, emit: emit)
        case .none, .holding, .handoff, .ignored:
            return
        }
    }

    mutating func gestureEnded(_ e: GestureEnd, now: UInt64, emit: (TransitionEvent) -> Void) {
        guard let i = existingSlot(e.device) else { return }
        if case .none = slots[i].gesture { return }
        closeGesture(i, cancel: e.cancel, timeUs: e.timeUs, now: now, emit: emit)
    }

    mutating func holdBegan(_ h: HoldBegin, now: UInt64, emit: (TransitionEvent) -> Void) {
        let i = slot(h.device)
        switch slots[i].gesture {
        case .none, .holding, .handoff: break
        case .pending, .ignored, .driving: closeGesture(i, cancel: nil, timeUs: h.timeUs, now: now, emit: emit)
        }
        catchAnimations(of: h.device, now: now, emit: emit)
        slots[i].gesture = .holding
        trackHold(i, h, now: now, emit: emit)
    }

    mutating func holdEnded(_ h: HoldEnd, now: UInt64, emit: (TransitionEvent) -> Void) {
        guard let i = existingSlot(h.device), case .holding = slots[i].gesture else { return }
        if h.cancelled {
            // Moving: a hold that has not begun never will; one that runs waits for the pan's lock.
            if case .waiting? = slots[i].hold?.phase { slots[i].hold = nil }
            slots[i].gesture = .handoff(deadlineUs: now.addingSaturating(Self.holdHandoffUs))
        } else {
            cancelHold(i, reason: .release, now: now, emit: emit)
            slots[i].gesture = .none
            resolvePaused(of: h.device, except: nil, cancel: nil, now: now, emit: emit)
        }
    }

    mutating func removeDevice(_ device: DeviceID, now: UInt64, emit: (TransitionEvent) -> Void) {
        for t in runs.indices where runs[t]?.device == device {
            switch runs[t]!.phase {
            case .interactive, .paused: _ = cancelRun(t, reason: .deviceRemoved, now: now, emit: emit)
            case .animating: break
            }
            runs[t]?.device = nil       // nothing can catch it from this device any more
        }
        if let i = existingSlot(device) { slots.remove(at: i) }
    }

    /// Ends whatever the device's fingers were doing: releases a driven transition, decides
    /// the paused ones.
    mutating func closeGesture(_ i: Int, cancel: InputCancelCause?, timeUs: UInt64, now: UInt64,
                               emit: (TransitionEvent) -> Void) {
        let device = slots[i].device
        if case .driving(let t) = slots[i].gesture {
            release(t, slot: i, cancel: cancel, timeUs: timeUs, now: now, emit: emit)
        }
        cancelHold(i, reason: cancel.map { $0 == .touch ? .touchCancel : .libinputCancel } ?? .release, now: now, emit: emit)
        slots[i].gesture = .none
        resolvePaused(of: device, except: nil, cancel: cancel, now: now, emit: emit)
    }

    /// Freezes every animation the device released: `paused` (or, without
    /// ``catchesAnimations``, completes it at once).
    mutating func catchAnimations(of device: DeviceID, now: UInt64, emit: (TransitionEvent) -> Void) {
        for t in runs.indices {
            guard let run = runs[t], run.device == device, case .animating(let a) = run.phase else { continue }
            guard catchesAnimations else {
                emit(event(t, run.id, now, .completed(CompletedEvent(finished: a.ended.outcome == .finish, progress: a.ended.to))))
                runs[t] = nil
                continue
            }
            let value = a.value(atUs: now)
            runs[t]!.phase = .paused(value: value)
            emit(event(t, run.id, now, .paused(PausedEvent(progress: value))))
        }
    }

    /// Decides every transition the device holds paused (but `except`) like a release with
    /// zero velocity at the paused value; cancelled input cancels them.
    mutating func resolvePaused(of device: DeviceID, except: Int?, cancel: InputCancelCause?, now: UInt64,
                                emit: (TransitionEvent) -> Void) {
        for t in runs.indices where t != except {
            guard let run = runs[t], run.device == device, case .paused(let value) = run.phase else { continue }
            let spec = configuration.transitions[t]
            let to: Double, outcome: Outcome, reason: EndReason
            if let pages = spec.pages {
                let page = cancel == nil ? pages.nearest(to: value) : Int(run.cancelPoint)
                to = Double(page)
                outcome = to == run.cancelPoint ? .cancel : .finish
                reason = cancel.map { $0 == .touch ? .touchCancel : .libinputCancel } ?? .release
            } else {
                let decision = ReleaseDecision.decide(
                    progress: value, startProgress: value, cancelPoint: run.cancelPoint, travel: 0, velocity: 0,
                    cancelled: cancel,
                    policy: .init(finish: spec.decision.finishThreshold, velocity: .infinity, projectionTime: 0, snapTravel: 0))
                to = decision.outcome == .finish ? 1 : run.cancelPoint
                outcome = decision.outcome
                reason = decision.reason
            }
            startAnimation(t, outcome, reason, from: value, to: to, velocity: 0,
                           animation: spec.completion.animation(from: value, to: to, velocity: 0), now: now, emit: emit)
        }
    }

    /// The pan moved past the slop: pick the transition and start driving it.
    mutating func lock(slot i: Int, _ pan: PendingPan, sample u: GestureUpdate, now: UInt64,
                       emit: (TransitionEvent) -> Void) {
        let device = slots[i].device
        cancelHold(i, reason: .moved, now: now, emit: emit)
        let direction = pan.lockedDirection
        var pan = pan
        pan.source = lockedSource(pan, direction: direction)
        let caught = caughtBinding(device: device, pan: pan, direction: direction)
        resolvePaused(of: device, except: caught?.transition, cancel: nil, now: now, emit: emit)
        let target: (transition: Int, binding: Binding)
        if let caught {
            target = caught
        } else {
            guard let k = bindingIndex(source: pan.source, fingers: pan.fingers, direction: direction),
                  runs[bindingTargets[k]] == nil else {
                slots[i].gesture = .ignored
                return
            }
            target = (bindingTargets[k], configuration.bindings[k])
        }
        let t = target.transition, b = target.binding
        let spec = configuration.transitions[t]
        let distance = (b.distance ?? spec.distance)?.inNativeUnits(of: pan.source, axis: b.direction.axis, extent: pan.extent)
            ?? SourceDefaults.distance(for: pan.source, axis: b.direction.axis, extent: pan.extent)
        // A paged transition: the declared direction moves forward, its reverse (`backward`) back.
        let forward = b.backward ? b.direction.opposite : b.direction
        let resting = Double(spec.pages?.current ?? 0)
        var driven = Drive(source: pan.source, axis: b.direction.axis, sign: forward.sign, distance: distance,
                          startProgress: resting,
                          thresholds: ReleaseDecision.Thresholds(spec.decision, source: pan.source, distance: distance),
                          rubberBand: spec.rubberBand, upper: spec.pages?.last ?? 1)
        if caught != nil, case .paused(let value)? = runs[t]?.phase {
            driven.startProgress = value
            runs[t]!.phase = .interactive(driven)
        } else {
            let id = nextGestureID
            nextGestureID += 1
            runs[t] = Run(id: id, cancelPoint: resting, device: device, phase: .interactive(driven))
            let began = BeganEvent(origin: .gesture(source: pan.source, fingers: pan.fingers, device: device),
                                   direction: forward, from: resting, interactive: true)
            emit(event(t, id, now, .began(began)))
        }
        slots[i].gesture = .driving(t)
        slots[i].tracker.reset()
        drive(t, slot: i, dx: u.dx, dy: u.dy, timeUs: u.timeUs, now: now, emit: emit)
    }

    /// The source a pan locks as: an ``GestureSource/edge`` swipe when a touchscreen pan started
    /// in the zone of the edge it moves away from and an edge binding has its finger count and
    /// direction; otherwise its own source (a pan along the edge, or from the middle, stays a
    /// `touch` pan).
    func lockedSource(_ pan: PendingPan, direction: Direction) -> GestureSource {
        let origin = ScreenEdges.origin(of: direction)
        guard pan.source == .touch, !origin.isEmpty, pan.edges.contains(origin),
              bindingIndex(source: .edge, fingers: pan.fingers, direction: direction) != nil else { return pan.source }
        return .edge
    }

    /// Whether a pinch's angle competes with its scale for the lock: only when a rotation
    /// binding (`rotate`/`touchrotate`) has the pinch's finger count, so that a configuration
    /// without one pinches exactly as before, however much the fingers turn.
    func rotationCompetes(_ pan: PendingPan) -> Bool {
        guard let rotation = pan.source.rotationSource else { return false }
        return configuration.bindings.contains { $0.source == rotation && $0.fingers == pan.fingers }
    }

    /// A binding of a transition this device holds paused, on the pan's source, finger count
    /// and axis; the one in the pan's direction if there is one. A touchscreen pan catches an
    /// edge swipe's transition wherever it starts.
    func caughtBinding(device: DeviceID, pan: PendingPan, direction: Direction) -> (transition: Int, binding: Binding)? {
        var fallback: (transition: Int, binding: Binding)?
        for k in configuration.bindings.indices {
            let b = configuration.bindings[k]
            let sameSource = b.source == pan.source || (b.source == .edge && pan.source == .touch)
            guard sameSource, b.fingers == pan.fingers, b.direction.axis == direction.axis else { continue }
            let t = bindingTargets[k]
            guard let run = runs[t], run.device == device, case .paused = run.phase else { continue }
            if b.direction == direction { return (t, b) }
            if fallback == nil { fallback = (t, b) }
        }
        return fallback
    }

    /// A tap: runs the transition bound to its finger count (`tap<N>` on a touchscreen,
    /// `padtap<N>` on a touchpad), as a trigger does, unless a finger drives or holds that
    /// transition.
    mutating func tapped(_ tap: TapInput, now: UInt64, emit: (TransitionEvent) -> Void) {
        guard let binding = configuration.taps.first(where: { $0.fingers == tap.fingers && $0.touchpad == tap.touchpad }),
              let t = configuration.transitions.firstIndex(where: { $0.name == binding.transition }) else { return }
        if let run = runs[t] {
            switch run.phase {
            case .interactive, .paused: return
            case .animating: break
            }
        }
        runTrigger(t, reverse: false, duration: nil, completion: nil, now: now, emit: emit)
    }

    func bindingIndex(source: GestureSource, fingers: Int, direction: Direction) -> Int? {
        configuration.bindings.firstIndex { $0.source == source && $0.fingers == fingers && $0.direction == direction }
    }

    /// One sample of a driven pan: the hot path. Allocates nothing.
    mutating func drive(_ t: Int, slot i: Int, dx: Double, dy: Double, timeUs: UInt64, now: UInt64,
                        emit: (TransitionEvent) -> Void) {
        guard let step = runs.drive(t, by: { d in d.move(by: d.axis.component(dx: dx, dy: dy)) }) else { return }
        let velocity = slots[i].tracker.push(timeUs: timeUs, delta: step.delta)
        let updated = UpdatedEvent(progress: step.drive.shownProgress, rawProgress: step.drive.rawProgress,
                                   velocity: velocity)
        emit(event(t, step.id, now, .updated(updated)))
    }

    /// The fingers lifted (or the input was cancelled): decide and animate.
    mutating func release(_ t: Int, slot i: Int, cancel: InputCancelCause?, timeUs: UInt64, now: UInt64,
                          emit: (TransitionEvent) -> Void) {
        guard let run = runs[t], case .interactive(let d) = run.phase else { return }
        let v = slots[i].tracker.push(timeUs: timeUs, delta: 0)
        if let pages = configuration.transitions[t].pages {
            releasePaged(t, d, pages: pages, cancelPoint: run.cancelPoint, velocity: v, cancel: cancel, now: now, emit: emit)
            return
        }
        let decision = ReleaseDecision.decide(
            progress: d.rawProgress, startProgress: d.startProgress, cancelPoint: run.cancelPoint,
            travel: d.travel, velocity: v, cancelled: cancel, policy: d.thresholds)
        let from = d.shownProgress
        let to = decision.outcome == .finish ? 1 : run.cancelPoint
        let animation: AnimationDescription = decision.snap
            ? .none(to: to)
            : configuration.transitions[t].completion.animation(from: from, to: to, velocity: v)
        startAnimation(t, decision.outcome, decision.reason, from: from, to: to, velocity: v,
                       animation: animation, now: now, emit: emit)
    }

    /// A paged transition's release: ``PageDecision`` picks the page; finish when it is not the
    /// page the gesture began on.
    mutating func releasePaged(_ t: Int, _ d: Drive, pages: Pages, cancelPoint: Double, velocity v: Double,
                               cancel: InputCancelCause?, now: UInt64, emit: (TransitionEvent) -> Void) {
        let decision = PageDecision.decide(
            position: d.rawProgress, velocity: v, startPosition: d.startProgress, beganOn: Int(cancelPoint),
            travel: d.travel, cancelled: cancel, pages: pages, policy: d.thresholds)
        let from = d.shownProgress
        let to = Double(decision.page)
        let animation: AnimationDescription = decision.snap
            ? .none(to: to)
            : configuration.transitions[t].completion.animation(from: from, to: to, velocity: v)
        startAnimation(t, to == cancelPoint ? .cancel : .finish, decision.reason, from: from, to: to, velocity: v,
                       animation: animation, now: now, emit: emit)
    }

    /// The velocity of the finger driving `run`, 0 when none.
    func driverVelocity(_ run: Run) -> Double {
        guard let device = run.device, let s = existingSlot(device) else { return 0 }
        return slots[s].tracker.velocity
    }
}
