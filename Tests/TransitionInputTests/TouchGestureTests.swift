// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
@testable import TransitionInput
import TransitionCore
#if canImport(Glibc)
import Glibc
#endif

/// Edge swipes, rotation, touchscreen pinches and taps, from the touch recogniser.
@Suite struct TouchGestureTests {
    /// A 300 × 200 mm panel with 5 mm edge zones.
    static let panel = TouchLayout(extent: DeviceExtent(width: 300, height: 200), edgeZoneX: 5, edgeZoneY: 5)

    /// One finger down at (x, y), moved by (dx, dy) over 20 frames of 10 ms, lifted.
    static func drag(_ x: Double, _ y: Double, by dx: Double, _ dy: Double, slot: Int32 = 0) -> [TouchEvent] {
        var events: [TouchEvent] = [.down(slot: slot, x: x, y: y, timeUs: 0), .frame(timeUs: 0)]
        for i in 1...20 {
            let t = UInt64(i) * 10_000, f = Double(i) / 20
            events += [.motion(slot: slot, x: x + dx * f, y: y + dy * f, timeUs: t), .frame(timeUs: t)]
        }
        return events + [.up(slot: slot, timeUs: 210_000), .frame(timeUs: 210_000)]
    }

    static func feed(_ r: inout TouchPanRecognizer, _ events: [TouchEvent]) -> [GestureInput] {
        var out: [GestureInput] = []
        for e in events { r.handle(e) { out.append($0) } }
        return out
    }

    static func begins(_ out: [GestureInput]) -> [GestureBegin] {
        out.compactMap { if case .begin(let b) = $0 { b } else { nil } }
    }

    static func netMove(_ out: [GestureInput]) -> (dx: Double, dy: Double) {
        out.reduce((0.0, 0.0)) { acc, s in
            if case .update(let u) = s { (acc.0 + u.dx, acc.1 + u.dy) } else { acc }
        }
    }

    struct EdgeCase: Sendable, CustomStringConvertible {
        var x, y, dx, dy: Double
        var edges: ScreenEdges
        var description: String { "from (\(x), \(y)) by (\(dx), \(dy))" }
    }

    @Test(arguments: [
        EdgeCase(x: 2, y: 100, dx: 60, dy: 0, edges: .left),    // in from the left, moving right
        EdgeCase(x: 298, y: 100, dx: -60, dy: 0, edges: .right),
        EdgeCase(x: 150, y: 3, dx: 0, dy: 60, edges: .top),
        EdgeCase(x: 150, y: 197, dx: 0, dy: -60, edges: .bottom),
        EdgeCase(x: 2, y: 3, dx: 60, dy: 40, edges: [.left, .top]),   // a corner belongs to both edges
        EdgeCase(x: 150, y: 100, dx: 60, dy: 0, edges: []),           // from the middle: no edge
        EdgeCase(x: 8, y: 100, dx: 60, dy: 0, edges: []),             // just outside the zone
    ])
    func aPanCarriesTheEdgeZonesItStartedIn(_ c: EdgeCase) {
        let edges = c.edges
        var r = TouchPanRecognizer(device: dev, layout: Self.panel)
        let out = Self.feed(&r, Self.drag(c.x, c.y, by: c.dx, c.dy))
        let b = Self.begins(out)
        #expect(b.count == 1)
        #expect(b.first?.source == .touch)
        #expect(b.first?.edges == edges)
        #expect(b.first?.extent == DeviceExtent(width: 300, height: 200))
    }

