// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
@testable import TransitionInput
import TransitionCore
#if canImport(Glibc)
import Glibc
#endif

/// Angles, touchpad pinch angles and touchscreen twists.
@Suite struct RotationRecognizerTests {
    @Test func wrappingKeepsTheShortestTurn() async {
        await propertyCheck(count: 500, input: Gen.double(in: -2000...2000)) { a in
            let w = Angle.wrapped(a)
            #expect(w > -180 && w <= 180)
            let turns = (a - w) / 360
            #expect(abs(turns - turns.rounded()) < 1e-9)
        }
        #expect(Angle.wrapped(180) == 180)
        #expect(Angle.wrapped(-180) == 180)
        #expect(Angle.wrapped(190) == -170)
        #expect(Angle.wrapped(.nan) == 0)
    }

    /// A vector at any angle turned by δ (|δ| < 180) turns by δ, also across the ±180° line.
    @Test func aTurnAcrossTheSeamIsSmall() async {
        await propertyCheck(count: 500, input: Gen.double(in: -180...180), Gen.double(in: -179...179),
                            Gen.double(in: 0.5...80)) { start, delta, r in
            let a = start * .pi / 180, b = (start + delta) * .pi / 180
            let turn = Angle.turn(fromX: r * cos(a), fromY: r * sin(a), toX: r * cos(b), toY: r * sin(b))
            #expect(abs(turn - delta) < 1e-6)
        }
        #expect(Angle.turn(fromX: -1, fromY: 0.01, toX: -1, toY: -0.01) > 0)   // y down: clockwise, across ±180°
        #expect(Angle.turn(fromX: 0, fromY: 0, toX: 1, toY: 0) == 0)
    }

    @Test func aTouchpadPinchCarriesLibinputsAngleInDy() {
        var r = DeviceRecognizer(device: dev)
        let out = run(&r, [
            .gesture(.pinchBegin(fingers: 2, timeUs: 1)),
            .gesture(.pinchUpdate(fingers: 2, scale: 1.0, angle: 5, timeUs: 2)),
            .gesture(.pinchUpdate(fingers: 2, scale: 1.1, angle: -1.5, timeUs: 3)),
            .gesture(.pinchUpdate(fingers: 2, scale: 1.1, angle: 0, timeUs: 4)),
            .gesture(.pinchEnd(fingers: 2, cancelled: false, timeUs: 5)),
        ])
        #expect(out.count == 4)
        #expect(out[0] == begin(.pinch, 2, 1))
        #expect(out[1] == update(0, 5, 2))
        if case .update(let u) = out[2] { #expect(abs(u.dx - 0.1) < 1e-12 && u.dy == -1.5) } else { Issue.record("\(out)") }
        #expect(out[3] == end(5))
    }

    /// Two fingers `spread` mm apart about (150, 100), at `start`°, turned by `degrees` over 20
    /// frames of 10 ms (positive: clockwise on the panel), then lifted.
    static func twist(_ degrees: Double, start: Double = 0, spread: Double = 40) -> [TouchEvent] {
        func positions(_ angle: Double) -> [(Double, Double)] {
            let a = angle * .pi / 180
            return [(150 + spread / 2 * cos(a), 100 + spread / 2 * sin(a)),
                    (150 - spread / 2 * cos(a), 100 - spread / 2 * sin(a))]
        }
        var events: [TouchEvent] = positions(start).enumerated().map {
            .down(slot: Int32($0.offset), x: $0.element.0, y: $0.element.1, timeUs: 0)
        }
        events.append(.frame(timeUs: 0))
        for i in 1...20 {
            let t = UInt64(i) * 10_000
            events += positions(start + degrees * Double(i) / 20).enumerated().map {
                .motion(slot: Int32($0.offset), x: $0.element.0, y: $0.element.1, timeUs: t)
            }
            events.append(.frame(timeUs: t))
        }
        return events + [.up(slot: 0, timeUs: 210_000), .up(slot: 1, timeUs: 210_000), .frame(timeUs: 210_000)]
    }

    static func net(_ out: [GestureInput]) -> (dx: Double, dy: Double) {
        var dx = 0.0, dy = 0.0
        for case .update(let u) in out { dx += u.dx; dy += u.dy }
        return (dx, dy)
    }

    /// A twist begins a touchscreen pinch whose `dy` sums to the turn, clockwise positive, on
    /// every mounting of the panel (rotating the panel never mirrors it), and across ±180°.
    @Test(arguments: [90.0, -90.0, 30.0, -170.0])
    func aTwistIsATouchPinchThatTurns(degrees: Double) {
        for rotation in PanelRotation.allCases {
            var layout = TouchLayout(extent: DeviceExtent(width: 300, height: 200))
            layout.rotation = rotation
            for start in [0.0, 170.0, -100.0] {
                var r = TouchPanRecognizer(device: dev, layout: layout)
                var out: [GestureInput] = []
                for e in Self.twist(degrees, start: start) { r.handle(e) { out.append($0) } }
                let begins = out.compactMap { if case .begin(let b) = $0 { b } else { nil } }
                #expect(begins.map(\.source) == [.touchPinch], "\(rotation) \(start)")
                let n = Self.net(out)
                #expect(abs(n.dy - degrees) < 1e-6, "\(rotation) \(start): \(n.dy)")
                #expect(abs(n.dx) < 1e-9)
            }
        }
    }

    @Test func aPinchWithoutTurningHasNoAngle() {
        var r = TouchPanRecognizer(device: dev, layout: TouchLayout(extent: DeviceExtent(width: 300, height: 200)))
        var out: [GestureInput] = []
        for e in TouchGestureTests.pinch(to: 60) { r.handle(e) { out.append($0) } }
        #expect(abs(Self.net(out).dy) < 1e-9)
    }
}
