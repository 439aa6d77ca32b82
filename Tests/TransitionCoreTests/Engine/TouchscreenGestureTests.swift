// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
@testable import TransitionCore
import TransitionTestSupport

/// Edge swipes, touchscreen pinches and taps in the engine.
@Suite struct TouchscreenGestureTests {
    static let extent = DeviceExtent(width: 300, height: 200)

    /// `back` on edge1-left, `pan` on touch1-right, `zoom` on touchpinch2-out, `tap` on tap3.
    static var configuration: EngineConfiguration {
        EngineConfiguration(
            transitions: [TransitionSpec(name: "back"), TransitionSpec(name: "pan"), TransitionSpec(name: "zoom"),
                          TransitionSpec(name: "tap")],
            bindings: [Binding(source: .edge, fingers: 1, direction: .right, transition: "back"),
                       Binding(source: .touch, fingers: 1, direction: .right, transition: "pan"),
                       Binding(source: .touchPinch, fingers: 2, direction: .out, transition: "zoom")],
            taps: [TapBinding(fingers: 3, transition: "tap")])
    }

    static func beginTouch(_ h: inout EngineHarness, edges: ScreenEdges, fingers: Int = 1) {
        h.feed(.begin(GestureBegin(device: DeviceID(1), source: .touch, fingers: fingers, timeUs: EngineHarness.us(h.nowMs),
                                   extent: extent, edges: edges)))
    }

    @Test func aPanFromTheLeftEdgeMovingRightDrivesTheEdgeBinding() {
        var h = EngineHarness(Self.configuration)
        Self.beginTouch(&h, edges: .left)
        h.pan(dx: 10, count: 20)
        #expect(h.events.first?.transition == "back")
        #expect(h.events.first?.began?.origin == .gesture(source: .edge, fingers: 1, device: DeviceID(1)))
        #expect(h.events.first?.began?.direction == .right)
        // Progress is the travel inward over the panel's width: 200 of 300 mm.
        #expect(abs((h.events.lastUpdated?.rawProgress ?? 0) - 200.0 / 300) < 1e-9)
        h.end()
        #expect(h.events.lastEnded?.outcome == .finish)
    }

    @Test func aPanFromTheMiddleOrAlongTheEdgeIsAnOrdinaryTouchPan() {
        var middle = EngineHarness(Self.configuration)
        Self.beginTouch(&middle, edges: [])
        middle.pan(dx: 10, count: 20)
        #expect(middle.events.first?.transition == "pan")
        #expect(middle.events.first?.began?.origin == .gesture(source: .touch, fingers: 1, device: DeviceID(1)))

        // From the left zone but moving down, along the edge: no edge swipe (touch1-down is unbound).
        var along = EngineHarness(Self.configuration)
        Self.beginTouch(&along, edges: .left)
        along.pan(dy: 10, count: 20)
        along.end()
        #expect(along.events.isEmpty)

        // From the right zone moving right: outward, an ordinary touch pan.
        var outward = EngineHarness(Self.configuration)
        Self.beginTouch(&outward, edges: .right)
        outward.pan(dx: 10, count: 5)
        #expect(outward.events.first?.transition == "pan")
    }

    @Test func aCornerSwipesInFromTheEdgeItMovesAwayFrom() {
        var h = EngineHarness(Self.configuration)
        Self.beginTouch(&h, edges: [.left, .top])
        h.pan(dx: 10, dy: 4, count: 10)
        #expect(h.events.first?.transition == "back")
    }

    @Test func anEdgeSwipeWithoutAnEdgeBindingFallsBackToTheTouchBinding() {
        var config = Self.configuration
        config.bindings.removeFirst()
        var h = EngineHarness(config)
        Self.beginTouch(&h, edges: .left)
        h.pan(dx: 10, count: 3)
        #expect(h.events.first?.transition == "pan")
    }

    @Test func aShortHeldEdgeSwipeCancelsAndAFlingFinishes() {
        var held = EngineHarness(Self.configuration)
        Self.beginTouch(&held, edges: .left)
        held.pan(dx: 5, count: 10)          // 50 mm of 300
        held.move(after: 300)               // held still
        held.end()
        #expect(held.events.lastEnded?.outcome == .cancel)

        var fling = EngineHarness(Self.configuration)
        Self.beginTouch(&fling, edges: .left)
        fling.pan(dx: 8, count: 5, every: 8)  // 40 mm at 1 mm/ms
        fling.end()
        #expect(fling.events.lastEnded?.outcome == .finish)
        #expect(fling.events.lastEnded?.reason == .velocity)
    }

