// SPDX-License-Identifier: MIT
import TransitionCore

/// Touchscreen pans, edge swipes, pinches and taps, from libinput's touch events.
///
/// Positions are turned into the viewer's frame first (``TouchLayout/rotation``), so "left" is
/// the viewer's left for edges, directions and pans. The pan follows the centroid of the active
/// touch points, computed once per `TOUCH_FRAME` (positions are consistent only there). Each
/// frame moves the pan by the mean displacement of the touches present in both this frame and
/// the previous one, so fingers landing or lifting re-anchor the centroid instead of making it
/// jump.
///
/// How a touch becomes a pan, a pinch or a tap (the engine sees `begin` only once it moves):
/// 1. The first touch down emits ``HoldBegin`` (source ``GestureSource/touchHold``, fingers:
///    the touches in that frame). A touch that lands while a transition animates therefore
///    catches it at once, like a touchpad hold; otherwise the engine may make it a long press
///    (`touchhold<N>`). While pending, each change in finger count emits another ``HoldBegin``
///    with the new count (the long press starts over).
/// 2. While *pending*, movement is accumulated since the last change in finger count, together
///    with each frame's delta and time, and so is the change of the fingers' *spread* (twice
///    their mean distance from the centroid: for two fingers, the distance between them). The
///    gesture begins once the centroid has moved ``Parameters/beginDistance`` or the spread has
///    changed by as much, and at least ``Parameters/landingWindowUs`` have passed since the first
///    touch down (fingers of a multi-finger drag land over tens of milliseconds; a change in
///    finger count restarts the accumulation, so the gesture begins with all of them).
/// 3. It begins as a *pinch* (``GestureSource/touchPinch``) when two or more fingers' spread
///    changed more than their centroid moved, else as a *pan* (``GestureSource/touch``). Either
///    way it emits ``HoldEnd`` with `cancelled: true` (libinput's convention: the hold turned
///    into a movement), then ``GestureBegin`` (time: the last finger change). A pan's begin
///    carries the edges whose edge zone every finger landed in (``GestureBegin/edges``: the
///    engine makes it an edge swipe if it moves away from one of them), then every accumulated
///    frame as its own ``GestureUpdate`` with its own time, so nothing is lost and velocity sees
///    the real history. A pinch's updates carry the change of the spread as a scale (1.0 at the
///    begin) in `dx`, and the change of the fingers' angle in `dy` (degrees, positive clockwise
///    as the viewer sees it: the mean turn of each finger about the centroid, each frame's turn
///    wrapped into (−180°, 180°], ``Angle``). A *twist* (the fingers turning about their
///    centroid, their spread and centroid still) begins a pinch too, once each finger has moved
///    ``Parameters/beginDistance`` along its arc; the engine decides whether a pinch drives its
///    scale or its angle. Times never go backwards.
/// 4. Lifting every finger ends the gesture (``GestureEnd``, a release). Lifting before it began
///    emits ``HoldEnd`` (`cancelled: false`: the caught animation resumes), followed by a
///    ``TapInput`` when every finger lifted within ``Parameters/tapMaxUs`` of the first touch
///    down and none moved farther than ``TouchLayout/tapTravel`` from where it landed; or, if the
///    fingers had spread or moved far enough within the landing window (a quick pinch or flick),
///    the whole pinch or pan at once: begin, updates, end.
/// 5. `TOUCH_CANCEL` (of any touch) ends a gesture with `cancel: .touch`, or ends a pending hold
///    with `cancelled: false`; the remaining touches are then ignored until all have lifted.
struct TouchPanRecognizer {
    /// Tuning. The defaults suit touchscreens with a real resolution.
    struct Parameters: Equatable {
        /// Centroid travel, or spread change (mm), since the last finger-count change before a
        /// gesture begins. Only beats jitter: the engine applies its own slop before it locks.
        var beginDistance: Double = 1
        /// Time (µs) after the first touch down before a gesture may begin.
        var landingWindowUs: UInt64 = 150_000
        /// Frames kept while pending; beyond this the oldest two are merged.
        var maxPendingSamples: Int = 32
        /// The longest a tap lasts, first finger down to last finger up (µs): 180 ms, libinput's
        /// tap timeout, a little above Touchégg's 150 ms because the fingers of a three-finger tap
        /// on glass land and lift over tens of milliseconds.
        var tapMaxUs: UInt64 = 180_000
    }

