// SPDX-License-Identifier: MIT
public import TransitionCore
public import TransitionProtocol

/// Turns the daemon's messages into ``Intent``s: which commands to run, which lines to feed to
/// `progress` commands, when to close their input. Pure: no descriptors, no clock.
///
/// Each gesture id is followed from its `began` to its `completed` with the actions file that
/// was current at its `began` (a reload applies from the next gesture on). Events of a gesture
/// whose `began` the runner did not see (it connected mid-gesture) are ignored.
public struct ActionPlanner: Sendable {
    /// The actions new gestures use.
    public private(set) var file: ActionsFile
    /// The focus as the runner last heard it: actions with `app`, `apps` or `not_apps` are
    /// matched against it when a gesture begins (and keep to that choice until it completes).
    public var focus: AppFocus = .unknown
    private var runs: [UInt64: GestureRun] = [:]
    private var generation: UInt64 = 1

    /// One gesture in flight.
    private struct GestureRun: Sendable {
        var facts: GestureFacts
        var file: ActionsFile
        /// Indices of the actions that apply, in file order.
        var matching: [Int]
        /// The unbounded progress the fingers were last at; nil while no finger drives it.
        var touch: Double?
        /// Threshold actions that fired.
        var fired: Set<Int> = []
        /// The outcome whose finish/cancel actions ran last.
        var decided: Outcome?
        /// `progress` actions with an open stream.
        var streams: [Int] = []
    }

    /// A planner running `file`'s actions.
    public init(file: ActionsFile) { self.file = file }

    /// Gestures followed right now.
    public var gesturesInFlight: Int { runs.count }

    /// New actions for gestures that begin from now on.
    public mutating func replace(_ file: ActionsFile) { self.file = file }

    /// The connection is gone: every open stream is closed, every gesture forgotten (the next
    /// connection's gesture ids start again).
    public mutating func reset() -> [Intent] {
        var intents: [Intent] = []
        for gesture in runs.keys.sorted() {
            for action in runs[gesture]!.streams {
                intents.append(.close(StreamID(generation: generation, gesture: gesture, action: action)))
            }
        }
        runs = [:]
        generation += 1
        return intents
    }

    /// What to do for one message.
    public mutating func apply(_ message: ServerMessage) -> [Intent] {
        switch message {
        case .transition(let event): return apply(event)
        case .frame(let frame): return apply(frame)
        default: return []
        }
    }

    /// What to do for one transition event.
    public mutating func apply(_ event: TransitionEvent) -> [Intent] {
        if case .began(let began) = event.payload {
            var intents: [Intent] = []
            if runs[event.gesture] != nil { intents += finish(gesture: event.gesture, final: nil) }
            return intents + begin(event, began)
        }
        guard var run = runs[event.gesture], run.facts.transition == event.transition else { return [] }
        var intents: [Intent] = []
        switch event.payload {
        case .began:
            break
        case .updated(let updated):
            let old = run.touch ?? updated.rawProgress
            run.facts.progress = updated.progress
            run.facts.rawProgress = updated.rawProgress
            run.facts.velocity = updated.velocity
            run.touch = updated.rawProgress
            for index in run.matching {
                let action = run.file.actions[index]
                switch action.event {
                case .step:
                    guard let size = action.step else { continue }
                    let crossed = StepLevel.crossings(from: old, to: updated.rawProgress, step: size)
                    var level = StepLevel.level(of: old, step: size)
                    let unit = crossed > 0 ? 1 : -1
                    for _ in 0..<abs(crossed) {
                        level += unit
                        intents.append(start(run, index, step: unit, level: level))
                    }
                case .threshold:
                    guard let threshold = action.threshold, !run.fired.contains(index),
                          ThresholdRule.crosses(threshold, from: old, to: updated.rawProgress) else { continue }
                    run.fired.insert(index)
                    intents.append(start(run, index))
                case .progress where run.streams.contains(index):
                    intents.append(write(run, index, phase: "interactive", coalescable: true))
                default:
                    continue
                }
            }
        case .ended(let ended):
            run.touch = nil
            run.facts.progress = ended.from
            run.facts.rawProgress = ended.from
            run.facts.velocity = ended.velocity
            run.facts.outcome = ended.outcome
            run.facts.reason = ended.reason
            let decide = run.decided != ended.outcome
            run.decided = ended.outcome
            let wanted: ActionEvent = ended.outcome == .finish ? .finish : .cancel
            for index in run.matching {
                let action = run.file.actions[index]
                if action.event == wanted && decide { intents.append(start(run, index)) }
                if action.event == .progress && run.streams.contains(index) {
                    intents.append(write(run, index, phase: ended.outcome.rawValue, coalescable: false))
                }
            }
        case .paused(let paused):
            run.touch = paused.progress
            run.facts.progress = paused.progress
            run.facts.rawProgress = paused.progress
            run.facts.velocity = 0
            for index in run.streams { intents.append(write(run, index, phase: "paused", coalescable: false)) }
        case .completed(let completed):
            runs[event.gesture] = run
            return finish(gesture: event.gesture, final: completed)
        }
        runs[event.gesture] = run
        return intents
    }

