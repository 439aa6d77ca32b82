// SPDX-License-Identifier: MIT
import TransitionCore

/// One gesture (one transition's gesture id) of a recorded event stream, in seconds from its
/// `began`: what ``PlotLayout`` draws in one panel.
struct GestureTimeline: Equatable {
    /// A finger sample: an `updated` event.
    struct Sample: Equatable {
        var t: Double, progress: Double, velocity: Double
    }

    /// A decision: an `ended` event, with the stretch of its animation that ran before the next
    /// catch or decision cut it short.
    struct Decision: Equatable {
        var t: Double
        var ended: EndedEvent
        /// Seconds of the animation that played (its duration, or less when caught or redirected).
        var played: Double
        /// (t, progress, velocity) of the completion animation, sampled from its description.
        var curve: [Sample]
    }

    var transition: String
    var gesture: UInt64
    /// "swipe, 3 fingers, left", "trigger" … from `began`, when the stream has it.
    var origin: String?
    var startUs: UInt64
    var samples: [Sample] = []
    var decisions: [Decision] = []
    /// Catches: (t, progress).
    var pauses: [(t: Double, progress: Double)] = []
    var completed: (t: Double, finished: Bool, progress: Double)?

    /// Seconds from `began` to the last thing drawn.
    var endTime: Double {
        var end = samples.last?.t ?? 0
        if let last = decisions.last { end = max(end, last.t + last.played) }
        if let completed { end = max(end, completed.t) }
        return end
    }

    /// Every progress value drawn (finger and animation).
    var progressValues: [Double] {
        samples.map(\.progress) + decisions.flatMap { $0.curve.map(\.progress) } + pauses.map(\.progress)
    }

    /// Every velocity value drawn.
    var velocityValues: [Double] {
        samples.map(\.velocity) + decisions.flatMap { $0.curve.map(\.velocity) }
    }

    static func == (a: GestureTimeline, b: GestureTimeline) -> Bool {
        a.transition == b.transition && a.gesture == b.gesture && a.origin == b.origin && a.startUs == b.startUs
            && a.samples == b.samples && a.decisions == b.decisions
            && a.pauses.elementsEqual(b.pauses, by: { $0 == $1 })
            && a.completed.map { [$0.t, $0.progress] } == b.completed.map { [$0.t, $0.progress] }
            && a.completed?.finished == b.completed?.finished
    }

    /// Groups `events` by transition and gesture id, in order of their first event. Events of a
    /// gesture whose `began` is missing (the stream started late) count from their first event;
    /// a second `began` of the same id starts a new gesture (streams of several daemon runs, one
    /// after the other, each counting ids from 1). `step`: seconds between samples of an
    /// animation curve.
    static func build(from events: [TransitionEvent], step: Double = 0.004) -> [GestureTimeline] {
        var groups: [[TransitionEvent]] = []
        var current: [String: Int] = [:]
        for event in events {
            let key = "\(event.transition)\u{0}\(event.gesture)"
            var isBegan = false
            if case .began = event.payload { isBegan = true }
            if let index = current[key], !(isBegan && groups[index].contains(where: { if case .began = $0.payload { true } else { false } })) {
                groups[index].append(event)
            } else {
                current[key] = groups.count
                groups.append([event])
            }
        }
        return groups.map { timeline($0, step: step) }
    }

    private static func timeline(_ events: [TransitionEvent], step: Double) -> GestureTimeline {
        let first = events[0]
        var g = GestureTimeline(transition: first.transition, gesture: first.gesture, startUs: first.timeUs)
        func seconds(_ us: UInt64) -> Double { Double(Int64(bitPattern: us &- g.startUs)) / 1_000_000 }
        for (i, event) in events.enumerated() {
            let t = seconds(event.timeUs)
            switch event.payload {
            case .began(let b):
                g.origin = describe(b)
            case .updated(let u):
                g.samples.append(Sample(t: t, progress: u.progress, velocity: u.velocity))
            case .ended(let e):
                // The animation plays until the next catch or decision, or to its end.
                let cut = events[(i + 1)...].first { e in
                    switch e.payload { case .paused, .ended, .completed: true; default: false }
                }
                let sampler = e.animation.sampler
                var played = sampler.duration
                if let cut { played = max(0, min(played, seconds(cut.timeUs) - t)) }
                var curve: [Sample] = []
                var s = 0.0
                while true {
                    let at = min(s, played)
                    curve.append(Sample(t: t + at, progress: sampler.value(at: at), velocity: sampler.velocity(at: at)))
                    if at >= played { break }
                    s += step
                }
                g.decisions.append(Decision(t: t, ended: e, played: played, curve: curve))
            case .paused(let p):
                g.pauses.append((t, p.progress))
            case .completed(let c):
                g.completed = (t, c.finished, c.progress)
            }
        }
        return g
    }

    private static func describe(_ began: BeganEvent) -> String {
        switch began.origin {
        case .trigger(let reverse):
            return reverse ? "trigger, reversed" : "trigger"
        case .gesture(.edge, let fingers, _):
            // An edge swipe is named after its edge: moving right, it came in from the left.
            let edge = began.direction.flatMap { ScreenEdges.origin(of: $0).names.first }
            return "edge swipe, \(fingers) finger\(fingers == 1 ? "" : "s")" + (edge.map { ", in from the \($0)" } ?? "")
        case .gesture(let source, let fingers, _) where source.isHold:
            // A hold has no direction: its progress is time held.
            let kind = source == .touchHold ? "long press" : "touchpad hold"
            return "\(kind), \(fingers) finger\(fingers == 1 ? "" : "s"), progress by time held"
        case .gesture(let source, let fingers, _):
            var text = "\(source.rawValue), \(fingers) finger\(fingers == 1 ? "" : "s")"
            if let d = began.direction { text += ", \(d.rawValue)" }
            return text
        }
    }
}
