// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
import TransitionCore
import TransitionTestSupport
@testable import TransitionTouchegg

/// Touchégg's gesture model on the endpoint's engine (no catching) and what the clients'
/// arithmetic makes of the signals: each physical gesture is one Begin … End with its type,
/// direction and fingers constant; Gala lands on one step for a finish and none for a cancel.
@Suite struct ToucheggModelTests {
    /// The endpoint's engine as the daemon runs it: the standard set covered, not catching.
    static func endpointEngine() -> EngineHarness {
        var h = EngineHarness(EngineConfiguration.standard.coveringTouchegg())
        h.engine.catchesAnimations = false
        return h
    }

    static func signals(_ events: [TransitionEvent], _ tracker: inout ToucheggTracker) -> [ToucheggSignal] {
        var sent: [ToucheggSignal] = []
        for e in events { tracker.signals(for: e) { sent.append($0) } }
        return sent
    }

    /// The signals for what happened, the tracker observing each input before the engine's
    /// events, as the endpoint runs it.
    static func signals(_ happenings: [EngineHarness.Happening], _ tracker: inout ToucheggTracker) -> [ToucheggSignal] {
        var sent: [ToucheggSignal] = []
        for h in happenings {
            switch h {
            case .input(let input): tracker.observe(input)
            case .event(let e): tracker.signals(for: e) { sent.append($0) }
            }
        }
        return sent
    }

    /// Every gesture's signals: Begin first, then Updates, one End last, with the same type,
    /// direction, fingers and device; gestures do not interleave on one device here.
    static func check(_ sent: [ToucheggSignal]) -> [String] {
        var problems: [String] = []
        var open: [UInt64: ToucheggSignal] = [:]
        var ended: Set<UInt64> = []
        for s in sent {
            switch s.member {
            case .begin:
                if open[s.gesture] != nil || ended.contains(s.gesture) { problems.append("Begin twice for \(s.gesture)") }
                open[s.gesture] = s
            case .update, .end:
                guard let b = open[s.gesture] else { problems.append("\(s.member) without Begin (\(s.gesture))"); continue }
                if (b.type, b.direction, b.fingers, b.deviceType) != (s.type, s.direction, s.fingers, s.deviceType) {
                    problems.append("gesture \(s.gesture) changed: \(b) -> \(s)")
                }
                if s.member == .end { open[s.gesture] = nil; ended.insert(s.gesture) }
            }
        }
        return problems
    }

    @Test func aTouchDuringTheFinishAnimationBeginsNothingAt98() {
        var h = Self.endpointEngine()
        var tracker = ToucheggTracker()
        h.begin(1, .swipe, fingers: 3)
        for _ in 0..<10 { h.move(1, dx: -45, dy: 0, after: 8) }
        h.end(1)
        // 100 ms after the lift, while the finish animates: a hold, then a two-finger scroll.
        h.nowMs += 100
        h.hold(1)
        h.holdEnd(1, cancelled: true)
        h.nowMs += 150
        h.advance(to: h.nowMs)
        let sent = Self.signals(h.takeInOrder(), &tracker)
        #expect(sent.filter { $0.member == .begin }.count == 1)
        #expect(sent.last?.member == .end && sent.last?.percentage == 100)
        #expect(Self.check(sent) == [])
        #expect(!tracker.hasOpenGesture)
    }

    @Test func aSwipeLeftThenRight150msLaterIsTwoGestures() {
        var h = Self.endpointEngine()
        var tracker = ToucheggTracker()
        h.begin(1, .swipe, fingers: 3)
        for _ in 0..<10 { h.move(1, dx: -45, dy: 0, after: 8) }
        h.end(1)
        h.nowMs += 150
        h.begin(1, .swipe, fingers: 3)
        for _ in 0..<10 { h.move(1, dx: 45, dy: 0, after: 8) }
        h.end(1)
        let sent = Self.signals(h.takeInOrder(), &tracker)
        let begins = sent.filter { $0.member == .begin }
        #expect(begins.map(\.direction) == [3, 4])
        #expect(begins.map(\.percentage) == [0, 0])
        #expect(sent.filter { $0.member == .end }.map(\.percentage) == [100, 100])
        #expect(Self.check(sent) == [])
    }

