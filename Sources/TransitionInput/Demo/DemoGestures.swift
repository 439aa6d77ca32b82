// SPDX-License-Identifier: MIT
public import TransitionCore

/// The built-in demo set (`transitiond --demo`): gestures generated the way a touchpad and a
/// touchscreen report them, so the whole pipeline can be watched without a device.
///
/// Touchpad samples come every 7–8 ms (a 125–140 Hz touchpad) in libinput's unaccelerated
/// units (≈ 10.5 per mm, ``SourceDefaults/touchpadUnitsPerMm``), with a little jitter across the
/// pan's axis; pinches carry libinput's scale change; the touchscreen reports millimetres on a
/// 13.3-inch 16:9 panel (294 × 165 mm), starting with the touch-down hold its recogniser emits.
/// Fingers move along ``FingerPath``: smoothly, resting before they lift (a release decided by
/// position), or lifting at speed (decided by the projected position).
public enum DemoGestures {
    /// The demo touchpad.
    public static let touchpad = DeviceID(1)
    /// The demo touchscreen.
    public static let touchscreen = DeviceID(2)
    /// The demo touchscreen's size in mm: a 13.3-inch 16:9 panel.
    public static let touchscreenExtent = DeviceExtent(width: 294, height: 165)

    /// Every demo gesture, in the order the demo plays them.
    public static let all: [DemoGesture] = [longSwipe, shortSwipe, fling, pinch, touchPan, edgeSwipe, catchAndReturn,
                                            longPress]

    /// The transition the long press drives, named after its gesture like the built-in ones.
    public static let longPressTransition = "touchhold1"

    /// `configuration` with `touchhold1` bound to a transition of that name, for the demo's long
    /// press, unless it already binds that gesture or has a transition of that name. Nothing
    /// binds a long press by default (applications use it: docs/configuration.md); the demo
    /// binds one so that it can show it.
    public static func configuration(adding configuration: EngineConfiguration) -> EngineConfiguration {
        var result = configuration
        guard !result.holds.contains(where: { $0.source == .touchHold && $0.fingers == 1 }),
              !result.transitions.contains(where: { $0.name == longPressTransition }) else { return result }
        result.transitions.append(TransitionSpec(name: longPressTransition))
        result.holds.append(HoldBinding(source: .touchHold, fingers: 1, transition: longPressTransition))
        return result
    }

    /// One finger resting on the touchscreen for 0.8 s: the long press begins after the hold
    /// delay (0.2 s, at 0.4) and finishes at 0.5 s with the finger still down.
    public static var longPress: DemoGesture {
        var b = SampleBuilder(device: touchscreen, seed: 8)
        b.hold(fingers: 1)
        b.rest(800_000)
        b.holdEnd(cancelled: false)
        return DemoGesture(name: "long press", summary: "1 finger resting on the touchscreen: finishes after 0.5 s, finger still down",
                           transition: longPressTransition, outcome: .finish, reason: .held, samples: b.samples)
    }

    /// A 3-finger swipe left over 44 mm, past the end into the rubber band, resting before
    /// the lift: finishes by position.
    public static var longSwipe: DemoGesture {
        var b = SampleBuilder(device: touchpad, seed: 1)
        b.touchpadBegin(fingers: 3)
        b.pan(dx: -465, dy: 6, durationUs: 620_000, path: .smooth)
        b.rest(180_000)
        b.end()
        return DemoGesture(name: "long swipe", summary: "3-finger swipe left past the end, then a rest: finishes by position",
                           transition: "swipe3-left", outcome: .finish, reason: .release, samples: b.samples)
    }

    /// A 3-finger swipe right over 10 mm, resting before the lift: cancels by position.
    public static var shortSwipe: DemoGesture {
        var b = SampleBuilder(device: touchpad, seed: 2)
        b.touchpadBegin(fingers: 3)
        b.pan(dx: 108, dy: -4, durationUs: 340_000, path: .smooth)
        b.rest(220_000)
        b.end()
        return DemoGesture(name: "short swipe", summary: "3-finger swipe right a quarter of the way, then a rest: cancels",
                           transition: "swipe3-right", outcome: .cancel, reason: .release, samples: b.samples)
    }

