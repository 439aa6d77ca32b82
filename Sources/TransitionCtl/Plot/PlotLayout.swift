// SPDX-License-Identifier: MIT
import TransitionCore

/// Lays out gesture timelines as one SVG: a legend, then one panel per gesture with its
/// progress over time (the [0, 1] band marked, the rubber band outside it shaded), its velocity
/// below, the release and catch points, each decision with its reason, and the completion
/// animation sampled from its description. All panels share one time scale. Pure.
struct PlotLayout {
    /// Colours, one per thing drawn.
    enum Color {
        static let finger = "#1f63b4", animation = "#e8710a", release = "#c62828", pause = "#7b3fa0"
        static let band = "#e9f3e9", rubber = "#fbe3e3", grid = "#d9d9d9", axis = "#555555", text = "#222222"
        static let muted = "#666666"
    }

    var width = 980.0
    var left = 78.0, right = 24.0
    var progressHeight = 200.0, velocityHeight = 105.0
    var headerHeight = 58.0, gap = 30.0, footer = 46.0
    var top = 106.0

    private var plotWidth: Double { width - left - right }
    private var panelHeight: Double { headerHeight + progressHeight + gap + velocityHeight + footer }

    /// The picture for `timelines`, titled `title` (e.g. the input file's name).
    func render(_ timelines: [GestureTimeline], title: String) -> String {
        var svg = SVGDocument(width: width, height: top + Double(timelines.count) * panelHeight + 10)
        svg.text(Self.fit(title, width: width - left - right, charWidth: 10.5), x: left, y: 28, size: 17, weight: "bold")
        svg.text("\(timelines.count) gesture\(timelines.count == 1 ? "" : "s"); time in seconds since each gesture began, progress 0 → 1, velocity in progress/s",
                 x: left, y: 48, size: 12, color: Color.muted)
        legend(&svg, y: 68)
        let span = Self.niceCeiling(max(timelines.map(\.endTime).max() ?? 0, 0.1) * 1.04)
        for (i, timeline) in timelines.enumerated() {
            panel(&svg, timeline, index: i, y: top + Double(i) * panelHeight, span: span)
        }
        return svg.render(title: title)
    }

    private func legend(_ svg: inout SVGDocument, y: Double) {
        var x = left, y = y
        func item(_ label: String, _ draw: (inout SVGDocument, Double) -> Void) {
            let itemWidth = 26 + Double(label.count) * 6.8
            if x + itemWidth > width - right { x = left; y += 18 }
            draw(&svg, x)
            svg.text(label, x: x + 26, y: y + 4, size: 12)
            x += itemWidth + 18
        }
        item("finger (updated)") { s, x in s.line(x1: x, y1: y, x2: x + 20, y2: y, .stroke(Color.finger, width: 2.5)) }
        item("finger resting") { s, x in s.line(x1: x, y1: y, x2: x + 20, y2: y, .stroke(Color.finger, width: 1.6, dash: "4 3")) }
        item("completion animation (sampled)") { s, x in s.line(x1: x, y1: y, x2: x + 20, y2: y, .stroke(Color.animation, width: 2.5)) }
        item("release / decision") { s, x in s.circle(x: x + 10, y: y, r: 4.5, .fill(Color.release)) }
        item("catch (paused)") { s, x in s.rect(x: x + 5.5, y: y - 4.5, width: 9, height: 9, .fill(Color.pause)) }
        item("[0, 1]") { s, x in s.rect(x: x, y: y - 6, width: 20, height: 12, .fill(Color.band)) }
        item("rubber band") { s, x in s.rect(x: x, y: y - 6, width: 20, height: 12, .fill(Color.rubber)) }
    }

