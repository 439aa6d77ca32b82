// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
@testable import TransitionCore
import TransitionTestSupport

/// Rotation bindings (`rotate`, `touchrotate`) and touchpad taps (`padtap`) in the engine.
@Suite struct RotationTests {
    /// `zoom` on pinch2-out, `turn` on rotate2-cw, `back` on rotate2-ccw, `twist` on
    /// touchrotate2-cw, `pz` on touchpinch2-in, `menu` on padtap4, `tap` on tap4.
    static var configuration: EngineConfiguration {
        EngineConfiguration(
            transitions: ["zoom", "turn", "back", "twist", "pz", "menu", "tap"].map { TransitionSpec(name: $0) },
            bindings: [Binding(source: .pinch, fingers: 2, direction: .out, transition: "zoom"),
                       Binding(source: .rotate, fingers: 2, direction: .cw, transition: "turn"),
                       Binding(source: .rotate, fingers: 2, direction: .ccw, transition: "back"),
                       Binding(source: .touchRotate, fingers: 2, direction: .cw, transition: "twist"),
                       Binding(source: .touchPinch, fingers: 2, direction: .in, transition: "pz")],
            taps: [TapBinding(fingers: 4, transition: "menu", touchpad: true), TapBinding(fingers: 4, transition: "tap")])
    }

    @Test func aTurningPinchDrivesTheRotationBindingOverAQuarterTurn() {
        var h = EngineHarness(Self.configuration)
        h.begin(1, .pinch, fingers: 2)
        h.pan(dx: 0.001, dy: 3, count: 30)          // 90° clockwise, scale barely moving
        #expect(h.events.first?.transition == "turn")
        #expect(h.events.first?.began?.origin == .gesture(source: .rotate, fingers: 2, device: DeviceID(1)))
        #expect(h.events.first?.began?.direction == .cw)
        // It locks at the fourth sample (12° ≥ the 10° slop); like a pan's slop, the 9° before
        // that sample do not count.
        #expect(abs((h.events.lastUpdated?.rawProgress ?? 0) - 81.0 / 90) < 1e-9)
        h.end()
        #expect(h.events.lastEnded?.outcome == .finish)
    }

    @Test func counterClockwiseDrivesTheCcwBinding() {
        var h = EngineHarness(Self.configuration)
        h.begin(1, .pinch, fingers: 2)
        h.pan(dy: -4, count: 5)
        #expect(h.events.first?.transition == "back")
        #expect(h.events.first?.began?.direction == .ccw)
        #expect(abs((h.events.lastUpdated?.rawProgress ?? 0) - 12.0 / 90) < 1e-9)
    }

    @Test func aPinchThatScalesWithoutTurningStillDrivesThePinch() {
        var h = EngineHarness(Self.configuration)
        h.begin(1, .pinch, fingers: 2)
        h.pan(dx: 0.05, dy: 0.5, count: 8)          // scale 1.4 while turning 4°
        #expect(h.events.first?.transition == "zoom")
        // Locked on scale: the turn no longer counts, even past the rotation slop.
        h.pan(dx: 0, dy: 5, count: 10)
        #expect(h.events.allSatisfy { $0.transition == "zoom" })
        #expect(abs((h.events.lastUpdated?.rawProgress ?? 0) - 0.4 / SourceDefaults.pinchDistance) < 1e-9)
    }

    @Test func withoutARotationBindingAPinchTurnsAsMuchAsItLikes() {
        var config = Self.configuration
        config.bindings.removeAll { $0.source == .rotate }
        var h = EngineHarness(config)
        h.begin(1, .pinch, fingers: 2)
        h.move(dx: 0.01, dy: 40)                     // far past the rotation slop
        h.pan(dx: 0.02, count: 5)
        #expect(h.events.first?.transition == "zoom")
    }

    @Test func aTwistDrivesTheTouchscreenRotationAndATouchPinchItsPinch() {
        var twist = EngineHarness(Self.configuration)
        twist.begin(1, .touchPinch, fingers: 2)
        twist.pan(dy: 6, count: 10)
        #expect(twist.events.first?.transition == "twist")
        #expect(twist.events.first?.began?.origin == .gesture(source: .touchRotate, fingers: 2, device: DeviceID(1)))

        var pinch = EngineHarness(Self.configuration)
        pinch.begin(1, .touchPinch, fingers: 2)
        pinch.pan(dx: -0.05, dy: 0.3, count: 5)
        #expect(pinch.events.first?.transition == "pz")
    }

