// SPDX-License-Identifier: MIT
/// The interactive transition engine: gesture samples in, transition events out.
///
/// Pure: it never reads a clock or a file descriptor. Time arrives with every input
/// (`GestureInput.timeUs`) and every call that needs it (`nowUs`), all CLOCK_MONOTONIC µs.
/// Events are handed to `emit` synchronously, in order.
///
/// ## Per transition
///
/// `idle → interactive → animating(finish | cancel) → idle`, plus `paused`. A pan is pending
/// (per device) until it has moved the slop; then its dominant axis and direction pick a
/// binding, and the bound transition goes interactive, if it is idle. On release the
/// ``ReleaseDecision`` picks finish or cancel and the ``CompletionStyle`` describes the
/// animation; ``advance(toUs:emit:)`` completes it once its duration has passed.
///
/// ## Events of one gesture id
///
/// `began · updated* · ended · ((paused · updated*)? · ended)* · completed`
///
/// - A new touch (``GestureBegin`` or ``HoldBegin``) on the device that drove a running
///   animation catches it: `paused` with the frozen value, same gesture id. If the new pan
///   locks onto an axis this transition is bound to (same source and finger count, either
///   direction), it drives it on from the caught value (`updated`…), keeping the original
///   cancel point; when it lifts, a new `ended` follows. If the hold lifts without moving, or
///   the pan goes to another transition or nowhere, the caught transition is decided from the
///   paused value as a release with zero velocity (a new `ended`).
/// - ``cancel(_:reason:nowUs:emit:)`` on an animating transition retargets it: a new `ended`
///   (outcome cancel) with the same id.
/// - A ``trigger(_:reverse:duration:completion:nowUs:emit:)`` on an animating transition
///   supersedes it: the old id gets `ended` (reason ``EndReason/superseded``, no animation,
///   from = to = the current value) and `completed` (finished false), then the trigger's run
///   starts with a new id.
/// - An animation of zero duration (a snap back, a zero-length run) completes at once:
///   `ended` and `completed` come together.
///
/// Gesture ids count from 1 and go up by one for each fresh gesture that locks onto a
/// transition and each trigger run. Pans that never lock, or lock onto nothing, get no id
/// and emit nothing.
///
/// ## Devices
///
/// Devices are independent: several may drive different transitions at once; one device
/// drives at most one gesture at a time. A pan that locks onto a transition that is busy
/// (driven from another device, paused, or animating after another device or a trigger)
/// passes through: only the device that drove an animation can catch it. ``GestureInput/deviceRemoved(device:timeUs:)``
/// cancels (reason ``EndReason/deviceRemoved``) whatever the device drives or holds paused;
/// animations it already released run on.
///
/// ## Bad input (every case is tested)
///
/// - Time going backwards: every input's time is clamped to the latest time seen (events'
///   `timeUs` never decrease, and velocity never sees a negative dt). A huge gap leaves one
///   sample in the velocity window: velocity 0.
/// - NaN or infinite deltas: the sample is dropped.
/// - An update or end without a begin, a hold end without a hold begin: ignored.
/// - A begin while the device's previous gesture is still open: the previous one ends first,
///   as if its fingers had lifted (a hold that turns into a pan is the exception: it carries on).
/// - A single sample: velocity 0, so the position decides.
/// - Absurd movements: raw progress is kept within ±1000, so nothing overflows.
/// - A hold that libinput cancels (turned into another gesture) leaves its catch in place for
///   ``holdHandoffUs``; if no pan begins by then, the paused animations resume.
///
/// ## Allocation
///
/// The update path (`handle(.update)` while pending or driving) allocates nothing: the
/// velocity tracker's ring buffer is allocated once per device, the per-transition and
/// per-device state are arrays of plain structs mutated in place, and events are structs
/// whose only reference is the transition's name (retained, not copied). How this was
/// checked: an optimised build (`-O`) of this module drove 10⁴ and 10⁵ updates of a locked
/// swipe, with another transition animating, under an `LD_PRELOAD` library counting malloc,
/// calloc, realloc, posix_memalign and aligned_alloc, read before and after the loop through
/// its exported counter: 0 allocations both times. The `hotPathAllocationProbe` test
/// (Tests/TransitionCoreTests/Engine/HotPathAllocationTests.swift) repeats this under such a
/// library. (Unoptimised builds allocate accessor coroutine frames; optimisation removes
/// them.) Beginning a gesture, locking, releasing and triggers may allocate (the first
/// gesture of a new device makes its tracker).
public struct TransitionEngine: Sendable {
    /// The configuration in force: the configured transitions, then the declared ones, whose
    /// bindings come first and shadow the configured bindings of their gestures.
    public internal(set) var configuration: EngineConfiguration {
        didSet { names = configuration.transitions.map(\.name) }
    }
    /// Each transition's name, by index (``configuration``'s, kept beside it): every event
    /// carries one, and reading it from the configuration's `Spec` array copied the whole
    /// transition (its bindings, completion and pages) once per event.
    private(set) var names: [String]
    /// The configuration as configured (the file, a reload, user settings), without the declared
    /// transitions.
    public internal(set) var configured: EngineConfiguration
    /// The transitions clients declared, in the order they were first declared.
    public internal(set) var declared: [DeclaredTransition] = []

