// SPDX-License-Identifier: MIT
extension TransitionEngine {
    /// Ends every transition in flight at once, before the machine sleeps (logind's
    /// `PrepareForSleep`), so that nothing stays half-done across the sleep and no animation
    /// resumes after it:
    /// - one a finger (or a pause) holds: `ended` (outcome `cancel`, `reason`, no animation:
    ///   straight to its cancel point), then `completed` (not finished);
    /// - one already animating after its `ended`: `completed` now, at the animation's target.
    ///
    /// Every device's gesture in progress is forgotten (the input layer closes the devices
    /// across the sleep). Returns how many transitions were cancelled (the first kind).
    @discardableResult
    public mutating func endAtOnce(reason: EndReason, nowUs: UInt64, emit: (TransitionEvent) -> Void) -> Int {
        let now = settle(atUs: nowUs, emit: emit)
        var cancelled = 0
        for t in runs.indices {
            guard let run = runs[t] else { continue }
            switch run.phase {
            case .interactive, .paused:
                let value = currentValue(run, now: now)
                let ended = EndedEvent(outcome: .cancel, reason: reason, from: value, to: run.cancelPoint,
                                       velocity: 0, animation: .none(to: run.cancelPoint), pages: endedPages(t, to: run.cancelPoint))
                emit(event(t, run.id, now, .ended(ended)))
                emit(event(t, run.id, now, .completed(CompletedEvent(finished: false, progress: run.cancelPoint))))
                cancelled += 1
            case .animating(let a):
                emit(event(t, run.id, now, .completed(CompletedEvent(finished: a.ended.outcome == .finish, progress: a.ended.to))))
                if let pages = a.ended.pages { runs[t] = nil; rest(t, onPage: pages.page) }
            }
            runs[t] = nil
        }
        // The devices are closed across the sleep and read afresh after it (InputManager): no
        // gesture in progress goes on, whatever its state.
        for s in slots.indices { slots[s].gesture = .none }
        return cancelled
    }
}
