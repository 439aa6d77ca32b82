// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
@testable import TransitionCore

/// One random step of a random input stream.
struct Step: Sendable, CustomStringConvertible {
    var kind: Int
    var device: UInt32
    var a: Double
    var b: Double
    var dtMs: Int

    var description: String { "Step(\(kind), d\(device), \(a), \(b), +\(dtMs)ms)" }

    static let gen = zip(Gen.int(in: 0...15), Gen.int(in: 1...3), Gen.double(in: -40...40),
                         Gen.double(in: -40...40), Gen.int(in: 0...40))
        .map { Step(kind: $0, device: UInt32($1), a: $2, b: $3, dtMs: $4) }

    /// Applies the step; returns false when it was an engine call that threw (fine: busy, …).
    func apply(to h: inout EngineHarness, names: [String]) {
        // Time moves on, and sometimes goes back a little (the engine must clamp it).
        if dtMs == 0 && a > 30 { h.nowMs = max(0, h.nowMs - 7) } else { h.nowMs += Double(dtMs) }
        let d = device
        switch kind {
        case 0: h.begin(d, .swipe, fingers: 3 + Int(abs(b)) % 2)
        case 1: h.begin(d, .touch, fingers: 3, extent: b > 0 ? DeviceExtent(width: 200, height: 120) : nil)
        case 2: h.begin(d, .pinch, fingers: 3 + Int(abs(a)) % 2)
        case 3, 4, 5, 6, 7:
            let source = kind == 7 ? 0.01 : 1.0
            h.move(d, dx: a * source, dy: b * source, after: 0)
        case 8: h.end(d, cancel: a < -30 ? .libinput : (a > 35 ? .touch : nil))
        case 9: h.hold(d)
        case 10: h.holdEnd(d, cancelled: a > 0)
        case 11:
            let name = names[Int(abs(a)) % names.count]
            try? h.trigger(name, reverse: b < 0, duration: abs(b) > 30 ? 0 : nil,
                           completion: abs(b) > 20 ? .curve(.easeOutCubic, .gnome) : nil)
        case 12: _ = try? h.cancel(b > 20 ? nil : names[Int(abs(a)) % names.count])
        case 13: h.advance(to: h.nowMs)
        case 14: if a > 20 { h.remove(d) } else { h.advanceToDeadline() }
        default:
            // a small burst of samples, as a real pan would send
            for _ in 0..<8 { h.move(d, dx: a / 4, dy: b / 4, after: 8) }
        }
    }
}

@Suite struct EnginePropertyTests {
    @Test func everyGesturesEventsFormAValidSequence() async {
        await propertyCheck(count: 300, input: Step.gen.array(of: 1...150)) { steps in
            var h = EngineHarness()
            let names = h.engine.configuration.transitions.map(\.name)
            var grammar = EventGrammar()
            for step in steps {
                step.apply(to: &h, names: names)
                grammar.check(h.take())
            }
            // Lift every finger, then let everything finish.
            for d in UInt32(1)...3 {
                h.end(d)
                h.holdEnd(d)
            }
            h.nowMs += 1000
            grammar.check(h.take())
            for _ in 0..<20 { h.advanceToDeadline() }
            grammar.check(h.take())
            #expect(grammar.problems == [])
            #expect(grammar.open == [])
            #expect(h.engine.nextDeadlineUs == nil)
            #expect(h.engine.states(atUs: .max).allSatisfy { $0.phase == .idle })
        }
    }

    @Test func aCancelAlwaysEndsAtTheStartValue() async {
        await propertyCheck(count: 200, input: Step.gen.array(of: 1...150)) { steps in
            var h = EngineHarness()
            let names = h.engine.configuration.transitions.map(\.name)
            var events: [TransitionEvent] = []
            for step in steps {
                step.apply(to: &h, names: names)
                events += h.take()
            }
            h.nowMs += 5000
            for d in UInt32(1)...3 { h.end(d); h.holdEnd(d) }
            for _ in 0..<20 { h.advanceToDeadline() }
            events += h.take()
            var lastReason: [UInt64: EndReason] = [:]
            for e in events {
                if let x = e.ended {
                    lastReason[e.gesture] = x.reason
                    if x.outcome == .cancel && x.reason != .superseded { #expect(x.to == 0) }
                }
                if let c = e.completed {
                    if lastReason[e.gesture] == .superseded { continue }
                    #expect(c.progress == (c.finished ? 1 : 0))
                }
            }
        }
    }

    @Test func progressIsMonotoneInTranslation() async {
        await propertyCheck(input: Gen.double(in: 0...50).array(of: 1...80), Gen<Direction>.case,
                            Gen.int(in: 1...30)) { steps, direction, dtMs in
            let source: GestureSource = switch direction.axis {
            case .scale: .pinch
            case .rotation: .rotate
            case .horizontal, .vertical: .swipe
            }
            let distance = switch source {
            case .pinch: Distance(0.5, .scale)
            case .rotate: Distance(90, .degrees)
            default: Distance(300, .units)
            }
            var h = EngineHarness(single(source: source, direction: direction, distance: distance))
            h.begin(1, source)
            for step in steps {
                let delta = direction.sign * step * (source == .pinch ? 0.005 : 1)
                let onY = direction.axis == .vertical || direction.axis == .rotation
                onY ? h.move(dy: delta, after: Double(dtMs)) : h.move(dx: delta, after: Double(dtMs))
            }
            let updates = h.events.compactMap(\.updated)
            for (a, b) in zip(updates, updates.dropFirst()) {
                #expect(b.rawProgress >= a.rawProgress)
                #expect(b.progress >= a.progress)
            }
            #expect(updates.allSatisfy { $0.rawProgress >= 0 })
        }
    }

    @Test func velocitySignMatchesMotion() async {
        await propertyCheck(input: Gen.double(in: 0.5...60), Gen.bool, Gen.int(in: 3...40), Gen.int(in: 1...30)) {
            step, forward, count, dtMs in
            var h = EngineHarness(single(distance: Distance(400, .units)))
            h.begin()
            h.move(dx: 20)                               // lock to the right
            h.pan(dx: forward ? step : -step, count: count, every: Double(dtMs))
            let v = h.events.lastUpdated!.velocity
            if count * dtMs >= 150 {                     // the window holds only this motion
                #expect(forward ? v > 0 : v < 0)
            }
            if forward { #expect(v > 0) }
        }
    }

    @Test func springsFromAnyReleaseEndAtTheirTarget() async {
        await propertyCheck(input: Gen.double(in: -2...3), Gen.double(in: -30...30), Gen.bool) { p, v, finish in
            let a = CompletionStyle.default.animation(from: p, to: finish ? 1 : 0, velocity: v)
            #expect(a.value(at: a.duration) == (finish ? 1 : 0))
            #expect(a.duration < 2)
        }
    }
}