    @Test func everyFingerMustLandInTheZone() {
        var r = TouchPanRecognizer(device: dev, layout: Self.panel)
        let two: [TouchEvent] = [.down(slot: 0, x: 2, y: 90, timeUs: 0), .down(slot: 1, x: 3, y: 110, timeUs: 0),
                                 .frame(timeUs: 0)]
            + (1...20).flatMap { i -> [TouchEvent] in
                let t = UInt64(i) * 10_000, d = 3 * Double(i)
                return [.motion(slot: 0, x: 2 + d, y: 90, timeUs: t), .motion(slot: 1, x: 3 + d, y: 110, timeUs: t), .frame(timeUs: t)]
            }
        #expect(Self.begins(Self.feed(&r, two)).first?.edges == .left)
        var s = TouchPanRecognizer(device: dev, layout: Self.panel)
        let apart: [TouchEvent] = [.down(slot: 0, x: 2, y: 90, timeUs: 0), .down(slot: 1, x: 40, y: 110, timeUs: 0),
                                   .frame(timeUs: 0)]
            + (1...20).flatMap { i -> [TouchEvent] in
                let t = UInt64(i) * 10_000, d = 3 * Double(i)
                return [.motion(slot: 0, x: 2 + d, y: 90, timeUs: t), .motion(slot: 1, x: 40 + d, y: 110, timeUs: t), .frame(timeUs: t)]
            }
        #expect(Self.begins(Self.feed(&s, apart)).first?.edges == [])
    }

    @Test func aPanelRotated90DegreesHasItsNativeTopEdgeOnTheLeft() {
        var layout = Self.panel
        layout.rotation = .quarter
        var r = TouchPanRecognizer(device: dev, layout: layout)
        // Natively: from the top edge, moving down. The viewer sees: from the left, moving right.
        let out = Self.feed(&r, Self.drag(150, 2, by: 0, 60))
        let b = Self.begins(out)
        #expect(b.first?.edges == .left)
        #expect(b.first?.extent == DeviceExtent(width: 200, height: 300))
        let net = Self.netMove(out)
        #expect(abs(net.dx - 60) < 1e-9 && abs(net.dy) < 1e-9)
    }

    @Test(arguments: PanelRotation.allCases)
    func rotationsTurnMovementsAsTheTableSays(rotation: PanelRotation) {
        var layout = Self.panel
        layout.rotation = rotation
        var r = TouchPanRecognizer(device: dev, layout: layout)
        let net = Self.netMove(Self.feed(&r, Self.drag(150, 100, by: 0, -40)))   // natively up
        let expected: (Double, Double) = switch rotation {
        case .none: (0, -40)
        case .quarter: (-40, 0)        // native up is the viewer's left
        case .half: (0, 40)
        case .threeQuarters: (40, 0)
        }
        #expect(abs(net.dx - expected.0) < 1e-9 && abs(net.dy - expected.1) < 1e-9)
    }

    @Test func aNewLayoutWaitsUntilTheFingersLift() {
        var r = TouchPanRecognizer(device: dev, layout: Self.panel)
        var out: [GestureInput] = []
        r.handle(.down(slot: 0, x: 150, y: 2, timeUs: 0)) { out.append($0) }
        r.handle(.frame(timeUs: 0)) { out.append($0) }
        var rotated = Self.panel
        rotated.rotation = .quarter
        r.setLayout(rotated)
        #expect(r.layout.rotation == .none)
        for e in Self.drag(150, 2, by: 0, 60).dropFirst(2) { r.handle(e) { out.append($0) } }
        #expect(Self.begins(out).first?.edges == .top)
        #expect(r.layout.rotation == .none)     // applied at the next touch
        let next = Self.feed(&r, Self.drag(150, 2, by: 0, 60))
        #expect(r.layout.rotation == .quarter)
        #expect(Self.begins(next).first?.edges == .left)
    }