    /// A 3-finger flick right over 9 mm in 110 ms, lifting at speed: finishes by velocity.
    public static var fling: DemoGesture {
        var b = SampleBuilder(device: touchpad, seed: 3)
        b.touchpadBegin(fingers: 3)
        b.pan(dx: 96, dy: 3, durationUs: 110_000, path: .flick)
        b.end()
        return DemoGesture(name: "fling", summary: "3-finger flick right, as short as the cancelled swipe but fast: finishes by velocity",
                           transition: "swipe3-right", outcome: .finish, reason: .velocity, samples: b.samples)
    }

    /// A 4-finger pinch in, the fingers closing to 68 % of their spread: finishes by position.
    public static var pinch: DemoGesture {
        var b = SampleBuilder(device: touchpad, seed: 4)
        b.begin(.pinch, fingers: 4)
        b.pan(dx: -0.32, dy: 0, durationUs: 480_000, path: .smooth, noise: 0.0008, digits: 5)
        b.rest(150_000)
        b.end()
        return DemoGesture(name: "pinch", summary: "4-finger pinch in to 68 % of the spread: finishes by position",
                           transition: "pinch4-in", outcome: .finish, reason: .release, samples: b.samples)
    }

    /// A 3-finger touchscreen drag up over 98 mm of the 165 mm screen: finishes by position.
    public static var touchPan: DemoGesture {
        var b = SampleBuilder(device: touchscreen, seed: 5)
        b.hold(fingers: 3)           // the touch-down catch of the touchscreen recogniser
        b.rest(150_000)              // fingers land; the pan begins once they moved 1 mm, 150 ms in
        b.holdEnd(cancelled: true)
        b.begin(.touch, fingers: 3, extent: touchscreenExtent)
        b.pan(dx: 4, dy: -98, durationUs: 520_000, path: .smooth, noise: 0.06)
        b.rest(160_000)
        b.end()
        return DemoGesture(name: "touchscreen pan", summary: "3-finger touchscreen drag up over 60 % of the screen: finishes by position",
                           transition: "touch3-up", outcome: .finish, reason: .release, samples: b.samples)
    }

    /// One finger landing 2 mm from the touchscreen's left edge and swiping in over 180 of its
    /// 294 mm (the interactive "back" of UIKit's screen-edge pan): finishes by position.
    public static var edgeSwipe: DemoGesture {
        var b = SampleBuilder(device: touchscreen, seed: 7)
        b.hold(fingers: 1)
        b.rest(150_000)
        b.holdEnd(cancelled: true)
        b.begin(.touch, fingers: 1, extent: touchscreenExtent, edges: .left)
        b.pan(dx: 180, dy: 9, durationUs: 560_000, path: .smooth, noise: 0.05)
        b.rest(160_000)
        b.end()
        return DemoGesture(name: "edge swipe", summary: "1 finger in from the touchscreen's left edge over 61 % of its width: finishes by position",
                           transition: "edge1-left", outcome: .finish, reason: .release, samples: b.samples)
    }

    /// A 4-finger swipe down released past halfway; 60 ms into its spring, four fingers rest on
    /// the touchpad (a hold: the animation pauses), then drag it back up and rest: cancels.
    public static var catchAndReturn: DemoGesture {
        var b = SampleBuilder(device: touchpad, seed: 6)
        b.touchpadBegin(fingers: 4)
        b.pan(dx: 3, dy: 172, durationUs: 400_000, path: .smooth)
        b.rest(170_000)
        b.end()
        b.rest(60_000)
        b.hold(fingers: 4)           // catches the running animation
        b.rest(300_000)
        b.holdEnd(cancelled: true)   // ... and becomes a swipe that drives it back
        b.begin(.swipe, fingers: 4)
        b.pan(dx: -2, dy: -190, durationUs: 420_000, path: .smooth)
        b.rest(180_000)
        b.end()
        return DemoGesture(name: "catch", summary: "4-finger swipe down, caught by a hold mid-animation and dragged back: cancels",
                           transition: "swipe4-down", outcome: .cancel, reason: .release, samples: b.samples)
    }
}