    private func panel(_ svg: inout SVGDocument, _ g: GestureTimeline, index: Int, y: Double, span: Double) {
        // Header: what the gesture was, then each decision in words.
        var heading = "\(g.transition) · gesture \(g.gesture)"
        if let origin = g.origin { heading += " · \(origin)" }
        svg.text(heading, x: left, y: y + 16, size: 14, weight: "bold")
        var line = y + 33
        for d in g.decisions.suffix(2) {
            svg.text(Self.describe(d), x: left, y: line, size: 12, color: Color.release)
            line += 15
        }
        if g.decisions.isEmpty {
            svg.text("no decision in the stream", x: left, y: line, size: 12, color: Color.muted)
        }

        let x = { (t: Double) in left + t / span * plotWidth }
        let pTop = y + headerHeight, pBottom = pTop + progressHeight
        let values = g.progressValues
        let lo = min(-0.15, (values.min() ?? 0) - 0.05), hi = max(1.15, (values.max() ?? 1) + 0.05)
        let py = { (p: Double) in pBottom - (p - lo) / (hi - lo) * progressHeight }
        let clip = "panel\(index)"
        svg.clipRect(id: clip, x: left, y: pTop, width: plotWidth, height: progressHeight)

        // The [0, 1] band and the rubber band around it.
        svg.rect(x: left, y: pTop, width: plotWidth, height: py(1) - pTop, .fill(Color.rubber))
        svg.rect(x: left, y: py(1), width: plotWidth, height: py(0) - py(1), .fill(Color.band))
        svg.rect(x: left, y: py(0), width: plotWidth, height: pBottom - py(0), .fill(Color.rubber))
        svg.text("rubber band", x: left + plotWidth - 6, y: pTop + 13, size: 10, anchor: .end, color: Color.release)
        svg.text("rubber band", x: left + plotWidth - 6, y: pBottom - 5, size: 10, anchor: .end, color: Color.release)
        for tick in Self.ticks(lo, hi, target: 6) {
            let isEdge = abs(tick) < 1e-9 || abs(tick - 1) < 1e-9
            svg.line(x1: left, y1: py(tick), x2: left + plotWidth, y2: py(tick),
                     .stroke(isEdge ? Color.axis : Color.grid, width: isEdge ? 1 : 0.7, dash: isEdge ? nil : "3 3"))
            svg.text(Self.label(tick), x: left - 6, y: py(tick) + 4, size: 11, anchor: .end, color: Color.axis)
        }
        timeGrid(&svg, x: x, span: span, top: pTop, bottom: pBottom, labels: false)
        svg.text("progress", x: left - 48, y: (pTop + pBottom) / 2, size: 12, anchor: .middle, color: Color.axis, rotate: -90)

        svg.beginGroup([("clip-path", "url(#\(clip))")])
        for d in g.decisions {
            svg.line(x1: x(d.t), y1: pTop, x2: x(d.t), y2: pBottom, .stroke(Color.release, width: 1, dash: "2 3"))
        }
        for p in g.pauses {
            svg.line(x1: x(p.t), y1: pTop, x2: x(p.t), y2: pBottom, .stroke(Color.pause, width: 1, dash: "2 3"))
        }
        let runs = fingerRuns(g)
        drawFinger(&svg, runs, g, point: { (x($0.t), py($0.progress)) }, release: { (x($0.t), py($0.ended.from)) }, width: 2.2)
        for d in g.decisions { svg.polyline(d.curve.map { (x($0.t), py($0.progress)) }, .stroke(Color.animation, width: 2.2)) }
        for d in g.decisions {
            svg.circle(x: x(d.t), y: py(d.ended.from), r: 4.5, .fill(Color.release))
            let onLeft = x(d.t) > left + 50
            svg.text("release", x: x(d.t) + (onLeft ? -7 : 7), y: py(d.ended.from) + (d.ended.from > 0.5 ? 16 : -8), size: 10,
                     anchor: onLeft ? .end : .start, color: Color.release)
        }
        for p in g.pauses {
            svg.rect(x: x(p.t) - 4.5, y: py(p.progress) - 4.5, width: 9, height: 9, .fill(Color.pause))
            svg.text("catch", x: x(p.t), y: py(p.progress) - 9, size: 10, anchor: .middle, color: Color.pause)
        }
        svg.endGroup()
        if let c = g.completed {
            svg.text(c.finished ? "completed: finished at \(Self.label(c.progress))" : "completed: back at \(Self.label(c.progress))",
                     x: min(x(c.t) + 6, left + plotWidth - 170), y: py(c.progress) + (c.progress > 0.5 ? 16 : -8), size: 11,
                     color: Color.muted)
        }
        svg.rect(x: left, y: pTop, width: plotWidth, height: progressHeight, .stroke(Color.axis, width: 1))

        // Velocity.
        let vTop = pBottom + gap, vBottom = vTop + velocityHeight
        let speeds = g.velocityValues
        let vMax = Self.niceCeiling(max(abs(speeds.min() ?? 0), abs(speeds.max() ?? 0), 0.5))
        let vlo = (speeds.min() ?? 0) < -1e-9 ? -vMax : -vMax * 0.1, vhi = (speeds.max() ?? 0) > 1e-9 ? vMax : vMax * 0.1
        let vy = { (v: Double) in vBottom - (v - vlo) / (vhi - vlo) * velocityHeight }
        for tick in Self.ticks(vlo, vhi, target: 4) {
            svg.line(x1: left, y1: vy(tick), x2: left + plotWidth, y2: vy(tick),
                     .stroke(abs(tick) < 1e-9 ? Color.axis : Color.grid, width: abs(tick) < 1e-9 ? 1 : 0.7,
                             dash: abs(tick) < 1e-9 ? nil : "3 3"))
            svg.text(Self.label(tick), x: left - 6, y: vy(tick) + 4, size: 11, anchor: .end, color: Color.axis)
        }
        timeGrid(&svg, x: x, span: span, top: vTop, bottom: vBottom, labels: true)
        svg.text("progress/s", x: left - 52, y: (vTop + vBottom) / 2, size: 12, anchor: .middle, color: Color.axis, rotate: -90)
        svg.clipRect(id: clip + "v", x: left, y: vTop, width: plotWidth, height: velocityHeight)
        svg.beginGroup([("clip-path", "url(#\(clip)v)")])
        drawFinger(&svg, runs, g, point: { (x($0.t), vy($0.velocity)) }, release: { (x($0.t), vy($0.ended.velocity)) }, width: 1.8)
        for d in g.decisions {
            svg.polyline(d.curve.map { (x($0.t), vy($0.velocity)) }, .stroke(Color.animation, width: 1.8))
            svg.circle(x: x(d.t), y: vy(d.ended.velocity), r: 3.5, .fill(Color.release))
        }
        svg.endGroup()
        svg.rect(x: left, y: vTop, width: plotWidth, height: velocityHeight, .stroke(Color.axis, width: 1))
        svg.text("seconds since began", x: left + plotWidth / 2, y: vBottom + 32, size: 12, anchor: .middle, color: Color.axis)
    }

