// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
@testable import TransitionTouchegg

/// Transition events as Touchégg's signals: the mapping table, the order, OnGestureEnd.
@Suite struct ToucheggTrackerTests {
    func began(_ source: GestureSource, _ fingers: Int, _ direction: Direction, id: UInt64 = 1, at t: UInt64 = 1_000_000) -> TransitionEvent {
        TransitionEvent(transition: "x", gesture: id, timeUs: t,
                        payload: .began(BeganEvent(origin: .gesture(source: source, fingers: fingers, device: DeviceID(1)),
                                                   direction: direction, from: 0, interactive: true)))
    }

    func updated(_ progress: Double, id: UInt64 = 1, at t: UInt64) -> TransitionEvent {
        TransitionEvent(transition: "x", gesture: id, timeUs: t,
                        payload: .updated(UpdatedEvent(progress: progress, rawProgress: progress, velocity: 0)))
    }

    func ended(_ outcome: Outcome, from: Double, id: UInt64 = 1, at t: UInt64) -> TransitionEvent {
        TransitionEvent(transition: "x", gesture: id, timeUs: t,
                        payload: .ended(EndedEvent(outcome: outcome, reason: .release, from: from, to: outcome == .finish ? 1 : 0,
                                                   velocity: 0, animation: .none(to: outcome == .finish ? 1 : 0))))
    }

    func one(_ tracker: inout ToucheggTracker, _ event: TransitionEvent) throws -> ToucheggSignal {
        let sent = tracker.signals(for: event)
        #expect(sent.count == 1)
        return try #require(sent.first)
    }

    /// Touchégg's percentages follow the samples: the tracker observes them before the
    /// engine's events. `sample` observes a begin on device 1 (`source`, `sizeMm`).
    func sample(_ tracker: inout ToucheggTracker, begin source: GestureSource, sizeMm: DeviceExtent? = nil) {
        tracker.observe(.begin(GestureBegin(device: DeviceID(1), source: source, fingers: 3, timeUs: 900_000, sizeMm: sizeMm)))
    }

    /// Observes a move by (`dx`, `dy`) on device 1, then the engine's `updated` for it.
    func move(_ tracker: inout ToucheggTracker, dx: Double = 0, dy: Double = 0, at t: UInt64) throws -> ToucheggSignal {
        tracker.observe(.update(GestureUpdate(device: DeviceID(1), dx: dx, dy: dy, timeUs: t)))
        return try one(&tracker, updated(0.5, at: t))
    }

    /// Touchégg's fallback scale (a touchpad of unknown size): `p` percent is 200 + 27 p units.
    static func units(_ p: Double) -> Double { 200 + 27 * p }