    /// Two fingers 40 mm apart around (150, 100), spread to `to` mm over 20 frames, lifted.
    static func pinch(to spread: Double, fingers: Int = 2) -> [TouchEvent] {
        func positions(_ s: Double) -> [(Double, Double)] {
            (0..<fingers).map { k in
                let a = 2 * Double.pi * Double(k) / Double(fingers)
                return (150 + s / 2 * cos(a), 100 + s / 2 * sin(a))
            }
        }
        var events: [TouchEvent] = positions(40).enumerated().map { .down(slot: Int32($0.offset), x: $0.element.0, y: $0.element.1, timeUs: 0) }
        events.append(.frame(timeUs: 0))
        for i in 1...20 {
            let t = UInt64(i) * 10_000
            events += positions(40 + (spread - 40) * Double(i) / 20).enumerated().map {
                .motion(slot: Int32($0.offset), x: $0.element.0, y: $0.element.1, timeUs: t)
            }
            events.append(.frame(timeUs: t))
        }
        events += (0..<fingers).map { .up(slot: Int32($0), timeUs: 210_000) }
        return events + [.frame(timeUs: 210_000)]
    }

    @Test(arguments: [(60.0, 2), (20.0, 2), (70.0, 3), (25.0, 4)])
    func spreadingOrClosingFingersIsATouchscreenPinch(to spread: Double, fingers: Int) {
        var r = TouchPanRecognizer(device: dev, layout: Self.panel)
        let out = Self.feed(&r, Self.pinch(to: spread, fingers: fingers))
        let b = Self.begins(out)
        #expect(b.map(\.source) == [.touchPinch])
        #expect(b.first?.fingers == fingers)
        // The scale: the spread's change, 1.0 at the begin (which is the first touch's frame).
        let net = Self.netMove(out)
        #expect(abs(net.dx - (spread / 40 - 1)) < 1e-9)
        #expect(abs(net.dy) < 1e-9)         // no turn
        #expect(out.last == end(210_000))
        #expect(!out.contains { if case .tap = $0 { true } else { false } })
    }

    @Test func aQuickPinchHeldStillAndLiftedIsReportedWhole() {
        var r = TouchPanRecognizer(device: dev, layout: Self.panel)
        // Spread from 40 to 60 mm within 50 ms, then rest 300 ms: no frame until the lift.
        var events: [TouchEvent] = [.down(slot: 0, x: 130, y: 100, timeUs: 0), .down(slot: 1, x: 170, y: 100, timeUs: 0),
                                    .frame(timeUs: 0)]
        for i in 1...5 {
            let t = UInt64(i) * 10_000, d = 2 * Double(i)
            events += [.motion(slot: 0, x: 130 - d, y: 100, timeUs: t), .motion(slot: 1, x: 170 + d, y: 100, timeUs: t),
                       .frame(timeUs: t)]
        }
        events += [.up(slot: 0, timeUs: 350_000), .up(slot: 1, timeUs: 350_000), .frame(timeUs: 350_000)]
        let out = Self.feed(&r, events)
        #expect(out == [touchHoldBegin(2, 0), holdEnd(true, 0), begin(.touchPinch, 2, 0), update(0.5, 0, 350_000), end(350_000)])
    }

    @Test func twoFingersMovingTogetherPanInsteadOfPinching() {
        var r = TouchPanRecognizer(device: dev, layout: Self.panel)
        let events: [TouchEvent] = [.down(slot: 0, x: 100, y: 100, timeUs: 0), .down(slot: 1, x: 140, y: 100, timeUs: 0),
                                    .frame(timeUs: 0)]
            + (1...20).flatMap { i -> [TouchEvent] in
                let t = UInt64(i) * 10_000, d = 2 * Double(i)
                return [.motion(slot: 0, x: 100 + d, y: 100 + 0.1 * d, timeUs: t),
                        .motion(slot: 1, x: 140 + d, y: 100, timeUs: t), .frame(timeUs: t)]
            }
        #expect(Self.begins(Self.feed(&r, events)).map(\.source) == [.touch])
    }

