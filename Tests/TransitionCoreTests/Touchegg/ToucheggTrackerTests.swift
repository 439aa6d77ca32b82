// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionCore

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

    @Test func aSwipeBeginsUpdatesAndEndsWithTheDecision() throws {
        var tracker = ToucheggTracker()
        let beginSignal = tracker.signal(for: began(.swipe, 3, .left))
        let begin = try #require(beginSignal)
        #expect(begin == ToucheggSignal(member: .begin, type: 1, direction: 3, percentage: 0, fingers: 3, deviceType: 1, elapsedMs: 0))
        let updateSignal = tracker.signal(for: updated(0.3, at: 1_120_000))
        let update = try #require(updateSignal)
        #expect(update.member == .update && update.percentage == 30 && update.elapsedMs == 120)
        // The rubber band outside [0, 1] is clipped.
        #expect(tracker.signal(for: updated(1.02, at: 1_130_000))?.percentage == 100)
        #expect(tracker.signal(for: updated(0.15, at: 1_140_000))?.percentage == 15)
        let endSignal = tracker.signal(for: ended(.finish, from: 0.15, at: 1_150_000))
        let end = try #require(endSignal)
        #expect(end.member == .end && end.percentage == 100 && end.elapsedMs == 150)
        #expect(!tracker.hasOpenGesture)
    }

    @Test func aCancelEndsAtZeroOrAtTheLastPercentage() {
        var decision = ToucheggTracker()
        var last = ToucheggTracker(endEncoding: .last)
        for t in [began(.swipe, 4, .up), updated(0.45, at: 1_100_000)] {
            _ = decision.signal(for: t); _ = last.signal(for: t)
        }
        var sent: [ToucheggSignal] = []
        decision.signals(for: ended(.cancel, from: 0.45, at: 1_200_000)) { sent.append($0) }
        // An update that stays at 45 % at the end's time (Gala's velocity drops to zero), then End at 0.
        #expect(sent.map(\.member) == [.update, .end])
        #expect(sent.map(\.percentage) == [45, 0])
        #expect(sent.map(\.elapsedMs) == [200, 200])
        #expect(last.signal(for: ended(.cancel, from: 0.45, at: 1_200_000))?.percentage == 45)
    }

    @Test func theMappingTable() {
        var tracker = ToucheggTracker()
        let cases: [(GestureSource, Int, Direction, UInt32, UInt32, UInt32)] = [
            (.swipe, 3, .up, 1, 1, 1), (.swipe, 4, .down, 1, 2, 1), (.swipe, 3, .left, 1, 3, 1), (.swipe, 4, .right, 1, 4, 1),
            (.pinch, 2, .in, 2, 5, 1), (.pinch, 3, .out, 2, 6, 1), (.touch, 3, .right, 1, 4, 2),
            (.touchPinch, 2, .out, 2, 6, 2), (.edge, 1, .right, 1, 4, 2),
        ]
        for (i, (source, fingers, direction, type, code, device)) in cases.enumerated() {
            let signal = tracker.signal(for: began(source, fingers, direction, id: UInt64(i + 1)))
            #expect(signal?.type == type && signal?.direction == code && signal?.deviceType == device
                    && signal?.fingers == Int32(fingers), "\(source) \(direction)")
        }
        // Two-finger scrolls are not Touchégg gestures.
        #expect(tracker.signal(for: began(.scroll, 2, .down, id: 99)) == nil)
    }

    @Test func aTapIsABeginAndAnEndOfType3() {
        let tracker = ToucheggTracker()
        let (begin, end) = tracker.signals(for: TapInput(device: DeviceID(2), fingers: 2, durationUs: 90_000, timeUs: 5_000_000))
        #expect(begin == ToucheggSignal(member: .begin, type: 3, direction: 0, percentage: 0, fingers: 2, deviceType: 2, elapsedMs: 0))
        #expect(end == ToucheggSignal(member: .end, type: 3, direction: 0, percentage: 100, fingers: 2, deviceType: 2, elapsedMs: 90))
    }

    @Test func aCatchBeginsAgainAndAPausedClientIsOwedAnEnd() throws {
        var tracker = ToucheggTracker()
        _ = tracker.signal(for: began(.swipe, 3, .right))
        _ = tracker.signal(for: updated(0.6, at: 1_100_000))
        #expect(tracker.cancellations(atUs: 1_150_000).map(\.percentage) == [0])
        _ = tracker.signal(for: ended(.finish, from: 0.6, at: 1_200_000))
        #expect(tracker.cancellations(atUs: 1_250_000).isEmpty)
        let catchSignal = tracker.signal(for: TransitionEvent(transition: "x", gesture: 1, timeUs: 1_300_000,
                                                              payload: .paused(PausedEvent(progress: 0.8))))
        let caught = try #require(catchSignal)
        #expect(caught.member == .begin && caught.percentage == 80 && caught.elapsedMs == 0)
        #expect(tracker.signal(for: TransitionEvent(transition: "x", gesture: 1, timeUs: 1_400_000,
                                                    payload: .completed(CompletedEvent(finished: true, progress: 1)))) == nil)
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
