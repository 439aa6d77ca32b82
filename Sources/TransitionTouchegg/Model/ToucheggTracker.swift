// SPDX-License-Identifier: MIT
public import TransitionCore

/// Turns the transition events of the Touchégg endpoint's engine into Touchégg's signals:
/// `began` → `OnGestureBegin`, `updated` → `OnGestureUpdate`, `ended` → `OnGestureEnd`.
/// `paused` (a catch) and `completed` send nothing: Touchégg has no catching, one physical
/// gesture is one Begin … End (the endpoint's engine does not catch either, see
/// ``TransitionEngine/catchesAnimations``).
///
/// The percentages are Touchégg's own (``ToucheggScale``), computed from the samples the
/// engine gets, which the tracker sees first (``observe(_:)``): how far the fingers moved and
/// how large the device is, not the transition's progress. So a client reaches 100 % where it
/// does under Touchégg's daemon, whatever distance transitiond's transition has; transitiond's
/// decision reaches it through `OnGestureEnd`.
///
/// `OnGestureEnd` carries the engine's decision as ``EndEncoding/decision`` describes, or, with
/// ``EndEncoding/last``, the last percentage. Pure, and allocates nothing per event once the
/// few gesture slots exist. docs/touchegg.md explains the encoding client by client.
public struct ToucheggTracker: Sendable {
    /// What `OnGestureEnd` carries.
    public enum EndEncoding: Sendable, Hashable {
        /// The engine's decision, so that every client's own rule follows it. A swipe: one
        /// settling `OnGestureUpdate` (see ``GalaFollower``), then `OnGestureEnd` at 100 for a
        /// finish and 0 for a cancel. A pinch: the last percentage, raised to
        /// ``pinchFinish`` for a finish or lowered to ``pinchCancel`` for a cancel.
        case decision
        /// The last percentage sent, as Touchégg's daemon sends it.
        case last
    }

    /// A pinch that finishes ends at least here: Cinnamon's pinch threshold (40,
    /// `pinch-percent-threshold`), above Touchégg's client's (20, `action_execute_threshold`).
    public static let pinchFinish = 40.0
    /// A pinch that is cancelled ends at most here: below Touchégg's client's threshold (20).
    public static let pinchCancel = 19.0
    /// The highest percentage a swipe's Begin or Update carries with ``EndEncoding/decision``:
    /// room for the settling update's +0.5.
    public static let swipeCeiling = 99.5

    private struct Gesture: Sendable {
        var id: UInt64
        /// The row's source, the device, and the direction as the viewer sees it (the frame of
        /// the samples' deltas).
        var source: GestureSource
        var device: DeviceID
        var seen: Direction
        /// The device's thresholds.
        var scale: ToucheggScale
        /// Where Touchégg's percentage counts from: a touchscreen's motion at the Begin
        /// (Touchégg's touch handler restarts there), nothing for a touchpad's (libinput's begin).
        var fromDx: Double
        var fromDy: Double
        var fromScale: Double
        /// The tracker's own number for it: increasing, one per Begin.
        var serial: UInt64
        var type: UInt32
        var direction: UInt32
        var fingers: Int32
        var deviceType: UInt32
        var beganUs: UInt64
        var percentage: Double
        var lastElapsedMs: UInt64
        var gala: GalaFollower
    }

    /// How `OnGestureEnd` is encoded.
    public var endEncoding: EndEncoding
    private var gestures: [Gesture] = []
    /// The motion of each device's latest gesture, from its samples.
    private var motions: [ToucheggMotion] = []
    private var nextSerial: UInt64 = 1

    /// A tracker with no gesture in flight.
    public init(endEncoding: EndEncoding = .decision) {
        self.endEncoding = endEncoding
        gestures.reserveCapacity(4)
        motions.reserveCapacity(4)
    }

    /// One recognised sample, before the endpoint's engine gets it: the tracker follows each
    /// device's motion for Touchégg's percentages.
    public mutating func observe(_ input: GestureInput) {
        switch input {
        case .begin(let begin):
            if let i = motions.firstIndex(where: { $0.device == begin.device }) {
                motions[i] = ToucheggMotion(begin)
            } else {
                motions.append(ToucheggMotion(begin))
            }
        case .update(let update):
            if let i = motions.firstIndex(where: { $0.device == update.device }) { motions[i].add(update) }
        case .deviceRemoved(let device, _):
            motions.removeAll { $0.device == device }
        case .end, .holdBegin, .holdEnd, .tap:
            return
        }
    }