    /// `fingers` fingers land over 30 ms, move `wobble` mm, lift at `liftUs`.
    static func tap(fingers: Int, wobble: Double = 0.5, liftUs: UInt64 = 120_000) -> [TouchEvent] {
        var events: [TouchEvent] = []
        for k in 0..<fingers {
            let t = UInt64(k) * 10_000
            events += [.down(slot: Int32(k), x: 100 + 20 * Double(k), y: 100, timeUs: t), .frame(timeUs: t)]
        }
        events += (0..<fingers).map { .motion(slot: Int32($0), x: 100 + 20 * Double($0) + wobble, y: 100, timeUs: 60_000) }
        events.append(.frame(timeUs: 60_000))
        for k in 0..<fingers {
            let t = liftUs + UInt64(k) * 10_000
            events += [.up(slot: Int32(k), timeUs: t), .frame(timeUs: t)]
        }
        return events
    }

    @Test(arguments: 1...5)
    func aQuickStillTouchIsATapOfItsMostFingers(fingers: Int) {
        var r = TouchPanRecognizer(device: dev, layout: Self.panel)
        let out = Self.feed(&r, Self.tap(fingers: fingers))
        let lastLift = 120_000 + UInt64(fingers - 1) * 10_000
        #expect(out.suffix(2) == [holdEnd(false, lastLift),
                                  .tap(TapInput(device: dev, fingers: fingers, durationUs: lastLift, timeUs: lastLift))])
        #expect(Self.begins(out).isEmpty)
    }

    @Test func aSlowTouchOrAMovingOneIsNoTap() {
        var slow = TouchPanRecognizer(device: dev, layout: Self.panel)
        #expect(!Self.feed(&slow, Self.tap(fingers: 3, liftUs: 200_000)).contains { if case .tap = $0 { true } else { false } })
        var moving = TouchPanRecognizer(device: dev, layout: Self.panel)
        let out = Self.feed(&moving, Self.tap(fingers: 3, wobble: 4))
        #expect(!out.contains { if case .tap = $0 { true } else { false } })
        var drag = TouchPanRecognizer(device: dev, layout: Self.panel)
        let dragged = Self.feed(&drag, Self.drag(100, 100, by: 40, 0))
        #expect(!dragged.contains { if case .tap = $0 { true } else { false } })
    }

    @Test func layoutsComeFromTheSettingsAndTheDevicesSize() {
        var settings = TouchscreenSettings.builtIn
        settings.devices = [.init(name: "N-Trig MultiTouch", rotation: .quarter)]
        let sized = TouchLayout.touchscreen(named: "Atmel", sizeMm: DeviceExtent(width: 300, height: 200),
                                            range: DeviceExtent(width: 3000, height: 2000), settings: settings)
        #expect(sized == TouchLayout(extent: DeviceExtent(width: 300, height: 200), rotation: .none, edgeZoneX: 5, edgeZoneY: 5))
        // No size: device units, zones of 3 % of the range, tap tolerance 1 % of the shorter side.
        let unsized = TouchLayout.touchscreen(named: "N-Trig MultiTouch", sizeMm: nil,
                                              range: DeviceExtent(width: 9600, height: 7200), settings: settings)
        #expect(unsized == TouchLayout(extent: DeviceExtent(width: 9600, height: 7200), extentInMm: false, rotation: .quarter,
                                       edgeZoneX: 288, edgeZoneY: 216, tapTravel: 72))
        #expect(sized.viewSizeMm == DeviceExtent(width: 300, height: 200) && unsized.viewSizeMm == nil)
        // Rotated a quarter turn, the native top zone (216 units high) is the viewer's left one.
        #expect(unsized.edges(atViewX: 200, y: 4000) == .left)
        #expect(unsized.edges(atViewX: 250, y: 4000) == [])
    }

    // MARK: - Properties

    /// One random touch event on a 300 × 200 panel.
    struct Step: Sendable, CustomStringConvertible {
        var kind: Int, slot: Int32, x: Double, y: Double, dtMs: Int
        var description: String { "Step(\(kind), s\(slot), \(x), \(y), +\(dtMs)ms)" }
        static let gen = zip(Gen.int(in: 0...9), Gen.int(in: 0...3), Gen.double(in: 0...300), Gen.double(in: 0...200),
                             Gen.int(in: 0...60))
            .map { Step(kind: $0, slot: Int32($1), x: $2, y: $3, dtMs: $4) }

        func event(at t: UInt64) -> TouchEvent {
            switch kind {
            case 0, 1: .down(slot: slot, x: x, y: y, timeUs: t)
            case 2, 3, 4: .motion(slot: slot, x: x, y: y, timeUs: t)
            case 5, 6: .up(slot: slot, timeUs: t)
            case 7: .cancel(slot: slot, timeUs: t)
            default: .frame(timeUs: t)
            }
        }
    }

    @Test func anyTouchStreamGivesWellFormedGestures() async {
        await propertyCheck(count: 300, input: Step.gen.array(of: 1...120),
                            Gen.int(in: 0...3).map { PanelRotation.allCases[$0] }) { steps, rotation in
            var layout = Self.panel
            layout.rotation = rotation
            var r = TouchPanRecognizer(device: dev, layout: layout)
            var out: [GestureInput] = []
            var t: UInt64 = 0
            for s in steps {
                t += UInt64(s.dtMs) * 1_000
                r.handle(s.event(at: t)) { out.append($0) }
            }
            // Times never go backwards; begins and ends pair up; holds pair up; a tap follows an
            // uncancelled hold end and has at least one finger; a pinch's turn (dy) is wrapped
            // frame by frame (its first update carries the turn summed while pending, which
            // near-coincident fingers can take past 180°); a hold begins again (with a new finger
            // count) only while it holds.
            #expect(zip(out, out.dropFirst()).allSatisfy { $0.timeUs <= $1.timeUs })
            var open = false, holding = false, pinching = false, previous: GestureInput?
            for o in out {
                switch o {
                case .begin(let b):
                    #expect(!open); open = true; pinching = b.source == .touchPinch
                    #expect(b.source == .touch || b.source == .touchPinch)
                    #expect(b.source == .touch || b.edges.isEmpty)
                case .end: #expect(open); open = false
                case .update(let u):
                    #expect(open)
                    if case .begin? = previous {} else { #expect(!pinching || abs(u.dy) <= 180) }
                case .holdBegin(let h):
                    #expect(!open); #expect(h.source == .touchHold)
                    if holding, case .holdBegin(let p)? = previous { #expect(p.fingers != h.fingers || p.timeUs < h.timeUs) }
                    holding = true
                case .holdEnd: #expect(holding); holding = false
                case .tap(let tap):
                    #expect(tap.fingers >= 1)
                    if case .holdEnd(let h)? = previous { #expect(!h.cancelled) } else { Issue.record("a tap without its hold end") }
                case .deviceRemoved: Issue.record("the recogniser never reports removals")
                }
                previous = o
            }
        }
    }

    @Test func rotationsKeepDistancesAndFourQuarterTurnsAreNone() async {
        await propertyCheck(count: 300, input: Gen.double(in: 0...300), Gen.double(in: 0...200),
                            Gen.double(in: 0...300), Gen.double(in: 0...200)) { x1, y1, x2, y2 in
            for rotation in PanelRotation.allCases {
                let a = rotation.apply(x: x1, y: y1, width: 300, height: 200)
                let b = rotation.apply(x: x2, y: y2, width: 300, height: 200)
                let before = ((x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2)).squareRoot()
                let after = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
                #expect(abs(before - after) < 1e-9)
                let view = rotation.apply(DeviceExtent(width: 300, height: 200))
                #expect(a.x >= -1e-9 && a.x <= view.width + 1e-9 && a.y >= -1e-9 && a.y <= view.height + 1e-9)
            }
            var p = (x: x1, y: y1), w = 300.0, h = 200.0
            for _ in 0..<4 {
                p = PanelRotation.quarter.apply(x: p.x, y: p.y, width: w, height: h)
                swap(&w, &h)
            }
            #expect(abs(p.x - x1) < 1e-9 && abs(p.y - y1) < 1e-9)
        }
    }
}