    @Test func aSwipeBeginsUpdatesAndEndsWithTheDecision() throws {
        var tracker = ToucheggTracker()
        sample(&tracker, begin: .swipe)
        let begin = try one(&tracker, began(.swipe, 3, .left))
        #expect(begin.member == .begin && begin.type == 1 && begin.direction == 3 && begin.percentage == 0
                && begin.fingers == 3 && begin.deviceType == 1 && begin.elapsedMs == 0)
        // The percentage is Touchégg's, whatever the engine's progress (0.5 in every `updated` here).
        let update = try move(&tracker, dx: -Self.units(30), at: 1_120_000)
        #expect(update.member == .update && update.percentage == 30 && update.elapsedMs == 120)
        // Past 100 % it is clipped, and a swipe stays at or below 99.5 (room for the settling
        // update).
        #expect(try move(&tracker, dx: -27 * 75, at: 1_130_000).percentage == 99.5)
        #expect(try move(&tracker, dx: 27 * 90, at: 1_140_000).percentage == 15)
        let sent = tracker.signals(for: ended(.finish, from: 0.15, at: 1_150_000))
        #expect(sent.map(\.member) == [.update, .end])
        // 30 -> 99.5 in 10 ms went faster than Gala's 1 % per ms: it kept 59.5 aside (lag 59.5), so
        // the settling update rises 0.5 (Gala adds half a step) rather than staying.
        #expect(sent.map(\.percentage) == [15.5, 100])
        #expect(sent.map(\.elapsedMs) == [141, 150])
        #expect(sent[0].settles && !sent[0].isCoalescable && sent.allSatisfy { $0.gesture == begin.gesture })
        #expect(!tracker.hasOpenGesture)
    }

    @Test func aCancelEndsAtZeroOrAtTheLastPercentage() throws {
        func held(_ encoding: ToucheggTracker.EndEncoding) throws -> ToucheggTracker {
            var tracker = ToucheggTracker(endEncoding: encoding)
            sample(&tracker, begin: .swipe)
            _ = tracker.signals(for: began(.swipe, 4, .up))
            _ = try move(&tracker, dy: -Self.units(45), at: 1_100_000)
            return tracker
        }
        var decision = try held(.decision)
        var last = try held(.last)
        let sent = decision.signals(for: ended(.cancel, from: 0.45, at: 1_200_000))
        // An update that stays at 45 % 1 ms later (Gala's velocity drops to zero), then End at 0.
        #expect(sent.map(\.member) == [.update, .end])
        #expect(sent.map(\.percentage) == [45, 0])
        #expect(sent.map(\.elapsedMs) == [101, 200])
        #expect(last.signals(for: ended(.cancel, from: 0.45, at: 1_200_000)).map(\.percentage) == [45])
    }

    @Test func aPinchEndsAtTheThresholdsItsDecisionNeeds() throws {
        // Touchégg's pinch percentage: |scale − 1| × 100 (here out: 1.25 is 25 %).
        for (scale, outcome, end) in [(1.25, Outcome.finish, 40.0), (1.75, .finish, 75), (1.125, .cancel, 12.5), (1.25, .cancel, 19)] {
            var tracker = ToucheggTracker()
            sample(&tracker, begin: .pinch)
            _ = tracker.signals(for: began(.pinch, 3, .out))
            #expect(try move(&tracker, dx: scale - 1, at: 1_100_000).percentage == (scale - 1) * 100)
            let sent = tracker.signals(for: ended(outcome, from: 0.5, at: 1_200_000))
            #expect(sent.map(\.member) == [.end] && sent.map(\.percentage) == [end], "\(scale) \(outcome)")
        }
    }

    /// A touchpad swipe counts from libinput's begin (Touchégg's swipe handler sums every delta),
    /// with the touchpad's size from the begin sample.
    @Test func aTouchpadSwipeCountsFromLibinputsBeginOnItsOwnSize() throws {
        var tracker = ToucheggTracker()
        let size = DeviceExtent(width: 100, height: 800.0 / 12)
        let scale = ToucheggScale.touchpad(sizeMm: size)
        sample(&tracker, begin: .swipe, sizeMm: size)
        tracker.observe(.update(GestureUpdate(device: DeviceID(1), dx: 0, dy: 40, timeUs: 950_000)))
        // The engine locked 40 units down: Touchégg's percentage there is already past its start.
        let begin = try one(&tracker, began(.swipe, 3, .down))
        #expect(abs(begin.percentage - (40 - scale.start) * 100 / (scale.start + scale.finishVertical)) < 1e-9)
        let full = 2 * scale.start + scale.finishVertical
        #expect(try move(&tracker, dy: full - 40 - 5, at: 1_100_000).percentage < 99)
        #expect(try move(&tracker, dy: 5, at: 1_110_000).percentage == 99.5)
    }

    /// A touchscreen swipe counts from the Begin (Touchégg's touch handler takes the positions
    /// there as the start): 0 % at the Begin, 100 % after 2 × start + finish, in mm of its size.
    @Test func aTouchscreenSwipeRestartsAtTheBeginOnItsOwnSize() throws {
        for encoding in [ToucheggTracker.EndEncoding.decision, .last] {
            var tracker = ToucheggTracker(endEncoding: encoding)
            sample(&tracker, begin: .touch, sizeMm: DeviceExtent(width: 300, height: 200))   // start 4, finish 48 across
            tracker.observe(.update(GestureUpdate(device: DeviceID(1), dx: 5, dy: 1, timeUs: 950_000)))
            #expect(try one(&tracker, began(.touch, 3, .right)).percentage == 0)
            #expect(try move(&tracker, dx: 4, at: 1_100_000).percentage == 0)
            #expect(try move(&tracker, dx: 26, dy: 7, at: 1_110_000).percentage == 50)
            let top = try move(&tracker, dx: 26, at: 1_120_000).percentage
            #expect(top == (encoding == .last ? 100 : 99.5))
            #expect(tracker.signals(for: ended(.finish, from: 1, at: 1_200_000)).last?.percentage == 100)
        }
        // Its size unknown: Touchégg's fallbacks (in the panel's own units).
        var tracker = ToucheggTracker()
        sample(&tracker, begin: .touch)
        _ = tracker.signals(for: began(.touch, 3, .left))
        #expect(try move(&tracker, dx: -(200 + 27 * 10), at: 1_100_000).percentage == 10)
        // An edge swipe is a touchscreen pan: the same scale.
        var edge = ToucheggTracker()
        sample(&edge, begin: .touch, sizeMm: DeviceExtent(width: 300, height: 200))
        _ = edge.signals(for: began(.edge, 1, .up))
        #expect(try move(&edge, dy: -(4 + 18), at: 1_100_000).percentage == 50)   // start 4, finish 32 down
    }

    /// A touchpad pinch's scale is libinput's, from its begin; a touchscreen pinch's restarts at
    /// the Begin (the fingers' spread there is Touchégg's 1.0).
    @Test func aPinchIsOnTouchegsScaleOnBothDevices() throws {
        var pad = ToucheggTracker()
        sample(&pad, begin: .pinch)
        pad.observe(.update(GestureUpdate(device: DeviceID(1), dx: -0.125, dy: 3, timeUs: 950_000)))
        #expect(try one(&pad, began(.pinch, 3, .in)).percentage == 12.5)
        #expect(try move(&pad, dx: -0.375, at: 1_100_000).percentage == 50)
        #expect(try move(&pad, dx: -0.5, at: 1_110_000).percentage == 100)
        var screen = ToucheggTracker()
        sample(&screen, begin: .touchPinch)
        screen.observe(.update(GestureUpdate(device: DeviceID(1), dx: 0.25, dy: 0, timeUs: 950_000)))
        #expect(try one(&screen, began(.touchPinch, 2, .out)).percentage == 0)
        #expect(try move(&screen, dx: 0.625, at: 1_100_000).percentage == 50)    // 1.875 / 1.25
    }

    @Test func theMappingTable() {
        var tracker = ToucheggTracker()
        let cases: [(GestureSource, Int, Direction, UInt32, UInt32, UInt32)] = [
            (.swipe, 3, .up, 1, 1, 1), (.swipe, 4, .down, 1, 2, 1), (.swipe, 3, .left, 1, 3, 1), (.swipe, 4, .right, 1, 4, 1),
            (.pinch, 2, .in, 2, 5, 1), (.pinch, 3, .out, 2, 6, 1), (.touch, 3, .right, 1, 4, 2),
            (.touchPinch, 2, .out, 2, 6, 2), (.edge, 1, .right, 1, 4, 2),
        ]
        for (i, (source, fingers, direction, type, code, device)) in cases.enumerated() {
            let signal = tracker.signals(for: began(source, fingers, direction, id: UInt64(i + 1))).first
            #expect(signal?.type == type && signal?.direction == code && signal?.deviceType == device
                    && signal?.fingers == Int32(fingers), "\(source) \(direction)")
        }
        // Two-finger scrolls are not Touchégg gestures.
        #expect(tracker.signals(for: began(.scroll, 2, .down, id: 99)).isEmpty)
    }

    /// Touchégg's daemon sends the panel's own directions; its client turns touchscreen swipes
    /// by XRandR. So a rotated touchscreen's swipe goes out unrotated, and a pinch as it is.
    @Test func aRotatedTouchscreenSwipeGoesOutInThePanelsOwnDirection() {
        let turns: [(PanelRotation, Direction, Direction)] = [
            (.none, .up, .up), (.half, .up, .down), (.half, .left, .right),
            (.quarter, .up, .right), (.quarter, .right, .down), (.quarter, .down, .left), (.quarter, .left, .up),
            (.threeQuarters, .up, .left), (.threeQuarters, .left, .down), (.threeQuarters, .down, .right),
            (.threeQuarters, .right, .up), (.quarter, .in, .in),
        ]
        for (rotation, seen, native) in turns {
            var tracker = ToucheggTracker()
            let source: GestureSource = seen.axis == .scale ? .touchPinch : .touch
            let signal = tracker.signals(for: began(source, 3, seen), rotation: rotation).first
            #expect(signal?.direction == ToucheggMapping.code(for: native), "\(rotation) \(seen)")
        }
        // PanelRotation.native undoes what the input layer applied: the viewer's direction of
        // a native motion, turned back, is that motion.
        for rotation in PanelRotation.allCases {
            let (w, h) = (100.0, 60.0)
            for (dx, dy, native) in [(1.0, 0.0, Direction.right), (-1, 0, .left), (0, 1, .down), (0, -1, .up)] {
                let a = rotation.apply(x: 50, y: 30, width: w, height: h), b = rotation.apply(x: 50 + dx, y: 30 + dy, width: w, height: h)
                let vx = b.x - a.x, vy = b.y - a.y
                let seen: Direction = abs(vx) > abs(vy) ? (vx > 0 ? .right : .left) : (vy > 0 ? .down : .up)
                #expect(rotation.native(seen) == native, "\(rotation) \(native)")
            }
        }
    }

    /// Touchégg sends taps with two fingers or more only (2.0.18, libinput-touch-handler.cpp),
    /// Begin and End both at 100 % with the tap's duration.
    @Test func aTapOfTwoFingersOrMoreIsABeginAndAnEndOfType3() throws {
        var tracker = ToucheggTracker()
        #expect(tracker.signals(for: TapInput(device: DeviceID(2), fingers: 1, durationUs: 90_000, timeUs: 5_000_000)) == nil)
        #expect(tracker.signals(for: TapInput(device: DeviceID(1), fingers: 4, durationUs: 60_000, timeUs: 5_000_000,
                                              touchpad: true)) == nil)   // a padtap is not Touchégg's
        let first = tracker.nextGesture
        let sent = tracker.signals(for: TapInput(device: DeviceID(2), fingers: 2, durationUs: 90_000, timeUs: 5_000_000))
        let tap = try #require(sent)
        var expected = ToucheggSignal(member: .begin, type: 3, direction: 0, percentage: 100, fingers: 2, deviceType: 2, elapsedMs: 90)
        // A gesture of its own: a client whose floor is past the gestures before it still gets it.
        expected.gesture = first
        #expect(tap.begin == expected)
        expected.member = .end
        #expect(tap.end == expected)
        #expect(tracker.nextGesture == first + 1)
    }

    @Test func aCatchSendsNothingAndAPausedClientIsOwedAnEnd() throws {
        var tracker = ToucheggTracker()
        let first = tracker.nextGesture
        _ = tracker.signals(for: began(.swipe, 3, .right))
        _ = tracker.signals(for: updated(0.6, at: 1_100_000))
        let owed = tracker.cancellations(atUs: 1_150_000)
        #expect(owed.map(\.percentage) == [0] && owed.map(\.gesture) == [first] && tracker.nextGesture == first + 1)
        _ = tracker.signals(for: ended(.finish, from: 0.6, at: 1_200_000))
        #expect(tracker.cancellations(atUs: 1_250_000).isEmpty)
        // No catching on this transport: a catch begins nothing, and what follows of that
        // transition is not Touchégg's.
        #expect(tracker.signals(for: TransitionEvent(transition: "x", gesture: 1, timeUs: 1_300_000,
                                                     payload: .paused(PausedEvent(progress: 0.8)))).isEmpty)
        #expect(tracker.signals(for: updated(0.9, at: 1_350_000)).isEmpty)
        #expect(tracker.signals(for: ended(.finish, from: 0.9, at: 1_400_000)).isEmpty)
        #expect(tracker.signals(for: TransitionEvent(transition: "x", gesture: 1, timeUs: 1_400_000,
                                                     payload: .completed(CompletedEvent(finished: true, progress: 1)))).isEmpty)
    }

    @Test func theEndpointsEngineCoversEveryGestureOnce() throws {
        let covered = EngineConfiguration.standard.coveringTouchegg()
        // The standard set binds swipes 3-4, pinches 3-4, touch 3-4 and touchscreen pinches 3-4;
        // added: pinch 2, touch 2 and 5, touchscreen pinch 2 and 5. Edge swipes are not added.
        let added = covered.transitions.map(\.name).filter { $0.hasPrefix(EngineConfiguration.toucheggPrefix) }
        #expect(added.count == 2 + 4 + 4 + 4)
        #expect(added.contains("touchegg:pinch2-in") && added.contains("touchegg:touch5-up"))
        #expect(added.contains("touchegg:touchpinch5-out") && !added.contains { $0.contains("edge") })
        _ = try TransitionEngine(configuration: covered)
        let keys = covered.bindings.map { "\($0.source)\($0.fingers)\($0.direction)" }
        #expect(Set(keys).count == keys.count)
    }
}