    @Test func everyGestureIsOneBeginToOneEnd() async {
        await propertyCheck(count: 200, input: Step.gen.array(of: 1...150)) { steps in
            var h = Self.endpointEngine()
            var tracker = ToucheggTracker()
            let names = h.engine.configuration.transitions.map(\.name)
            var sent: [ToucheggSignal] = []
            for step in steps {
                step.apply(to: &h, names: names)
                sent += Self.signals(h.takeInOrder(), &tracker)
            }
            for d in UInt32(1)...3 { h.end(d); h.holdEnd(d) }
            h.nowMs += 1000
            for _ in 0..<20 { h.advanceToDeadline() }
            sent += Self.signals(h.takeInOrder(), &tracker)
            #expect(Self.check(sent) == [])
            #expect(!tracker.hasOpenGesture)
        }
    }

    /// Gala's `GestureController` (elementary/gala 8.5.1) as it reads the signals, written from
    /// its source independently of ``GalaFollower``: begin, update with `MAX_VELOCITY`, end with
    /// ±0.5 above `SUCCESS_VELOCITY_THRESHOLD`, snap by rounding. Starting at 0, direction +1.
    struct Gala {
        var progress = 0.0, previousPercentage = 0.0, previousDelta = 0.0, velocity = 0.0
        var previousTime: UInt64 = 0

        mutating func take(_ s: ToucheggSignal) -> Double? {
            let p = s.percentage * 0.01
            switch s.member {
            case .begin:
                previousPercentage = p; previousTime = s.elapsedMs
            case .update:
                var updatedDelta = previousDelta
                if s.elapsedMs != previousTime {
                    let time = Double(s.elapsedMs &- previousTime)
                    velocity = (p - previousPercentage) / time
                    if velocity > 0.01 {
                        velocity = 0.01
                        updatedDelta += p - (0.01 * time + previousPercentage)
                    }
                }
                progress += (p - updatedDelta) - (previousPercentage - previousDelta)
                previousPercentage = p; previousTime = s.elapsedMs; previousDelta = updatedDelta
            case .end:
                progress += (p - previousDelta) - (previousPercentage - previousDelta)
                var to = progress
                if abs(velocity) > 0.003 { to += velocity > 0 ? 0.5 : -0.5 }
                return to.rounded(.toNearestOrAwayFromZero)
            }
            return nil
        }
    }

    static let swipe = zip(Gen.double(in: -0.3...1.3).array(of: 1...40), Gen.int(in: 0...30).array(of: 40...40),
                           Gen.double(in: 0...0.3), Gen.bool)

    /// How far a touchpad swipe of unknown size (Touchégg's fallback scale: start 200, finish
    /// 2500) has moved at `fraction` × 100 % (below 0: short of the start).
    static func units(_ fraction: Double) -> Double { 200 + 2700 * fraction }

    /// A swipe left whose Touchégg percentage is `from` × 100 at the Begin, then each of
    /// `fractions` × 100 (clipped) `gaps` ms apart, ending with `outcome`: the tracker observes
    /// the samples that move it there before each engine event.
    static func swipeLeft(from: Double, _ fractions: [Double], gaps: [Int], _ outcome: Outcome,
                          _ tracker: inout ToucheggTracker) -> [ToucheggSignal] {
        var t: UInt64 = 1_000_000
        var at = units(from)
        var happenings: [EngineHarness.Happening] = [
            .input(.begin(GestureBegin(device: DeviceID(1), source: .swipe, fingers: 3, timeUs: t - 50_000))),
            .input(.update(GestureUpdate(device: DeviceID(1), dx: -at, dy: 0, timeUs: t))),
            .event(TransitionEvent(transition: "x", gesture: 1, timeUs: t,
                                   payload: .began(BeganEvent(origin: .gesture(source: .swipe, fingers: 3, device: DeviceID(1)),
                                                              direction: .left, from: 0, interactive: true)))),
        ]
        for (k, f) in fractions.enumerated() {
            t += UInt64(gaps[k]) * 1000
            happenings.append(.input(.update(GestureUpdate(device: DeviceID(1), dx: at - units(f), dy: 0, timeUs: t))))
            at = units(f)
            happenings.append(.event(TransitionEvent(transition: "x", gesture: 1, timeUs: t,
                                                     payload: .updated(UpdatedEvent(progress: f, rawProgress: f, velocity: 0)))))
        }
        let finish = outcome == .finish
        happenings.append(.event(TransitionEvent(transition: "x", gesture: 1, timeUs: t + 5000,
                                                 payload: .ended(EndedEvent(outcome: outcome, reason: .release, from: fractions.last ?? 0,
                                                                            to: finish ? 1 : 0, velocity: 0, animation: .none(to: finish ? 1 : 0))))))
        return signals(happenings, &tracker)
    }