    /// A server-driven sample of a completion animation, for `progress` commands.
    public mutating func apply(_ frame: FrameEvent) -> [Intent] {
        guard var run = runs[frame.gesture], run.facts.transition == frame.transition, !run.streams.isEmpty,
              run.touch == nil else { return [] }
        run.facts.progress = frame.progress
        run.facts.rawProgress = frame.progress
        run.facts.velocity = frame.velocity
        runs[frame.gesture] = run
        let phase = run.facts.outcome?.rawValue ?? "animating"
        return run.streams.map { write(run, $0, phase: phase, coalescable: true) }
    }

    private mutating func begin(_ event: TransitionEvent, _ began: BeganEvent) -> [Intent] {
        let facts = GestureFacts(transition: event.transition, gesture: event.gesture, began: began)
        var run = GestureRun(facts: facts, file: file, matching: file.actions.indices.filter {
            file.actions[$0].applies(to: event.transition, source: facts.source, focus: focus)
        })
        run.touch = began.interactive ? began.from : nil
        guard !run.matching.isEmpty else { return [] }
        var intents: [Intent] = []
        for index in run.matching {
            switch run.file.actions[index].event {
            case .began:
                intents.append(start(run, index))
            case .progress:
                run.streams.append(index)
                intents.append(.open(stream(run, index), invocation(run, index)))
                intents.append(write(run, index, phase: "began", coalescable: false))
            default:
                continue
            }
        }
        runs[event.gesture] = run
        return intents
    }

    /// Ends a gesture: `completed` actions run, streams get their last line and are closed.
    /// `final` is nil when a gesture is dropped without its `completed`.
    private mutating func finish(gesture: UInt64, final: CompletedEvent?) -> [Intent] {
        guard var run = runs.removeValue(forKey: gesture) else { return [] }
        var intents: [Intent] = []
        if let final {
            run.facts.progress = final.progress
            run.facts.rawProgress = final.progress
            run.facts.velocity = 0
            run.facts.outcome = final.finished ? .finish : .cancel
        }
        for index in run.matching {
            let action = run.file.actions[index]
            if action.event == .completed, final != nil { intents.append(start(run, index)) }
            if action.event == .progress, run.streams.contains(index) {
                if let final {
                    intents.append(write(run, index, phase: final.finished ? "finished" : "cancelled", coalescable: false))
                }
                intents.append(.close(stream(run, index)))
            }
        }
        return intents
    }

    private func stream(_ run: GestureRun, _ index: Int) -> StreamID {
        StreamID(generation: generation, gesture: run.facts.gesture, action: index)
    }

    private func write(_ run: GestureRun, _ index: Int, phase: String, coalescable: Bool) -> Intent {
        let line = ProgressLine.text(progress: run.facts.progress, velocity: run.facts.velocity, phase: phase)
        return .write(stream(run, index), line, coalescable: coalescable)
    }

    /// Runs action `index`: its command queued, or its keys pressed.
    private func start(_ run: GestureRun, _ index: Int, step: Int? = nil, level: Int? = nil) -> Intent {
        let made = invocation(run, index, step: step, level: level)
        if case .keys(let keys) = made.command { return .press(keys, label: made.label) }
        return .run(made)
    }

    private func invocation(_ run: GestureRun, _ index: Int, step: Int? = nil, level: Int? = nil) -> Invocation {
        let action = run.file.actions[index]
        let environment = run.facts.environment(event: action.event, step: step, level: level).map { "\($0.0)=\($0.1)" }
        return Invocation(command: action.command, environment: environment, timeout: action.timeout ?? run.file.timeout,
                          lane: run.facts.transition,
                          label: "\(run.file.location(of: index)) (\(run.facts.transition) \(action.event.rawValue))")
    }
}