    enum State: Equatable {
        /// No touch.
        case idle
        /// Touching, hold begun, no gesture yet. `fingers` and `anchorUs` are those of the last
        /// change in finger count; (`movedX`, `movedY`) the travel since then.
        case pending(fingers: Int, firstDownUs: UInt64, anchorUs: UInt64, movedX: Double, movedY: Double)
        /// The pan is running.
        case panning(fingers: Int)
        /// The pinch is running; `scale` is the last one reported.
        case pinching(fingers: Int, scale: Double)
        /// A touch was cancelled: wait until every touch has lifted.
        case draining
    }

    struct TouchPoint: Equatable {
        var slot: Int32
        /// Where it is, in the viewer's frame.
        var x: Double
        var y: Double
        /// Where it landed, in the viewer's frame.
        var downX: Double
        var downY: Double
    }

    struct Sample: Equatable {
        var dx: Double
        var dy: Double
        var timeUs: UInt64
    }

    let device: DeviceID
    let parameters: Parameters
    /// The layout in force; a new one (a reload) waits until no finger touches.
    private(set) var layout: TouchLayout
    private var nextLayout: TouchLayout?
    private(set) var state: State = .idle
    /// Live touch points, changed by down/motion/up/cancel.
    private var touches: [TouchPoint] = []
    /// The touch points at the previous frame.
    private var lastFrame: [TouchPoint] = []
    /// The frames accumulated while pending (since the last finger-count change).
    private var samples: [Sample] = []
    /// Since the first touch down: the most fingers at once, the farthest any finger moved from
    /// where it landed, and the edge zones every finger landed in.
    private var mostFingers = 0
    private var farthest = 0.0
    private var edges: ScreenEdges = []
    /// The spread at the last finger-count change (pending), or the spread that is scale 1 (pinching).
    private var baseSpread = 0.0
    /// The spread at the last frame while pending (a pinch lifted inside the landing window).
    private var lastSpread = 0.0
    /// Degrees the fingers turned about their centroid since the last finger-count change
    /// (pending), clockwise positive.
    private var turned = 0.0

    /// The device's size as the viewer sees it, carried by every pan's begin.
    var extent: DeviceExtent? { layout.viewExtent }

    init(device: DeviceID, layout: TouchLayout, parameters: Parameters = Parameters()) {
        self.device = device
        self.layout = layout
        self.parameters = parameters
        touches.reserveCapacity(10)
        lastFrame.reserveCapacity(10)
        samples.reserveCapacity(parameters.maxPendingSamples)
    }

    /// A recogniser for an unrotated panel of size `extent`, without edge zones.
    init(device: DeviceID, extent: DeviceExtent? = nil, parameters: Parameters = Parameters()) {
        self.init(device: device, layout: TouchLayout(extent: extent), parameters: parameters)
    }

    /// Uses `layout` from the next touch on (at once when no finger touches).
    mutating func setLayout(_ layout: TouchLayout) {
        if touches.isEmpty && state == .idle { self.layout = layout; nextLayout = nil } else { nextLayout = layout }
    }

    /// The transition function: one touch event in, zero or more samples out.
    mutating func handle(_ event: TouchEvent, emit: (GestureInput) -> Void) {
        switch event {
        case .down(let slot, let nx, let ny, _), .motion(let slot, let nx, let ny, _):
            if touches.isEmpty, state == .idle, let next = nextLayout { layout = next; nextLayout = nil }
            let (x, y) = layout.viewPoint(x: nx, y: ny)
            if let i = touches.firstIndex(where: { $0.slot == slot }) {
                touches[i].x = x; touches[i].y = y
                let ddx = x - touches[i].downX, ddy = y - touches[i].downY
                farthest = max(farthest, (ddx * ddx + ddy * ddy).squareRoot())
            } else {
                touches.append(TouchPoint(slot: slot, x: x, y: y, downX: x, downY: y))
                let landed = layout.edges(atViewX: x, y: y)
                edges = touches.count == 1 && state == .idle ? landed : edges.intersection(landed)
            }
        case .up(let slot, _):
            touches.removeAll { $0.slot == slot }
        case .cancel(let slot, let t):
            touches.removeAll { $0.slot == slot }
            cancel(timeUs: t, emit: emit)
        case .frame(let t):
            frame(timeUs: t, emit: emit)
        }
    }

    /// Forgets everything without emitting anything (the device went away).
    mutating func reset() {
        state = .idle
        touches.removeAll(keepingCapacity: true)
        lastFrame.removeAll(keepingCapacity: true)
        samples.removeAll(keepingCapacity: true)
        if let next = nextLayout { layout = next; nextLayout = nil }
    }