/// Appends samples with a running clock.
struct SampleBuilder {
    private(set) var samples: [GestureInput] = []
    private(set) var timeUs: UInt64 = 0
    let device: DeviceID
    private var jitter: Jitter
    /// A touchpad's frame interval: 7.5 ms ± 0.5 ms.
    static let frameUs: Double = 7_500
    static let frameJitterUs: Double = 500

    init(device: DeviceID, seed: UInt64) {
        self.device = device
        jitter = Jitter(seed: seed)
    }

    mutating func rest(_ us: UInt64) { timeUs += us }

    /// Fingers come to rest: a touchpad hold on the touchpad, a touch-down on the touchscreen.
    mutating func hold(fingers: Int) {
        let source: GestureSource = device == DemoGestures.touchscreen ? .touchHold : .hold
        samples.append(.holdBegin(HoldBegin(device: device, fingers: fingers, timeUs: timeUs, source: source)))
    }

    mutating func holdEnd(cancelled: Bool) {
        samples.append(.holdEnd(HoldEnd(device: device, cancelled: cancelled, timeUs: timeUs)))
    }

    /// What libinput reports when fingers land and move on a touchpad with hold gestures:
    /// a hold that turns into the swipe 30 ms later.
    mutating func touchpadBegin(fingers: Int) {
        hold(fingers: fingers)
        rest(30_000)
        holdEnd(cancelled: true)
        begin(.swipe, fingers: fingers)
    }

    mutating func begin(_ source: GestureSource, fingers: Int, extent: DeviceExtent? = nil, edges: ScreenEdges = []) {
        samples.append(.begin(GestureBegin(device: device, source: source, fingers: fingers, timeUs: timeUs, extent: extent,
                                           edges: edges)))
    }

    mutating func end() {
        samples.append(.end(GestureEnd(device: device, cancel: nil, timeUs: timeUs)))
    }

    /// Moves by (`dx`, `dy`) in all over `durationUs` (up to the frame that reaches it), one update per frame, with jitter of
    /// up to ±`noise` across the main axis (`digits`: decimals kept, as a trace would show them).
    mutating func pan(dx: Double, dy: Double, durationUs: UInt64, path: FingerPath, noise: Double = 0.25,
                      digits: Int = 3) {
        let scale = Double([1, 10, 100, 1000, 10_000, 100_000][min(digits, 5)])
        let horizontal = abs(dx) >= abs(dy)
        var elapsed = 0.0
        var moved = (x: 0.0, y: 0.0)
        let total = Double(durationUs)
        while elapsed < total {
            elapsed += (Self.frameUs + Self.frameJitterUs * jitter.next()).rounded()
            let fraction = path.fraction(at: elapsed / total)
            let across = noise * jitter.next()
            // Round the running position, not each delta, so rounding never adds up.
            let target = (x: dx * fraction + (horizontal ? 0 : across), y: dy * fraction + (horizontal ? across : 0))
            let x = (target.x * scale).rounded() / scale - moved.x
            let y = (target.y * scale).rounded() / scale - moved.y
            let stepX = (x * scale).rounded() / scale, stepY = (y * scale).rounded() / scale
            moved.x += stepX; moved.y += stepY
            samples.append(.update(GestureUpdate(device: device, dx: stepX, dy: stepY,
                                                 timeUs: timeUs + UInt64(elapsed))))
        }
        timeUs += UInt64(elapsed)
    }
}