    /// Whether a gesture has begun for Touchégg's clients and not ended.
    public var hasOpenGesture: Bool { !gestures.isEmpty }

    /// The serial the next Begin gets: a client that must not see the gestures already begun
    /// (it connected, or its delivery resumed, in the middle of one) takes no signal of a
    /// gesture below it (``ToucheggSignal/gesture``).
    public var nextGesture: UInt64 { nextSerial }

    /// Calls `emit` with the signals for `event`. `rotation` is the touchscreen's
    /// `[touchscreen] rotation` for a `began` on a touchscreen: Touchégg's daemon sends the
    /// device's own directions, and its client rotates them by XRandR, so the endpoint turns
    /// them back.
    public mutating func signals(for event: TransitionEvent, rotation: PanelRotation = .none,
                                 emit: (ToucheggSignal) -> Void) {
        switch event.payload {
        case .began(let began):
            guard case .gesture(let source, let fingers, let device) = began.origin, let row = ToucheggMapping.row(for: source),
                  let direction = began.direction
            else { return }
            let native = source.isTouchscreen && row.type == 1 ? rotation.native(direction) : direction
            let motion = self.motion(of: device)
            let restarts = source.isTouchscreen
            var gesture = Gesture(id: event.gesture, source: source, device: device, seen: direction,
                                  scale: source.isTouchscreen ? .touchscreen(sizeMm: motion.sizeMm) : .touchpad(sizeMm: motion.sizeMm),
                                  fromDx: restarts ? motion.dx : 0, fromDy: restarts ? motion.dy : 0,
                                  fromScale: restarts ? motion.scale : 1, serial: nextSerial, type: row.type,
                                  direction: ToucheggMapping.code(for: native), fingers: Int32(clamping: fingers),
                                  deviceType: row.deviceType, beganUs: event.timeUs, percentage: 0,
                                  lastElapsedMs: 0, gala: GalaFollower(begin: 0))
            let percentage = clipped(toucheggPercentage(gesture), type: row.type)
            gesture.percentage = percentage
            gesture.gala = GalaFollower(begin: percentage)
            nextSerial += 1
            if let i = index(of: event.gesture) { gestures[i] = gesture } else { gestures.append(gesture) }
            emit(make(.begin, gesture, percentage: percentage, elapsedMs: 0))
        case .updated:
            guard let i = index(of: event.gesture) else { return }
            let percentage = clipped(toucheggPercentage(gestures[i]), type: gestures[i].type)
            let elapsed = max(elapsedMs(gestures[i], atUs: event.timeUs), gestures[i].lastElapsedMs)
            gestures[i].percentage = percentage
            gestures[i].lastElapsedMs = elapsed
            gestures[i].gala.update(percentage, elapsedMs: elapsed)
            emit(make(.update, gestures[i], percentage: percentage, elapsedMs: elapsed))
        case .ended(let ended):
            guard let i = index(of: event.gesture) else { return }
            let g = gestures.remove(at: i)
            var elapsed = max(elapsedMs(g, atUs: event.timeUs), g.lastElapsedMs)
            switch endEncoding {
            case .last:
                emit(make(.end, g, percentage: g.percentage, elapsedMs: elapsed))
            case .decision where g.type == 2:
                let percentage = ended.outcome == .finish ? max(g.percentage, Self.pinchFinish) : min(g.percentage, Self.pinchCancel)
                emit(make(.end, g, percentage: percentage, elapsedMs: elapsed))
            case .decision:
                // Gala reads the End as a position and adds ±0.5 with the last update's velocity.
                let settling = g.gala.settlingPercentage(from: g.percentage)
                elapsed = max(elapsed, g.lastElapsedMs + 1)
                var update = make(.update, g, percentage: settling, elapsedMs: g.lastElapsedMs + 1)
                update.settles = true
                emit(update)
                emit(make(.end, g, percentage: ended.outcome == .finish ? 100 : 0, elapsedMs: elapsed))
            }
        case .paused, .completed:
            return
        }
    }

    /// The signals for `event` (``signals(for:rotation:emit:)``), for tests.
    public mutating func signals(for event: TransitionEvent, rotation: PanelRotation = .none) -> [ToucheggSignal] {
        var sent: [ToucheggSignal] = []
        signals(for: event, rotation: rotation) { sent.append($0) }
        return sent
    }

