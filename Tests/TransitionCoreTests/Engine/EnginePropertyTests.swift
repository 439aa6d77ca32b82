// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
@testable import TransitionCore
import TransitionTestSupport

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
