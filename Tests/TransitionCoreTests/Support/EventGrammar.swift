// SPDX-License-Identifier: MIT
import TransitionCore
import TransitionTestSupport

/// Checks a stream of events against the engine's promises; returns the problems found.
///
/// Per gesture id: `began · updated* · ended · ((paused · updated*)? · ended)* · completed`,
/// one transition per id, nothing after `completed`. Across the stream: ids start at 1 and
/// each new id is the next one; times never decrease; every number is finite.
struct EventGrammar {
    enum State { case interactive, animating, paused, done }
    var states: [UInt64: State] = [:]
    var names: [UInt64: String] = [:]
    var maxID: UInt64 = 0
    var lastTime: UInt64 = 0
    var problems: [String] = []

    mutating func check(_ events: [TransitionEvent]) {
        for e in events { check(e) }
    }

    mutating func check(_ e: TransitionEvent) {
        func fail(_ what: String) { problems.append("\(e.transition)#\(e.gesture) \(e.kind): \(what)") }
        if e.timeUs < lastTime { fail("time went back from \(lastTime) to \(e.timeUs)") }
        lastTime = max(lastTime, e.timeUs)
        if let name = names[e.gesture], name != e.transition { fail("id shared with \(name)") }
        names[e.gesture] = e.transition
        let state = states[e.gesture]
        switch e.payload {
        case .began(let b):
            if state != nil { fail("began twice") }
            if e.gesture != maxID + 1 { fail("id \(e.gesture) after \(maxID)") }
            maxID = max(maxID, e.gesture)
            if !b.from.isFinite { fail("from \(b.from)") }
            states[e.gesture] = .interactive
        case .updated(let u):
            if state != .interactive && state != .paused { fail("updated in \(String(describing: state))") }
            if !(u.progress.isFinite && u.rawProgress.isFinite && u.velocity.isFinite) { fail("not finite: \(u)") }
            states[e.gesture] = .interactive
        case .ended(let x):
            if state == nil || state == .done { fail("ended in \(String(describing: state))") }
            if !(x.from.isFinite && x.to.isFinite && x.velocity.isFinite) { fail("not finite: \(x)") }
            let a = x.animation
            if case .none = a {
                if a.to != x.to { fail("animation \(a) does not end at \(x.to)") }
            } else if a.from != x.from || a.to != x.to {
                fail("animation \(a) does not run from \(x.from) to \(x.to)")
            }
            if !a.duration.isFinite { fail("duration \(a.duration)") }
            for k in 0...20 {
                let t = a.duration * Double(k) / 20
                if !a.value(at: t).isFinite || !a.velocity(at: t).isFinite { fail("animation not finite at \(t)") }
            }
            if a.value(at: a.duration) != x.to { fail("animation does not end at \(x.to)") }
            if x.outcome == .finish && x.to != 1 { fail("finish to \(x.to)") }
            states[e.gesture] = .animating
        case .paused(let p):
            if state != .animating { fail("paused in \(String(describing: state))") }
            if !p.progress.isFinite { fail("progress \(p.progress)") }
            states[e.gesture] = .paused
        case .completed(let c):
            if state != .animating { fail("completed in \(String(describing: state))") }
            if !c.progress.isFinite { fail("progress \(c.progress)") }
            states[e.gesture] = .done
        }
    }

    /// Ids that have not completed.
    var open: [UInt64] { states.filter { $0.value != .done }.map(\.key).sorted() }
}
