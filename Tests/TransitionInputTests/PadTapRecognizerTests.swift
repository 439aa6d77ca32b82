// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
@testable import TransitionInput
import TransitionCore

/// Touchpad taps from evdev frames: what is a tap, and what never is (swipes, pinches, palms).
@Suite struct PadTapRecognizerTests {
    /// 12 units per mm, like many touchpads' resolution.
    static let scale = PadTapRecognizer.Scale(unitsPerMmX: 12, unitsPerMmY: 12)

    /// Builds the evdev frames of `fingers` contacts: `positions(frame)` gives each contact's
    /// position in mm for frames 0...`frames`, one frame every `stepUs`; all land in frame 0
    /// and lift in the frame after the last. `tool` reports the finger count with the
    /// `BTN_TOOL_*` keys as the kernel does.
    static func frames(fingers: Int, frames: Int, stepUs: UInt64, startUs: UInt64 = 1_000_000,
                       positions: (Int) -> [(Double, Double)]) -> [EvdevEvent] {
        var out: [EvdevEvent] = []
        let toolCodes: [UInt16] = [EvdevEvent.btnToolFinger, EvdevEvent.btnToolDoubleTap, EvdevEvent.btnToolTripleTap,
                                   EvdevEvent.btnToolQuadTap, EvdevEvent.btnToolQuintTap]
        for f in 0...frames {
            let t = startUs + UInt64(f) * stepUs
            for (k, p) in positions(f).enumerated() {
                out.append(EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTSlot, Int32(k), timeUs: t))
                if f == 0 { out.append(EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTTrackingID, Int32(100 + k), timeUs: t)) }
                out.append(EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTPositionX, Int32((p.0 * 12).rounded()), timeUs: t))
                out.append(EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTPositionY, Int32((p.1 * 12).rounded()), timeUs: t))
            }
            if f == 0 { out.append(EvdevEvent(EvdevEvent.keyType, toolCodes[fingers - 1], 1, timeUs: t)) }
            out.append(EvdevEvent(EvdevEvent.synType, EvdevEvent.synReport, 0, timeUs: t))
        }
        let t = startUs + UInt64(frames + 1) * stepUs
        for k in 0..<fingers {
            out.append(EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTSlot, Int32(k), timeUs: t))
            out.append(EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTTrackingID, -1, timeUs: t))
        }
        out.append(EvdevEvent(EvdevEvent.keyType, toolCodes[fingers - 1], 0, timeUs: t))
        out.append(EvdevEvent(EvdevEvent.synType, EvdevEvent.synReport, 0, timeUs: t))
        return out
    }

    static func still(_ fingers: Int) -> (Int) -> [(Double, Double)] {
        { _ in (0..<fingers).map { (20 + 15 * Double($0), 30) } }
    }

    static func run(_ events: [EvdevEvent], slots: Int = 5) -> [GestureInput] {
        var r = PadTapRecognizer(device: dev, scale: scale, slotCount: slots)
        var out: [GestureInput] = []
        for e in events { r.handle(e) { out.append($0) } }
        return out
    }

    @Test(arguments: [3, 4, 5])
    func aShortStillTapOfThreeOrMoreFingersIsAPadtap(fingers: Int) {
        let out = Self.run(Self.frames(fingers: fingers, frames: 5, stepUs: 10_000, positions: Self.still(fingers)))
        #expect(out == [.tap(TapInput(device: dev, fingers: fingers, durationUs: 60_000, timeUs: 1_060_000, touchpad: true))])
    }

    @Test(arguments: [1, 2])
    func oneAndTwoFingersAreTheDesktopsClicks(fingers: Int) {
        #expect(Self.run(Self.frames(fingers: fingers, frames: 5, stepUs: 10_000, positions: Self.still(fingers))).isEmpty)
    }

    @Test func aFingerCountFromTheToolKeyCountsWhenTheSlotsRunOut() {
        // A two-slot touchpad reports the third finger only with BTN_TOOL_TRIPLETAP.
        var events = Self.frames(fingers: 3, frames: 5, stepUs: 10_000, positions: Self.still(2))
        events.removeAll { $0.type == EvdevEvent.absType && $0.code == EvdevEvent.absMTSlot && $0.value == 2 }
        #expect(Self.run(events, slots: 2).map(\.fingers) == [3])
    }

    @Test func aTapThatLastsLongerThanLibinputsTimeoutIsNone() {
        // 19 frames of 10 ms: lifted at 190 ms, past 180.
        #expect(Self.run(Self.frames(fingers: 4, frames: 18, stepUs: 10_000, positions: Self.still(4))).isEmpty)
        #expect(Self.run(Self.frames(fingers: 4, frames: 17, stepUs: 10_000, positions: Self.still(4))).count == 1)
    }

    @Test func aSwipeOrAPinchIsNoTapHoweverQuick() {
        // Three fingers moving 10 mm right in 60 ms.
        let swipe = Self.frames(fingers: 3, frames: 5, stepUs: 10_000) { f in
            (0..<3).map { (20 + 15 * Double($0) + 2 * Double(f), 30) }
        }
        #expect(Self.run(swipe).isEmpty)
        // Four fingers spreading 2 mm each.
        let pinch = Self.frames(fingers: 4, frames: 5, stepUs: 10_000) { f in
            (0..<4).map { k -> (Double, Double) in
                let x = 20 + 15 * Double(k), out = (Double(k) - 1.5) * 0.4 * Double(f)
                return (x + out, 30)
            }
        }
        #expect(Self.run(pinch).isEmpty)
        // Movement within libinput's 1.3 mm is still a tap.
        let wobble = Self.frames(fingers: 4, frames: 5, stepUs: 10_000) { f in
            (0..<4).map { (20 + 15 * Double($0) + 0.2 * Double(f), 30) }
        }
        #expect(Self.run(wobble).count == 1)
    }

    @Test func aRestingPalmSpoilsTapsAroundIt() {
        // A thumb rests from 0 to 1 s; four fingers tap at 500 ms for 60 ms.
        var events: [EvdevEvent] = [
            EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTSlot, 4, timeUs: 0),
            EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTTrackingID, 50, timeUs: 0),
            EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTPositionX, 600, timeUs: 0),
            EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTPositionY, 600, timeUs: 0),
            EvdevEvent(EvdevEvent.synType, EvdevEvent.synReport, 0, timeUs: 0),
        ]
        events += Self.frames(fingers: 4, frames: 5, stepUs: 10_000, startUs: 500_000, positions: Self.still(4))
        events += [EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTSlot, 4, timeUs: 1_000_000),
                   EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTTrackingID, -1, timeUs: 1_000_000),
                   EvdevEvent(EvdevEvent.synType, EvdevEvent.synReport, 0, timeUs: 1_000_000)]
        #expect(Self.run(events).isEmpty)
        // A contact the touchpad calls a palm spoils the tap it is part of.
        var palm = Self.frames(fingers: 4, frames: 5, stepUs: 10_000, positions: Self.still(4))
        palm.insert(EvdevEvent(EvdevEvent.absType, EvdevEvent.absMTToolType, EvdevEvent.mtToolPalm, timeUs: 1_000_000), at: 3)
        #expect(Self.run(palm).isEmpty)
    }

    @Test func aClickOrADropSpoilsTheTapAndOnlyThatOne() {
        var click = Self.frames(fingers: 3, frames: 5, stepUs: 10_000, positions: Self.still(3))
        click.insert(EvdevEvent(EvdevEvent.keyType, EvdevEvent.btnLeft, 1, timeUs: 1_010_000), at: 3)
        var dropped = Self.frames(fingers: 3, frames: 5, stepUs: 10_000, positions: Self.still(3))
        dropped.insert(EvdevEvent(EvdevEvent.synType, EvdevEvent.synDropped, 0, timeUs: 1_010_000), at: 3)
        for spoiled in [click, dropped] {
            let next = Self.frames(fingers: 3, frames: 5, stepUs: 10_000, startUs: 2_000_000, positions: Self.still(3))
            #expect(Self.run(spoiled + next).count == 1)
            #expect(Self.run(spoiled).isEmpty)
        }
    }

    /// Whatever the contacts do, a padtap has 3 or more fingers, lasted at most 180 ms, and no
    /// contact of it moved more than 1.3 mm: random swipes, pinches and rests never tap.
    @Test func noMovementPastTheThresholdEverTaps() async {
        let gen = zip(Gen.int(in: 1...5), Gen.int(in: 1...25), Gen.double(in: -3...3), Gen.double(in: -3...3),
                      Gen.double(in: -0.5...0.5))
        await propertyCheck(count: 400, input: gen) { fingers, frames, vx, vy, spread in
            let events = Self.frames(fingers: fingers, frames: frames, stepUs: 10_000) { f in
                (0..<fingers).map { k in
                    (20 + 15 * Double(k) + (vx + spread * Double(k)) * Double(f), 30 + vy * Double(f))
                }
            }
            // The farthest any contact travels, in mm.
            var farthest = 0.0
            for k in 0..<fingers {
                let dx = (vx + spread * Double(k)) * Double(frames), dy = vy * Double(frames)
                farthest = max(farthest, (dx * dx + dy * dy).squareRoot())
            }
            let out = Self.run(events)
            let duration = UInt64(frames + 1) * 10_000
            let isTap = fingers >= 3 && duration <= 180_000 && farthest <= 1.15
            let surelyNot = fingers < 3 || duration > 180_000 || farthest > 1.45
            if isTap { #expect(out.count == 1) }
            if surelyNot { #expect(out.isEmpty) }
            for case .tap(let tap) in out {
                #expect(tap.touchpad && tap.fingers >= 3 && tap.durationUs <= 180_000)
            }
        }
    }
}

extension PadTapRecognizerTests {
    /// Any stream of events, slot numbers out of range and drops included: the recogniser never
    /// traps, and whatever it emits is a well-formed touchpad tap.
    @Test func anyEventStreamGivesWellFormedTapsOnly() async {
        let codes: [(UInt16, UInt16)] = [
            (EvdevEvent.absType, EvdevEvent.absMTSlot), (EvdevEvent.absType, EvdevEvent.absMTTrackingID),
            (EvdevEvent.absType, EvdevEvent.absMTPositionX), (EvdevEvent.absType, EvdevEvent.absMTPositionY),
            (EvdevEvent.absType, EvdevEvent.absMTToolType), (EvdevEvent.keyType, EvdevEvent.btnToolTripleTap),
            (EvdevEvent.keyType, EvdevEvent.btnToolQuadTap), (EvdevEvent.keyType, EvdevEvent.btnLeft),
            (EvdevEvent.synType, EvdevEvent.synReport), (EvdevEvent.synType, EvdevEvent.synReport),
            (EvdevEvent.synType, EvdevEvent.synDropped),
        ]
        let step = zip(Gen.int(in: 0...(codes.count - 1)), Gen.int(in: -3...70), Gen.int(in: 0...40))
        await propertyCheck(count: 300, input: step.array(of: 1...200)) { steps in
            var r = PadTapRecognizer(device: dev, scale: Self.scale, slotCount: 5)
            var t: UInt64 = 0
            for (c, value, dtMs) in steps {
                t += UInt64(dtMs) * 1_000
                r.handle(EvdevEvent(codes[c].0, codes[c].1, Int32(value), timeUs: t)) { out in
                    guard case .tap(let tap) = out else { Issue.record("not a tap: \(out)"); return }
                    #expect(tap.touchpad && (3...5).contains(tap.fingers) && tap.durationUs <= 180_000 && tap.timeUs == t)
                }
            }
        }
    }
}

extension GestureInput {
    /// A tap's finger count (tests).
    var fingers: Int? { if case .tap(let t) = self { t.fingers } else { nil } }
}
