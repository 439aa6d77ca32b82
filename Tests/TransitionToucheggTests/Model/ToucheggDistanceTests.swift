// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
import TransitionTestSupport
@testable import TransitionTouchegg

/// The endpoint's default touchscreen transitions travel 20 % of the screen's side, Touchégg's
/// 100 %, so that the decision End carries falls between its clients' thresholds.
@Suite struct ToucheggDistanceTests {
    /// The reference screen of docs/touchegg.md and the e2e suite, mm.
    static let screen = DeviceExtent(width: 300, height: 200)

    @Test func theEndpointsTouchscreenTransitionsTravelAFifthOfTheScreen() {
        let covered = EngineConfiguration.standard.coveringTouchegg()
        let added = covered.transitions.filter { $0.name.hasPrefix(EngineConfiguration.toucheggPrefix) }
        for spec in added {
            let binding = covered.bindings.first { $0.transition == spec.name }!
            #expect(spec.distance == (binding.source == .touch ? Distance(20, .percent) : nil), "\(spec.name)")
        }
        #expect(added.contains { $0.name == "touchegg:touch2-left" } && added.contains { $0.name == "touchegg:touch5-down" })
        // A bound touchscreen pan whose distance is "auto" travels Touchégg's distance here; its
        // transition is unchanged (the native socket's "auto" stays the screen's side).
        #expect(covered.transitions.first { $0.name == "touch3-left" }?.distance == nil)
        #expect(covered.bindings.first { $0.source == .touch && $0.fingers == 3 && $0.direction == .left }?.distance
                == EngineConfiguration.toucheggTouchscreenDistance)
        #expect(throws: Never.self) { try covered.validate() }
    }

    /// Touchégg's 100 % from the touch-down (its `start` to begin, then `2 × start + finish`)
    /// is 19.4–22 % of the side for every usual screen: 20 % is its middle.
    @Test(arguments: [(300.0, 200.0), (293.8, 165.2), (344.0, 193.5), (200.0, 200.0), (165.2, 293.8)])
    func touchéggsHundredIsAboutAFifthOfTheSide(width: Double, height: Double) {
        let scale = ToucheggScale.touchscreen(sizeMm: DeviceExtent(width: width, height: height))
        for (side, finish) in [(width, scale.finishHorizontal), (height, scale.finishVertical)] {
            let hundred = (3 * scale.start + finish) / side
            #expect(hundred >= 0.19 && hundred <= 0.22, "\(width) × \(height): \(hundred)")
        }
    }

    /// Where the endpoint decides (progress 0.5: 10 % of the side past its Begin, where both the
    /// engine's progress and Touchégg's percentage start), Touchégg's percentage is past its
    /// client's threshold (20) and short of Cinnamon's (60): a slow swipe released beyond that
    /// point finishes in both, one released before it cancels in Cinnamon as it would under
    /// Touchégg. docs/touchegg.md gives these numbers.
    @Test func theDecisionFallsBetweenTheClientsThresholds() {
        let scale = ToucheggScale.touchscreen(sizeMm: Self.screen)
        let across = scale.swipePercentage(.right, dx: 30, dy: 0)
        let down = scale.swipePercentage(.down, dx: 0, dy: 20)
        #expect(abs(across - 50) < 1e-9)                         // (30 − 4) / (4 + 48)
        #expect(abs(down - 16.0 / 36 * 100) < 1e-9)              // (20 − 4) / (4 + 32): 44.4
        // Past the Begin, Touchégg's 20 % and 60 % across: 4 + 0.2 × 52 and 4 + 0.6 × 52 mm.
        #expect(abs(scale.swipePercentage(.right, dx: 14.4, dy: 0) - 20) < 1e-9)
        #expect(abs(scale.swipePercentage(.right, dx: 35.2, dy: 0) - 60) < 1e-9)
        // Every aspect ratio up to 21:9, either axis.
        for ratio in [1.0, 4.0 / 3, 1.5, 16.0 / 9, 16.0 / 10, 21.0 / 9] {
            let s = ToucheggScale.touchscreen(sizeMm: DeviceExtent(width: 200 * ratio, height: 200))
            for p in [s.swipePercentage(.left, dx: -20 * ratio, dy: 0), s.swipePercentage(.up, dx: 0, dy: -20)] {
                #expect(p > 20 && p < 60, "\(ratio): \(p)")
            }
        }
    }

    /// A slow two-finger swipe right over `fraction` of the 300 mm width, 1.5 mm every 25 ms
    /// (60 mm/s, under the 80 mm/s release threshold), on the endpoint's engine; `fingers` 3
    /// is bound by the standard set at the screen's width.
    static func slowSwipe(fingers: Int = 2, over fraction: Double,
                          configuration: EngineConfiguration = .standard) -> [ToucheggSignal] {
        var h = EngineHarness(configuration.coveringTouchegg())
        h.engine.catchesAnimations = false
        var tracker = ToucheggTracker()
        h.begin(1, .touch, fingers: fingers, extent: screen, sizeMm: screen)
        let steps = Int((fraction * screen.width / 1.5).rounded())
        h.pan(1, dx: 1.5, count: steps, every: 25)
        h.end(1, after: 25)
        for _ in 0..<20 { h.advanceToDeadline() }
        return ToucheggModelTests.signals(h.takeInOrder(), &tracker)
    }

    @Test func aSlowSwipeOver18PercentOfTheWidthFinishesInEveryClient() {
        let sent = Self.slowSwipe(over: 0.18)
        #expect(ToucheggModelTests.check(sent) == [])
        // Touchégg's own percentage near the lift: (54 − 3 − 4) / 52, about 90 %.
        let shown = sent.last { $0.member == .update }?.percentage ?? 0
        #expect(shown > 85 && shown < 95)
        guard let end = sent.last, end.member == .end else { Issue.record("no End: \(sent)"); return }
        #expect(end.percentage == 100)
        #expect(end.percentage >= 20)                            // Touchégg's client runs the action
        #expect(end.percentage >= 60)                            // so does Cinnamon
        var gala = ToucheggModelTests.Gala()
        #expect(sent.compactMap { gala.take($0) }.last == 1)     // Gala moves one workspace
    }

    @Test func aSlowSwipeOver6PercentCancelsInEveryClient() {
        // 18 mm: Touchégg's percentage about 21 %, the endpoint's progress 0.25.
        let sent = Self.slowSwipe(over: 0.06)
        #expect(ToucheggModelTests.check(sent) == [])
        #expect(sent.last?.member == .end && sent.last?.percentage == 0)
    }

    /// A gesture bound with an "auto" distance (the standard set's touch3-right) travels
    /// Touchégg's distance on the endpoint too: the same slow swipe finishes.
    @Test func aBoundSwipeWithAnAutoDistanceTravelsTouchéggsDistance() {
        let sent = Self.slowSwipe(fingers: 3, over: 0.18)
        #expect(sent.last?.member == .end && sent.last?.percentage == 100)
    }

    /// A distance the user gives is kept: touch3 at 200 mm cancels the same swipe (54 mm is
    /// progress 0.27).
    @Test func aDistanceTheUserGivesIsKept() {
        var configuration = EngineConfiguration.standard
        for i in configuration.transitions.indices where configuration.bindings.contains(where: {
            $0.source == .touch && $0.fingers == 3 && $0.transition == configuration.transitions[i].name
        }) {
            configuration.transitions[i].distance = Distance(200, .mm)
        }
        let sent = Self.slowSwipe(fingers: 3, over: 0.18, configuration: configuration)
        #expect(sent.last?.member == .end && sent.last?.percentage == 0)
    }
}