    /// Vertical grid lines every nice step of time, labelled below when `labels`.
    private func timeGrid(_ svg: inout SVGDocument, x: (Double) -> Double, span: Double, top: Double, bottom: Double,
                          labels: Bool) {
        for tick in Self.ticks(0, span, target: 10) where tick <= span + 1e-9 {
            svg.line(x1: x(tick), y1: top, x2: x(tick), y2: bottom, .stroke(Color.grid, width: 0.7, dash: "3 3"))
            if labels { svg.text(Self.label(tick), x: x(tick), y: bottom + 15, size: 11, anchor: .middle, color: Color.axis) }
        }
    }

    /// The finger's runs as solid lines, dashed where no sample came for a while (resting
    /// fingers send none) and from a run's last sample to the release it ends in.
    private func drawFinger(_ svg: inout SVGDocument, _ runs: [[GestureTimeline.Sample]], _ g: GestureTimeline,
                            point: (GestureTimeline.Sample) -> (x: Double, y: Double),
                            release: (GestureTimeline.Decision) -> (x: Double, y: Double), width: Double) {
        let resting = SVGDocument.Style.stroke(Color.finger, width: width * 0.7, dash: "4 3")
        for run in runs {
            var solid: [GestureTimeline.Sample] = []
            for s in run {
                if let last = solid.last, s.t - last.t > Self.restGap {
                    svg.polyline(solid.map(point), .stroke(Color.finger, width: width))
                    svg.polyline([point(last), point(s)], resting)
                    solid = []
                }
                solid.append(s)
            }
            svg.polyline(solid.map(point), .stroke(Color.finger, width: width))
            // Resting until the release that ends this run.
            if let last = run.last,
               let d = g.decisions.first(where: { $0.t > last.t }),
               !g.pauses.contains(where: { $0.t > last.t && $0.t < d.t }), d.t - last.t > 0.001 {
                svg.polyline([point(last), release(d)], resting)
            }
        }
    }

    /// A gap between finger samples drawn as resting: 40 ms, five touchpad frames.
    static let restGap = 0.04