    private mutating func cancel(timeUs t: UInt64, emit: (GestureInput) -> Void) {
        switch state {
        case .panning, .pinching:
            emit(.end(GestureEnd(device: device, cancel: .touch, timeUs: t)))
        case .pending:
            emit(.holdEnd(HoldEnd(device: device, cancelled: false, timeUs: t)))
        case .idle, .draining:
            break
        }
        samples.removeAll(keepingCapacity: true)
        state = .draining
    }

    /// Twice the mean distance of the touches from their centroid: for two fingers, the
    /// distance between them. 0 for fewer than two.
    private func spread() -> Double {
        guard touches.count >= 2 else { return 0 }
        var cx = 0.0, cy = 0.0
        for p in touches { cx += p.x; cy += p.y }
        cx /= Double(touches.count); cy /= Double(touches.count)
        var sum = 0.0
        for p in touches {
            let dx = p.x - cx, dy = p.y - cy
            sum += (dx * dx + dy * dy).squareRoot()
        }
        return 2 * sum / Double(touches.count)
    }

    private mutating func frame(timeUs t: UInt64, emit: (GestureInput) -> Void) {
        // Mean displacement of the touches present in both frames.
        var dx = 0.0, dy = 0.0, common = 0
        for p in touches {
            if let q = lastFrame.first(where: { $0.slot == p.slot }) {
                dx += p.x - q.x; dy += p.y - q.y; common += 1
            }
        }
        if common > 0 { dx /= Double(common); dy /= Double(common) }
        let changed = common != touches.count || common != lastFrame.count
        let da = changed ? 0 : turn()
        lastFrame.removeAll(keepingCapacity: true)
        lastFrame.append(contentsOf: touches)
        let fingers = touches.count
        mostFingers = max(mostFingers, fingers)

        switch state {
        case .idle:
            guard fingers > 0 else { return }
            emit(.holdBegin(HoldBegin(device: device, fingers: fingers, timeUs: t, source: .touchHold)))
            samples.removeAll(keepingCapacity: true)
            mostFingers = fingers
            farthest = 0
            baseSpread = spread()
            lastSpread = baseSpread
            turned = 0
            state = .pending(fingers: fingers, firstDownUs: t, anchorUs: t, movedX: 0, movedY: 0)

        case .pending(let pendingFingers, let firstDownUs, let anchorUs, var movedX, var movedY):
            if fingers == 0 {
                if t - min(t, firstDownUs) <= parameters.tapMaxUs && farthest <= layout.tapTravel {
                    emit(.holdEnd(HoldEnd(device: device, cancelled: false, timeUs: t)))
                    emit(.tap(TapInput(device: device, fingers: mostFingers, durationUs: t - min(t, firstDownUs), timeUs: t)))
                } else if pendingFingers >= 2 && isPinch(spread: lastSpread, movedX: movedX, movedY: movedY) {
                    beginPinch(fingers: pendingFingers, anchorUs: anchorUs, spread: lastSpread, timeUs: t, emit: emit)
                    emit(.end(GestureEnd(device: device, timeUs: t)))
                } else if reached(movedX, movedY) {
                    beginPan(fingers: pendingFingers, anchorUs: anchorUs, emit: emit)
                    emit(.end(GestureEnd(device: device, timeUs: t)))
                } else {
                    emit(.holdEnd(HoldEnd(device: device, cancelled: false, timeUs: t)))
                }
                state = .idle
            } else if changed {
                if fingers != pendingFingers {
                    // A long press counts its fingers again, from now.
                    emit(.holdBegin(HoldBegin(device: device, fingers: fingers, timeUs: t, source: .touchHold)))
                }
                samples.removeAll(keepingCapacity: true)
                baseSpread = spread()
                lastSpread = baseSpread
                turned = 0
                state = .pending(fingers: fingers, firstDownUs: firstDownUs, anchorUs: t, movedX: 0, movedY: 0)
            } else {
                turned += da
                if dx != 0 || dy != 0 {
                    movedX += dx; movedY += dy
                    append(Sample(dx: dx, dy: dy, timeUs: t))
                }
                lastSpread = spread()
                let settled = t >= firstDownUs + parameters.landingWindowUs
                if settled && fingers >= 2 && isPinch(spread: lastSpread, movedX: movedX, movedY: movedY) {
                    beginPinch(fingers: fingers, anchorUs: anchorUs, spread: lastSpread, timeUs: t, emit: emit)
                } else if settled && reached(movedX, movedY) {
                    beginPan(fingers: fingers, anchorUs: anchorUs, emit: emit)
                    state = .panning(fingers: fingers)
                } else {
                    state = .pending(fingers: fingers, firstDownUs: firstDownUs, anchorUs: anchorUs,
                                     movedX: movedX, movedY: movedY)
                }
            }

        case .panning:
            if fingers == 0 {
                emit(.end(GestureEnd(device: device, timeUs: t)))
                state = .idle
            } else if dx != 0 || dy != 0 {
                emit(.update(GestureUpdate(device: device, dx: dx, dy: dy, timeUs: t)))
            }

        case .pinching(_, let scale):
            if fingers == 0 {
                emit(.end(GestureEnd(device: device, timeUs: t)))
                state = .idle
            } else if fingers < 2 {
                state = .pinching(fingers: fingers, scale: scale)   // one finger left: hold still
            } else if changed {
                // Fingers landed or lifted: the scale carries on from where it was.
                baseSpread = spread() / scale
                state = .pinching(fingers: fingers, scale: scale)
            } else if baseSpread > 0 {
                let now = spread() / baseSpread
                if now != scale || da != 0 {
                    emit(.update(GestureUpdate(device: device, dx: now - scale, dy: da, timeUs: t)))
                }
                state = .pinching(fingers: fingers, scale: now)
            }

        case .draining:
            if fingers == 0 { state = .idle }
        }
    }

