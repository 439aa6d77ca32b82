// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
@testable import TransitionCtl

@Suite struct GestureTimelineTests {
    let timelines = GestureTimeline.build(from: PlotFixtures.events)

    @Test func oneTimelinePerGestureInOrder() {
        #expect(timelines.map(\.gesture) == [1, 2, 3])
        #expect(timelines.allSatisfy { $0.transition == "swipe3-left" })
        #expect(timelines[0].origin == "swipe, 3 fingers, left")
        #expect(timelines.allSatisfy { $0.samples.first!.t >= 0 && $0.samples.first!.t < 0.5 })
    }

    @Test func decisionsCarryTheirReasonAndTheSampledAnimation() throws {
        let finish = try #require(timelines[0].decisions.first)
        #expect(finish.ended.outcome == .finish)
        #expect(finish.curve.first!.progress == finish.ended.from)
        #expect(finish.curve.last!.progress == finish.ended.to)
        #expect(abs(finish.played - finish.ended.animation.duration) < 1e-9)
        // Sampled from the description, every 4 ms.
        let sampler = finish.ended.animation.sampler
        for s in finish.curve { #expect(abs(s.progress - sampler.value(at: s.t - finish.t)) < 1e-12) }
        #expect(finish.curve.count == Int((finish.played / 0.004).rounded(.up)) + 1)
        #expect(timelines[1].decisions.first!.ended.outcome == .cancel)
        #expect(timelines[1].completed?.finished == false)
    }

    @Test func edgeSwipesAndTouchscreenPinchesAreNamed() throws {
        func began(_ source: GestureSource, _ fingers: Int, _ direction: Direction) -> TransitionEvent {
            TransitionEvent(transition: "t", gesture: 9, timeUs: 0,
                            payload: .began(BeganEvent(origin: .gesture(source: source, fingers: fingers, device: DeviceID(2)),
                                                       direction: direction, from: 0, interactive: true)))
        }
        #expect(GestureTimeline.build(from: [began(.edge, 1, .right)]).first?.origin == "edge swipe, 1 finger, in from the left")
        #expect(GestureTimeline.build(from: [began(.edge, 2, .up)]).first?.origin == "edge swipe, 2 fingers, in from the bottom")
        #expect(GestureTimeline.build(from: [began(.touchPinch, 2, .out)]).first?.origin == "touchpinch, 2 fingers, out")
    }

    @Test func holdsAreHeadedByWhatTheyAre() throws {
        func began(_ source: GestureSource, _ fingers: Int) -> TransitionEvent {
            TransitionEvent(transition: "t", gesture: 9, timeUs: 0,
                            payload: .began(BeganEvent(origin: .gesture(source: source, fingers: fingers, device: DeviceID(2)),
                                                       direction: nil, from: 0, interactive: true)))
        }
        #expect(GestureTimeline.build(from: [began(.hold, 3)]).first?.origin == "touchpad hold, 3 fingers, progress by time held")
        #expect(GestureTimeline.build(from: [began(.touchHold, 1)]).first?.origin == "long press, 1 finger, progress by time held")
    }

    @Test func aCatchCutsTheAnimationShort() throws {
        let caught = timelines[2]
        #expect(caught.pauses.count == 1)
        #expect(caught.decisions.count == 2)
        let first = caught.decisions[0]
        #expect(abs(first.t + first.played - caught.pauses[0].t) < 1e-9)
        #expect(abs(first.curve.last!.progress - caught.pauses[0].progress) < 1e-9)
        #expect(caught.endTime >= caught.decisions[1].t)
    }

    @Test func aStreamJoinedMidGestureCountsFromItsFirstEvent() throws {
        let late = Array(PlotFixtures.events.drop { e in e.gesture == 1 && { if case .ended = e.payload { false } else { true } }() })
        let first = try #require(GestureTimeline.build(from: late).first)
        #expect(first.gesture == 1 && first.origin == nil && first.samples.isEmpty)
        #expect(first.decisions.first?.t == 0)
        #expect(first.completed?.finished == true)
    }

    @Test func aSecondRunOfTheSameIdIsANewGesture() {
        let twice = PlotFixtures.events + PlotFixtures.events.map { e in
            var e = e
            e.timeUs += 60_000_000
            return e
        }
        let timelines = GestureTimeline.build(from: twice)
        #expect(timelines.map(\.gesture) == [1, 2, 3, 1, 2, 3])
        #expect(timelines[3] == timelines[0].shifted(by: 60_000_000))
    }
}

extension GestureTimeline {
    func shifted(by us: UInt64) -> GestureTimeline {
        var g = self
        g.startUs += us
        return g
    }
}