    @Test func theAxisFurtherPastItsSlopWinsWhenBothPassInOneSample() {
        let slops = (scale: SourceDefaults.pinchSlop, angle: SourceDefaults.rotationSlop)
        var pan = PendingPan(source: .pinch, fingers: 2, dx: 0.06, dy: 20)   // 1.2× vs 2×
        #expect(pan.pinchLock(scaleSlop: slops.scale, angleSlop: slops.angle, rotates: true) == .rotation)
        pan.dy = 11                                                          // 1.2× vs 1.1×
        #expect(pan.pinchLock(scaleSlop: slops.scale, angleSlop: slops.angle, rotates: true) == .scale)
        #expect(pan.pinchLock(scaleSlop: 0, angleSlop: 0, rotates: true) == .scale)   // a tie: scale
        pan.dx = 0
        #expect(pan.pinchLock(scaleSlop: slops.scale, angleSlop: slops.angle, rotates: false) == nil)
    }

    /// Whatever a pinch does, it drives one binding, on one axis, in the direction it first
    /// locked; the rotation axis only when it turned past its slop before scaling past its own.
    @Test func aPinchLocksOneAxisForTheWholeGesture() async {
        let gen = zip(Gen.double(in: -0.04...0.04), Gen.double(in: -8...8)).array(of: 1...20)
        await propertyCheck(count: 300, input: gen) { steps in
            var h = EngineHarness(Self.configuration)
            h.begin(1, .pinch, fingers: 2)
            var expected: String?
            var sx = 0.0, sy = 0.0
            for (dx, dy) in steps {
                h.move(dx: dx, dy: dy)
                sx += dx; sy += dy
                if expected == nil {
                    let pan = PendingPan(source: .pinch, fingers: 2, dx: sx, dy: sy)
                    switch pan.pinchLock(scaleSlop: SourceDefaults.pinchSlop, angleSlop: SourceDefaults.rotationSlop,
                                         rotates: true) {
                    case .rotation?: expected = sy > 0 ? "turn" : "back"
                    case .some: expected = sx > 0 ? "zoom" : ""
                    case nil: break
                    }
                }
            }
            let names = Set(h.events.map(\.transition))
            #expect(names.count <= 1)
            #expect((names.first ?? "") == (expected ?? ""))
        }
    }

    @Test func aTouchpadTapRunsThePadtapBindingAndNotTheTouchscreenOne() {
        var h = EngineHarness(Self.configuration)
        h.feed(.tap(TapInput(device: DeviceID(1), fingers: 4, durationUs: 60_000, timeUs: 1_000, touchpad: true)))
        #expect(h.events.kinds == ["began", "ended"])
        #expect(h.events[0].transition == "menu")
        #expect(h.events[0].began == BeganEvent(origin: .trigger(reverse: false), direction: nil, from: 0, interactive: false))

        var screen = EngineHarness(Self.configuration)
        screen.feed(.tap(TapInput(device: DeviceID(2), fingers: 4, durationUs: 60_000, timeUs: 1_000)))
        #expect(screen.events.first?.transition == "tap")

        var three = EngineHarness(Self.configuration)
        three.feed(.tap(TapInput(device: DeviceID(1), fingers: 3, durationUs: 60_000, timeUs: 1_000, touchpad: true)))
        #expect(three.events.isEmpty)
    }

    @Test func validationKnowsRotationsAndPadtaps() throws {
        try Self.configuration.validate()
        var wrong = Self.configuration
        wrong.bindings.append(Binding(source: .rotate, fingers: 3, direction: .in, transition: "zoom"))
        #expect(throws: ConfigurationError.self) { try wrong.validate() }
        var cwPinch = Self.configuration
        cwPinch.bindings.append(Binding(source: .pinch, fingers: 3, direction: .cw, transition: "zoom"))
        #expect(throws: ConfigurationError.self) { try cwPinch.validate() }
        var padtapPan = Self.configuration
        padtapPan.bindings.append(Binding(source: .padtap, fingers: 3, direction: .left, transition: "zoom"))
        #expect(throws: ConfigurationError.self) { try padtapPan.validate() }
        var twoFingerPadtap = Self.configuration
        twoFingerPadtap.taps.append(TapBinding(fingers: 2, transition: "zoom", touchpad: true))
        #expect(throws: ConfigurationError.self) { try twoFingerPadtap.validate() }
        var scaleRotation = Self.configuration
        scaleRotation.bindings[1].distance = Distance(0.5, .scale)
        #expect(throws: ConfigurationError.self) { try scaleRotation.validate() }
        var negativeSlop = Self.configuration
        negativeSlop.rotationSlop = -1
        #expect(throws: ConfigurationError.self) { try negativeSlop.validate() }
        #expect(Binding(source: .touchRotate, fingers: 2, direction: .ccw, transition: "x").gestureName == "touchrotate2-ccw")
        #expect(TapBinding(fingers: 4, transition: "x", touchpad: true).gestureName == "padtap4")
    }

    @Test func aRotationBindingCanSetItsOwnQuarterTurn() {
        var config = Self.configuration
        config.bindings[1].distance = Distance(45, .degrees)
        var h = EngineHarness(config)
        h.begin(1, .pinch, fingers: 2)
        h.pan(dy: 3, count: 15)
        #expect(abs((h.events.lastUpdated?.rawProgress ?? 0) - 36.0 / 45) < 1e-9)
    }
}