    @Test func galaLandsOnOneWorkspaceForAFinishAndNoneForACancel() async {
        await propertyCheck(count: 500, input: Self.swipe) { fractions, gaps, from, finish in
            var tracker = ToucheggTracker()
            var gala = Gala()
            var landed: Double?
            let sent = Self.swipeLeft(from: from, fractions, gaps: gaps, finish ? .finish : .cancel, &tracker)
            #expect(sent.first.map { abs($0.percentage - from * 100) < 1e-9 } == true)
            for s in sent { if let l = gala.take(s) { landed = l } }
            // Gala keeps aside what moved faster than 1 % per ms. More than a whole step of it
            // (a finger going back and forth at that speed) cannot be made up by an End within
            // 0…100: docs/touchegg.md says so.
            var follower = GalaFollower(begin: sent[0].percentage)
            for s in sent where s.member == .update && !s.settles { follower.update(s.percentage, elapsedMs: s.elapsedMs) }
            guard follower.lag <= 100 else { return }
            #expect(landed == (finish ? 1 : 0), "lag \(follower.lag) from \(from) \(fractions)")
            #expect(follower.landing(settling: sent[sent.count - 2].percentage, end: sent.last!.percentage) == landed)
        }
    }

    /// The End Touchégg's client (threshold 20, `action_execute_threshold`) and Cinnamon (60
    /// swipes, 40 pinches) compare with their thresholds follows the decision.
    @Test func thresholdClientsFollowTheDecision() async {
        await propertyCheck(count: 300, input: Gen.double(in: -0.3...1.3), Gen.bool, Gen.bool) { p, finish, pinch in
            var tracker = ToucheggTracker()
            let outcome: Outcome = finish ? .finish : .cancel
            let sent: [ToucheggSignal]
            if pinch {
                // A pinch out to scale 1 + p: Touchégg's (p × 100) %, clipped.
                sent = Self.signals([
                    .input(.begin(GestureBegin(device: DeviceID(1), source: .pinch, fingers: 3, timeUs: 1_000_000))),
                    .event(TransitionEvent(transition: "x", gesture: 1, timeUs: 1_000_000,
                                           payload: .began(BeganEvent(origin: .gesture(source: .pinch, fingers: 3, device: DeviceID(1)),
                                                                      direction: .out, from: 0, interactive: true)))),
                    .input(.update(GestureUpdate(device: DeviceID(1), dx: p, dy: 0, timeUs: 1_050_000))),
                    .event(TransitionEvent(transition: "x", gesture: 1, timeUs: 1_050_000,
                                           payload: .updated(UpdatedEvent(progress: p, rawProgress: p, velocity: 0)))),
                    .event(TransitionEvent(transition: "x", gesture: 1, timeUs: 1_060_000,
                                           payload: .ended(EndedEvent(outcome: outcome, reason: .release, from: p,
                                                                      to: finish ? 1 : 0, velocity: 0, animation: .none(to: finish ? 1 : 0))))),
                ], &tracker)
            } else {
                sent = Self.swipeLeft(from: 0, [p], gaps: [50], outcome, &tracker)
            }
            guard let end = sent.last else { Issue.record("no End"); return }
            let cinnamon = pinch ? 40.0 : 60.0
            #expect((end.percentage >= 20) == finish)
            #expect((end.percentage >= cinnamon) == finish)
        }
    }
}
