// SPDX-License-Identifier: MIT
import TransitionCore

/// Touchscreen pans with one to five (or more) fingers, from libinput's touch events.
///
/// The pan follows the centroid of the active touch points in millimetres, computed once per
/// `TOUCH_FRAME` (positions are consistent only there). Each frame moves the pan by the mean
/// displacement of the touches present in both this frame and the previous one, so fingers
/// landing or lifting re-anchor the centroid instead of making it jump.
///
/// How a touch becomes a pan (the engine sees `begin` only once the touch moves):
/// 1. The first touch down emits ``HoldBegin`` (fingers: the touches in that frame). A touch
///    that lands while a transition animates therefore catches it at once, like a touchpad hold.
/// 2. While *pending*, movement is accumulated since the last change in finger count, together
///    with each frame's delta and time. The pan begins once the accumulated movement reaches
///    ``Parameters/beginDistance`` and at least ``Parameters/landingWindowUs`` have passed since
///    the first touch down (fingers of a multi-finger drag land over tens of milliseconds; a
///    change in finger count restarts the accumulation, so the pan begins with all of them).
/// 3. On begin it emits ``HoldEnd`` with `cancelled: true` (libinput's convention: the hold
///    turned into a movement), then ``GestureBegin`` (source `.touch`, time: the last finger
///    change), then every accumulated frame as its own ``GestureUpdate`` with its own time, so
///    nothing is lost and velocity sees the real history. Times never go backwards.
/// 4. Lifting every finger ends the pan (``GestureEnd``, a release). Lifting before the pan began
///    either emits ``HoldEnd`` (`cancelled: false`: a tap, the caught animation resumes), or, if
///    the touch had moved far enough within the landing window (a quick flick), the whole pan at
///    once: begin, updates, end.
/// 5. `TOUCH_CANCEL` (of any touch) ends a pan with `cancel: .touch`, or ends a pending hold
///    with `cancelled: false`; the remaining touches are then ignored until all have lifted.
struct TouchPanRecognizer {
    /// Tuning. The defaults suit touchscreens with a real resolution.
    struct Parameters: Equatable {
        /// Centroid travel (mm) since the last finger-count change before a pan begins. Only
        /// beats jitter: the engine applies its own slop before it locks an axis.
        var beginDistance: Double = 1
        /// Time (µs) after the first touch down before a pan may begin.
        var landingWindowUs: UInt64 = 150_000
        /// Frames kept while pending; beyond this the oldest two are merged.
        var maxPendingSamples: Int = 32
    }

    enum State: Equatable {
        /// No touch.
        case idle
        /// Touching, hold begun, no pan yet. `fingers` and `anchorUs` are those of the last change
        /// in finger count; (`movedX`, `movedY`) the travel since then.
        case pending(fingers: Int, firstDownUs: UInt64, anchorUs: UInt64, movedX: Double, movedY: Double)
        /// The pan is running.
        case panning(fingers: Int)
        /// A touch was cancelled: wait until every touch has lifted.
        case draining
    }

    struct TouchPoint: Equatable {
        var slot: Int32
        var x: Double
        var y: Double
    }

    struct Sample: Equatable {
        var dx: Double
        var dy: Double
        var timeUs: UInt64
    }

    let device: DeviceID
    /// The device's size in the units of its positions, carried by every begin.
    let extent: DeviceExtent?
    let parameters: Parameters
    private(set) var state: State = .idle
    /// Live touch points, changed by down/motion/up/cancel.
    private var touches: [TouchPoint] = []
    /// The touch points at the previous frame.
    private var lastFrame: [TouchPoint] = []
    /// The frames accumulated while pending (since the last finger-count change).
    private var samples: [Sample] = []

    init(device: DeviceID, extent: DeviceExtent? = nil, parameters: Parameters = Parameters()) {
        self.device = device
        self.extent = extent
        self.parameters = parameters
        touches.reserveCapacity(10)
        lastFrame.reserveCapacity(10)
        samples.reserveCapacity(parameters.maxPendingSamples)
    }

    /// The transition function: one touch event in, zero or more samples out.
    mutating func handle(_ event: TouchEvent, emit: (GestureInput) -> Void) {
        switch event {
        case .down(let slot, let x, let y, _), .motion(let slot, let x, let y, _):
            if let i = touches.firstIndex(where: { $0.slot == slot }) {
                touches[i].x = x; touches[i].y = y
            } else {
                touches.append(TouchPoint(slot: slot, x: x, y: y))
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
    }

    private mutating func cancel(timeUs t: UInt64, emit: (GestureInput) -> Void) {
        switch state {
        case .panning:
            emit(.end(GestureEnd(device: device, cancel: .touch, timeUs: t)))
        case .pending:
            emit(.holdEnd(HoldEnd(device: device, cancelled: false, timeUs: t)))
        case .idle, .draining:
            break
        }
        samples.removeAll(keepingCapacity: true)
        state = .draining
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
        lastFrame.removeAll(keepingCapacity: true)
        lastFrame.append(contentsOf: touches)
        let fingers = touches.count

        switch state {
        case .idle:
            guard fingers > 0 else { return }
            emit(.holdBegin(HoldBegin(device: device, fingers: fingers, timeUs: t)))
            samples.removeAll(keepingCapacity: true)
            state = .pending(fingers: fingers, firstDownUs: t, anchorUs: t, movedX: 0, movedY: 0)

        case .pending(let pendingFingers, let firstDownUs, let anchorUs, var movedX, var movedY):
            if fingers == 0 {
                if reached(movedX, movedY) {
                    beginPan(fingers: pendingFingers, anchorUs: anchorUs, emit: emit)
                    emit(.end(GestureEnd(device: device, timeUs: t)))
                } else {
                    emit(.holdEnd(HoldEnd(device: device, cancelled: false, timeUs: t)))
                }
                state = .idle
            } else if changed {
                samples.removeAll(keepingCapacity: true)
                state = .pending(fingers: fingers, firstDownUs: firstDownUs, anchorUs: t, movedX: 0, movedY: 0)
            } else if dx != 0 || dy != 0 {
                movedX += dx; movedY += dy
                append(Sample(dx: dx, dy: dy, timeUs: t))
                if reached(movedX, movedY) && t >= firstDownUs + parameters.landingWindowUs {
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

        case .draining:
            if fingers == 0 { state = .idle }
        }
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
        emit(.begin(GestureBegin(device: device, source: .touch, fingers: fingers, timeUs: anchorUs, extent: extent)))
        for s in samples {
            emit(.update(GestureUpdate(device: device, dx: s.dx, dy: s.dy, timeUs: s.timeUs)))
        }
        samples.removeAll(keepingCapacity: true)
    }
}