    @Test func aTouchscreenPinchDrivesItsOwnBindingInScale() {
        var h = EngineHarness(Self.configuration)
        h.begin(1, .touchPinch, fingers: 2)
        h.pan(dx: 0.05, count: 8)           // scale 1.4
        #expect(h.events.first?.transition == "zoom")
        #expect(h.events.first?.began?.origin == .gesture(source: .touchPinch, fingers: 2, device: DeviceID(1)))
        #expect(abs((h.events.lastUpdated?.rawProgress ?? 0) - 0.4 / SourceDefaults.touchPinchDistance) < 1e-9)
        h.end()
        #expect(h.events.lastEnded?.outcome == .finish)

        // A touchpad pinch does not drive the touchscreen pinch's binding.
        var pad = EngineHarness(Self.configuration)
        pad.begin(1, .pinch, fingers: 2)
        pad.pan(dx: 0.05, count: 8)
        #expect(pad.events.isEmpty)
    }

    @Test func aTapRunsItsTransitionOnceLikeATrigger() {
        var h = EngineHarness(Self.configuration)
        h.hold(fingers: 3)
        h.holdEnd(after: 100)
        h.feed(.tap(TapInput(device: DeviceID(1), fingers: 3, durationUs: 100_000, timeUs: EngineHarness.us(h.nowMs))))
        #expect(h.events.kinds == ["began", "ended"])
        #expect(h.events[0].transition == "tap")
        #expect(h.events[0].began == BeganEvent(origin: .trigger(reverse: false), direction: nil, from: 0, interactive: false))
        #expect(h.events[1].ended?.outcome == .finish && h.events[1].ended?.reason == .trigger)
        // Other finger counts run nothing.
        let count = h.events.count
        h.feed(.tap(TapInput(device: DeviceID(1), fingers: 2, durationUs: 100_000, timeUs: EngineHarness.us(h.nowMs))))
        #expect(h.events.count == count)
    }

    @Test func aTapLeavesATransitionAFingerDrivesAlone() {
        var h = EngineHarness(EngineConfiguration(transitions: [TransitionSpec(name: "t")],
                                                  bindings: [Binding(source: .touch, fingers: 1, direction: .right, transition: "t")],
                                                  taps: [TapBinding(fingers: 3, transition: "t")]))
        Self.beginTouch(&h, edges: [])
        h.pan(dx: 10, count: 3)
        let count = h.events.count
        h.feed(.tap(TapInput(device: DeviceID(2), fingers: 3, durationUs: 100_000, timeUs: EngineHarness.us(h.nowMs))))
        #expect(h.events.count == count)
    }

    @Test func validationKnowsTheNewGestures() {
        var bad = Self.configuration
        bad.taps.append(TapBinding(fingers: 3, transition: "pan"))
        #expect(throws: ConfigurationError.self) { try bad.validate() }
        var unknown = Self.configuration
        unknown.taps = [TapBinding(fingers: 0, transition: "tap")]
        #expect(throws: ConfigurationError.self) { try unknown.validate() }
        var wrongAxis = Self.configuration
        wrongAxis.bindings.append(Binding(source: .touchPinch, fingers: 2, direction: .left, transition: "zoom"))
        #expect(throws: ConfigurationError.self) { try wrongAxis.validate() }
        #expect(Binding(source: .edge, fingers: 1, direction: .right, transition: "x").gestureName == "edge1-left")
        #expect(Binding(source: .edge, fingers: 2, direction: .up, transition: "x").gestureName == "edge2-bottom")
        #expect(TapBinding(fingers: 3, transition: "x").gestureName == "tap3")
    }

    /// Whatever the edges and movement, an edge binding drives only a pan that moves away from an
    /// edge it started at, and a pan that does not never drives it.
    @Test func onlyInwardPansFromTheirEdgeDriveEdgeBindings() async {
        let gen = zip(Gen.int(in: 0...15), Gen.double(in: -20...20), Gen.double(in: -20...20))
        await propertyCheck(count: 300, input: gen) { bits, dx, dy in
            let edges = ScreenEdges(rawValue: UInt8(bits))
            var config = EngineConfiguration(transitions: [], bindings: [])
            for d in [Direction.left, .right, .up, .down] {
                config.transitions += [TransitionSpec(name: "edge-\(d)"), TransitionSpec(name: "touch-\(d)")]
                config.bindings += [Binding(source: .edge, fingers: 1, direction: d, transition: "edge-\(d)"),
                                    Binding(source: .touch, fingers: 1, direction: d, transition: "touch-\(d)")]
            }
            var h = EngineHarness(config)
            Self.beginTouch(&h, edges: edges)
            h.pan(dx: dx, dy: dy, count: 3)
            guard let began = h.events.first, let direction = began.began?.direction else { return }
            let inward = edges.contains(ScreenEdges.origin(of: direction))
            #expect(began.transition == (inward ? "edge-\(direction)" : "touch-\(direction)"))
        }
    }
}