    /// The fingers' spread (now `spread`) changed, or each finger moved along its arc about the
    /// centroid (a twist: ``turned`` at half the spread), by at least the begin distance, and
    /// more than their centroid moved.
    private func isPinch(spread: Double, movedX: Double, movedY: Double) -> Bool {
        let arc = abs(turned) * .pi / 180 * spread / 2
        let change = max(abs(spread - baseSpread), arc)
        return baseSpread > 0 && change >= parameters.beginDistance && change > (movedX * movedX + movedY * movedY).squareRoot()
    }

    /// The mean turn of each touch about the centroid since the previous frame, degrees,
    /// clockwise positive; 0 for fewer than two touches. Call only when the previous frame had
    /// the same touches.
    private func turn() -> Double {
        guard touches.count >= 2, lastFrame.count == touches.count else { return 0 }
        var cx = 0.0, cy = 0.0, px = 0.0, py = 0.0
        for p in touches { cx += p.x; cy += p.y }
        for q in lastFrame { px += q.x; py += q.y }
        let n = Double(touches.count)
        cx /= n; cy /= n; px /= n; py /= n
        var sum = 0.0
        for p in touches {
            guard let q = lastFrame.first(where: { $0.slot == p.slot }) else { return 0 }
            sum += Angle.turn(fromX: q.x - px, fromY: q.y - py, toX: p.x - cx, toY: p.y - cy)
        }
        return sum / n
    }

    private func reached(_ x: Double, _ y: Double) -> Bool {
        (x * x + y * y).squareRoot() >= parameters.beginDistance
    }

    private mutating func append(_ sample: Sample) {
        if samples.count >= max(parameters.maxPendingSamples, 2) {
            samples[1].dx += samples[0].dx
            samples[1].dy += samples[0].dy
            samples.removeFirst()
        }
        samples.append(sample)
    }

    private mutating func beginPan(fingers: Int, anchorUs: UInt64, emit: (GestureInput) -> Void) {
        emit(.holdEnd(HoldEnd(device: device, cancelled: true, timeUs: anchorUs)))
        emit(.begin(GestureBegin(device: device, source: .touch, fingers: fingers, timeUs: anchorUs, extent: extent,
                                 edges: edges, sizeMm: layout.viewSizeMm)))
        for s in samples {
            emit(.update(GestureUpdate(device: device, dx: s.dx, dy: s.dy, timeUs: s.timeUs)))
        }
        samples.removeAll(keepingCapacity: true)
    }

    private mutating func beginPinch(fingers: Int, anchorUs: UInt64, spread: Double, timeUs t: UInt64,
                                     emit: (GestureInput) -> Void) {
        emit(.holdEnd(HoldEnd(device: device, cancelled: true, timeUs: anchorUs)))
        emit(.begin(GestureBegin(device: device, source: .touchPinch, fingers: fingers, timeUs: anchorUs)))
        let scale = spread / baseSpread
        emit(.update(GestureUpdate(device: device, dx: scale - 1, dy: turned, timeUs: t)))
        turned = 0
        samples.removeAll(keepingCapacity: true)
        state = .pinching(fingers: fingers, scale: scale)
    }
}