    /// A touchscreen tap as Touchégg's daemon sends one (2.0.18's `libinput-touch-handler.cpp`):
    /// only with two fingers or more, `OnGestureBegin` and `OnGestureEnd` both at 100 % with
    /// the tap's duration, gesture type 3, no direction. Taps are sent whether or not a
    /// transition is bound to them. A tap is a gesture of its own (``nextGesture``). A touchpad
    /// tap (`padtap`) is not Touchégg's: nothing is sent.
    public mutating func signals(for tap: TapInput) -> (begin: ToucheggSignal, end: ToucheggSignal)? {
        guard !tap.touchpad, tap.fingers >= 2 else { return nil }
        let fingers = Int32(clamping: tap.fingers)
        let type = ToucheggMapping.tap.type, device = ToucheggMapping.tap.deviceType
        let elapsed = tap.durationUs / 1000
        var begin = ToucheggSignal(member: .begin, type: type, direction: 0, percentage: 100, fingers: fingers,
                                   deviceType: device, elapsedMs: elapsed)
        begin.gesture = nextSerial
        nextSerial += 1
        var end = begin
        end.member = .end
        return (begin, end)
    }

    /// `OnGestureEnd` (0 %, a cancel) for every gesture begun and not ended: for a client that
    /// stops receiving (its session locked) mid-gesture. That client must then take no signal
    /// of these gestures again (``nextGesture``).
    public func cancellations(atUs nowUs: UInt64) -> [ToucheggSignal] {
        gestures.map { make(.end, $0, percentage: 0, elapsedMs: max(elapsedMs($0, atUs: nowUs), $0.lastElapsedMs)) }
    }

    private func index(of id: UInt64) -> Int? {
        gestures.firstIndex { $0.id == id }
    }

    private func elapsedMs(_ g: Gesture, atUs nowUs: UInt64) -> UInt64 {
        nowUs >= g.beganUs ? (nowUs - g.beganUs) / 1000 : 0
    }

    private func make(_ member: ToucheggSignal.Member, _ g: Gesture, percentage: Double, elapsedMs: UInt64) -> ToucheggSignal {
        var signal = ToucheggSignal(member: member, type: g.type, direction: g.direction, percentage: percentage,
                                    fingers: g.fingers, deviceType: g.deviceType, elapsedMs: elapsedMs)
        signal.gesture = g.serial
        return signal
    }

    /// A swipe's percentage with ``EndEncoding/decision`` stays at or below ``swipeCeiling``.
    private func clipped(_ percentage: Double, type: UInt32) -> Double {
        endEncoding == .decision && type == 1 ? min(percentage, Self.swipeCeiling) : percentage
    }

    /// The motion of `device`'s latest gesture (none when its begin was not seen).
    private func motion(of device: DeviceID) -> ToucheggMotion {
        motions.first { $0.device == device } ?? ToucheggMotion(device: device)
    }

    /// Touchégg's percentage for `g` now, from its device's motion (``ToucheggScale``).
    private func toucheggPercentage(_ g: Gesture) -> Double {
        let m = motion(of: g.device)
        if g.source.isPinch {
            return ToucheggScale.pinchPercentage(g.seen, scale: g.fromScale > 0 ? m.scale / g.fromScale : m.scale)
        }
        return g.scale.swipePercentage(g.seen, dx: m.dx - g.fromDx, dy: m.dy - g.fromDy)
    }
}

extension PanelRotation {
    /// The direction on the panel's own axes of a motion the viewer sees going `direction`
    /// (pinches and rotations are unchanged: a turn is clockwise on any panel).
    public func native(_ direction: Direction) -> Direction {
        switch (self, direction) {
        case (.none, _), (_, .in), (_, .out), (_, .cw), (_, .ccw): direction
        case (.half, .up): .down
        case (.half, .down): .up
        case (.half, .left): .right
        case (.half, .right): .left
        // The native top edge is the viewer's left: native right is viewer up.
        case (.quarter, .up): .right
        case (.quarter, .right): .down
        case (.quarter, .down): .left
        case (.quarter, .left): .up
        // The native top edge is the viewer's right: native right is viewer down.
        case (.threeQuarters, .down): .right
        case (.threeQuarters, .left): .down
        case (.threeQuarters, .up): .left
        case (.threeQuarters, .right): .up
        }
    }
}