    /// The finger's samples split where a decision or catch interrupts them (a catch after a
    /// release starts a new run), so no line joins the finger across an animation.
    private func fingerRuns(_ g: GestureTimeline) -> [[GestureTimeline.Sample]] {
        let breaks = (g.decisions.map(\.t) + g.pauses.map(\.t)).sorted()
        var runs: [[GestureTimeline.Sample]] = [[]]
        var next = 0
        for s in g.samples {
            var split = false
            while next < breaks.count, breaks[next] <= s.t { next += 1; split = true }
            if split, !(runs.last!.isEmpty) { runs.append([]) }
            runs[runs.count - 1].append(s)
        }
        // A run after a catch starts at the caught value.
        for (i, run) in runs.enumerated() where i > 0 {
            if let first = run.first, let pause = g.pauses.last(where: { $0.t <= first.t }) {
                runs[i].insert(.init(t: pause.t, progress: pause.progress, velocity: 0), at: 0)
            }
        }
        return runs.filter { !$0.isEmpty }
    }

    /// One decision in words: where and how fast it was released, the outcome and why, the animation.
    static func describe(_ d: GestureTimeline.Decision) -> String {
        let e = d.ended
        let why: String = switch e.reason {
        case .release: "released slowly: decided by position"
        case .velocity: "released fast: decided by the projected position"
        case .libinputCancel: "libinput cancelled the gesture"
        case .touchCancel: "the touchscreen cancelled the touch"
        case .deviceRemoved: "the device went away"
        case .superseded: "another gesture took over"
        case .trigger: "a trigger run"
        case .client: "a client cancelled it"
        case .shutdown: "the daemon shut down"
        case .sessionChanged: "the active session changed (delivery paused)"
        case .suspend: "the machine went to sleep"
        case .held: "held for the whole hold duration"
        case .moved: "the resting fingers moved: a pan took over"
        case .withdrawn: "the client that declared it withdrew it"
        }
        return "at \(label(d.t)) s: \(e.outcome.rawValue) (\(e.reason.rawValue): \(why)) — from \(Format.fixed(e.from, 2)) "
            + "at \(Format.fixed(e.velocity, 2)) progress/s to \(label(e.to)); \(animation(e.animation))"
    }

    private static func animation(_ a: AnimationDescription) -> String {
        switch a {
        case .none: "no animation"
        case .spring(let s):
            "spring k=\(label(s.parameters.stiffness)) ζ=\(label(s.parameters.dampingRatio)), \(Format.fixed(a.duration, 3)) s"
        case .curve(let c): "\(c.curve.rawValue) curve, \(Format.fixed(a.duration, 3)) s"
        }
    }

    /// `text`, cut short with "…" when it would not fit `width` at about `charWidth` per character.
    static func fit(_ text: String, width: Double, charWidth: Double) -> String {
        let limit = max(Int(width / charWidth), 1)
        return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    // MARK: Scales

    /// Round tick values covering [lo, hi], about `target` of them, at 1, 2 or 5 × 10ⁿ.
    static func ticks(_ lo: Double, _ hi: Double, target: Int) -> [Double] {
        guard hi > lo, lo.isFinite, hi.isFinite else { return [] }
        let step = niceStep((hi - lo) / Double(max(target, 1)))
        var k = (lo / step - 1e-9).rounded(.up)
        var result: [Double] = []
        while k * step <= hi + step * 1e-9, result.count < 100 {
            result.append(k == 0 ? 0 : k * step)
            k += 1
        }
        return result
    }

    /// 1, 2 or 5 × 10ⁿ, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        var magnitude = 1.0
        while magnitude > raw { magnitude /= 10 }
        while magnitude * 10 <= raw { magnitude *= 10 }
        for m in [1.0, 2, 5, 10] where magnitude * m >= raw * (1 - 1e-12) { return magnitude * m }
        return magnitude * 10
    }

    /// The smallest 1, 2, 2.5 or 5 × 10ⁿ at least `value` (an axis end).
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        var magnitude = 1.0
        while magnitude > value { magnitude /= 10 }
        while magnitude * 10 <= value { magnitude *= 10 }
        for m in [1.0, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10] where magnitude * m >= value * (1 - 1e-12) { return magnitude * m }
        return magnitude * 10
    }

    /// A tick label: as few decimals as the value needs (up to 3).
    static func label(_ value: Double) -> String {
        var text = Format.fixed(value, 3)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