    /// How long a hold that libinput cancelled keeps its catch while waiting for the pan that
    /// replaced it, µs.
    public static let holdHandoffUs: UInt64 = 100_000

    /// One entry per configured transition, in configuration order.
    var runs: RunTable
    /// For each binding, the index of its transition.
    var bindingTargets: [Int]
    var slots: [DeviceSlot] = []
    var nextGestureID: UInt64 = 1
    /// The latest time seen, µs.
    var clockUs: UInt64 = 0
    /// Whether a touch or a hold on a device catches the completion animations it released
    /// (`paused`, and the next pan takes them over). When `false` it completes them at once
    /// instead (`completed`), and every new gesture is a new transition: Touchégg's model, one
    /// physical gesture per Begin … End (the Touchégg endpoint's engine).
    public var catchesAnimations = true

    /// Validates `configuration` and builds an idle engine.
    public init(configuration: EngineConfiguration) throws(ConfigurationError) {
        try configuration.validate()
        self.configuration = configuration
        self.names = configuration.transitions.map(\.name)
        self.configured = configuration
        self.runs = RunTable(count: configuration.transitions.count)
        self.bindingTargets = Self.targets(of: configuration)
    }

    /// Feeds one input sample.
    public mutating func handle(_ input: GestureInput, emit: (TransitionEvent) -> Void) {
        let now = settle(atUs: input.timeUs, emit: emit)
        switch input {
        case .begin(let b): gestureBegan(b, now: now, emit: emit)
        case .update(let u): gestureUpdated(u, now: now, emit: emit)
        case .end(let e): gestureEnded(e, now: now, emit: emit)
        case .holdBegin(let h): holdBegan(h, now: now, emit: emit)
        case .holdEnd(let h): holdEnded(h, now: now, emit: emit)
        case .deviceRemoved(let device, _): removeDevice(device, now: now, emit: emit)
        case .tap(let tap): tapped(tap, now: now, emit: emit)
        }
    }

    /// Completes animations that have reached their end by `nowUs` (emits `completed`).
    public mutating func advance(toUs nowUs: UInt64, emit: (TransitionEvent) -> Void) {
        _ = settle(atUs: nowUs, emit: emit)
    }

    /// The earliest time `advance` has something to do (an animation's end, a hold hand-off
    /// running out, a hold to begin, a hold's next `updated` or its finish), or `nil` when
    /// nothing is pending.
    public var nextDeadlineUs: UInt64? {
        // Asked after every input sample: the table keeps the animations' ends at hand.
        var next = runs.earliestAnimationEndUs
        for slot in slots {
            if case .handoff(let deadline) = slot.gesture { next = min(next ?? deadline, deadline) }
            if let track = slot.hold, let deadline = holdDeadline(track) { next = min(next ?? deadline, deadline) }
        }
        return next
    }

    /// Runs `name` non-interactively to 1 (or to 0 with `reverse`): from its current value when
    /// it is animating (superseding that animation), else from 0 (from 1 with `reverse`).
    /// `duration` (seconds) and `completion` override the transition's trigger settings
    /// (``TransitionSpec/triggerDuration``, ``TransitionSpec/triggerCompletion``); see
    /// ``CompletionStyle/triggerAnimation(from:to:velocity:duration:)`` for how they apply.
    /// Throws when `name` is unknown, the overrides are invalid, or a finger drives or holds
    /// the transition ("busy").
    public mutating func trigger(_ name: String, reverse: Bool = false, duration: Double? = nil,
                                 completion: CompletionStyle? = nil, nowUs: UInt64,
                                 emit: (TransitionEvent) -> Void) throws(EngineError) {
        let t = try index(of: name)
        if let duration, !(duration.isFinite && duration >= 0) {
            throw EngineError("trigger '\(name)': duration must be a finite number of seconds ≥ 0 (got \(duration))")
        }
        if let completion {
            do { try completion.validate(in: "trigger '\(name)'") } catch { throw EngineError(error.message) }
        }
        let now = settle(atUs: nowUs, emit: emit)     // what is due by now happens first
        if let run = runs[t] {
            switch run.phase {
            case .interactive:
                let who = run.device.map { " on \($0)" } ?? ""
                throw EngineError("transition '\(name)' is busy: a gesture\(who) is driving it")
            case .paused:
                let who = run.device.map { " on \($0)" } ?? ""
                throw EngineError("transition '\(name)' is busy: a touch\(who) has caught it")
            case .animating:
                break
            }
        }
        runTrigger(t, reverse: reverse, duration: duration, completion: completion, now: now, emit: emit)
    }

    /// Cancels `name` (every running transition when `nil`): it animates back to its cancel
    /// point; `ended.reason` is `reason`. A finger driving it is ignored until it lifts.
    /// Idle transitions, and animations already on their way back, are left alone. Returns how
    /// many transitions were cancelled. Throws only for an unknown name.
    @discardableResult
    public mutating func cancel(_ name: String?, reason: EndReason, nowUs: UInt64,
                                emit: (TransitionEvent) -> Void) throws(EngineError) -> Int {
        let only = try name.map { (n) throws(EngineError) in try index(of: n) }
        let now = settle(atUs: nowUs, emit: emit)
        var count = 0
        for t in runs.indices where only == nil || only == t {
            if cancelRun(t, reason: reason, now: now, emit: emit) { count += 1 }
        }
        return count
    }

    /// Replaces the configuration (SIGHUP). Transitions that no longer exist are cancelled with
    /// reason `shutdown` at once (`ended` with no animation, then `completed`); the others keep
    /// running, a finger keeps driving with the binding it locked with. Pending pans lock with
    /// the new bindings. On a validation error nothing changes. Declared transitions stay (one
    /// whose name the new configuration now uses rests until its client withdraws it).
    public mutating func reconfigure(_ configuration: EngineConfiguration, nowUs: UInt64,
                                     emit: (TransitionEvent) -> Void) throws(ConfigurationError) {
        try configuration.validate()
        let composed = Self.compose(configuration, declared)
        try composed.validate()
        configured = configuration
        install(composed, removedBecause: .shutdown, nowUs: nowUs, emit: emit)
    }

    /// Puts `configuration` in force: runs move to their transition's new index by name; those
    /// whose transition is gone end at once with `reason` (`ended` with no animation, then
    /// `completed`).
    mutating func install(_ configuration: EngineConfiguration, removedBecause reason: EndReason, nowUs: UInt64,
                          emit: (TransitionEvent) -> Void) {
        let now = settle(atUs: nowUs, emit: emit)
        var newRuns = [Run?](repeating: nil, count: configuration.transitions.count)
        var moved = [Int?](repeating: nil, count: runs.count)
        for t in runs.indices {
            guard let run = runs[t] else { continue }
            let name = self.configuration.transitions[t].name
            if let n = configuration.transitions.firstIndex(where: { $0.name == name }) {
                newRuns[n] = run
                moved[t] = n
            } else {
                let value = currentValue(run, now: now)
                let ended = EndedEvent(outcome: .cancel, reason: reason, from: value, to: run.cancelPoint,
                                       velocity: 0, animation: .none(to: run.cancelPoint),
                                       pages: endedPages(t, to: run.cancelPoint))
                emit(event(t, run.id, now, .ended(ended)))
                emit(event(t, run.id, now, .completed(CompletedEvent(finished: false, progress: run.cancelPoint))))
            }
        }
        for s in slots.indices {
            if case .driving(let t) = slots[s].gesture {
                slots[s].gesture = moved[t].map { .driving($0) } ?? .ignored
            }
            if case .running(let t, let tick, let finish)? = slots[s].hold?.phase {
                slots[s].hold?.phase = moved[t].map { .running(transition: $0, nextTickUs: tick, finishUs: finish) } ?? .done
            }
        }
        self.configuration = configuration
        self.runs = RunTable(newRuns)
        self.bindingTargets = Self.targets(of: configuration)
    }

    /// Every configured transition's state at `nowUs`, in configuration order. An idle
    /// transition is at progress 0.
    public func states(atUs nowUs: UInt64) -> [TransitionState] {
        let now = max(nowUs, clockUs)
        return configuration.transitions.indices.map { t in
            let name = configuration.transitions[t].name
            guard let run = runs[t] else {
                let resting = Double(configuration.transitions[t].pages?.current ?? 0)
                return TransitionState(name: name, phase: .idle, gesture: nil, progress: resting, velocity: 0)
            }
            switch run.phase {
            case .interactive(let d):
                return TransitionState(name: name, phase: .interactive, gesture: run.id,
                                       progress: d.shownProgress, velocity: driverVelocity(run))
            case .paused(let value):
                return TransitionState(name: name, phase: .paused, gesture: run.id, progress: value, velocity: 0)
            case .animating(let a):
                return TransitionState(name: name, phase: .animating, gesture: run.id,
                                       progress: a.value(atUs: now), velocity: a.velocity(atUs: now),
                                       ended: a.ended, endedAtUs: a.startUs)
            }
        }
    }
}
