// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionInput
import TransitionCore

private func down(_ slot: Int32, _ x: Double, _ y: Double, _ t: UInt64) -> InputEvent {
    .touch(.down(slot: slot, x: x, y: y, timeUs: t))
}
private func move(_ slot: Int32, _ x: Double, _ y: Double, _ t: UInt64) -> InputEvent {
    .touch(.motion(slot: slot, x: x, y: y, timeUs: t))
}
private func up(_ slot: Int32, _ t: UInt64) -> InputEvent { .touch(.up(slot: slot, timeUs: t)) }
private func frame(_ t: UInt64) -> InputEvent { .touch(.frame(timeUs: t)) }
private func cancel(_ slot: Int32, _ t: UInt64) -> InputEvent { .touch(.cancel(slot: slot, timeUs: t)) }

private func isMonotonic(_ out: [GestureInput]) -> Bool {
    zip(out, out.dropFirst()).allSatisfy { $0.timeUs <= $1.timeUs }
}

@Suite struct TouchPanRecognizerTests {
    @Test func oneFingerDragHoldsThenBeginsAfterTheLandingWindow() {
        var r = TouchPanRecognizer(device: dev)
        var out: [GestureInput] = []
        r.handle(.down(slot: 0, x: 10, y: 10, timeUs: 0)) { out.append($0) }
        r.handle(.frame(timeUs: 0)) { out.append($0) }
        #expect(out == [touchHoldBegin(1, 0)])
        // Moving, but inside the 150 ms landing window: nothing yet.
        for i in 1...14 {
            let t = UInt64(i) * 10_000
            r.handle(.motion(slot: 0, x: 10 + 0.5 * Double(i), y: 10, timeUs: t)) { out.append($0) }
            r.handle(.frame(timeUs: t)) { out.append($0) }
        }
        #expect(out == [touchHoldBegin(1, 0)])
        #expect(r.state == .pending(fingers: 1, firstDownUs: 0, anchorUs: 0, movedX: 7, movedY: 0))
        // The window is over: the pan begins, with every frame so far, each at its own time.
        r.handle(.motion(slot: 0, x: 17.5, y: 10, timeUs: 150_000)) { out.append($0) }
        r.handle(.frame(timeUs: 150_000)) { out.append($0) }
        var expected: [GestureInput] = [touchHoldBegin(1, 0), holdEnd(true, 0), begin(.touch, 1, 0)]
        for i in 1...15 { expected.append(update(0.5, 0, UInt64(i) * 10_000)) }
        #expect(out == expected)
        #expect(r.state == .panning(fingers: 1))
        r.handle(.motion(slot: 0, x: 18, y: 10, timeUs: 160_000)) { out.append($0) }
        r.handle(.frame(timeUs: 160_000)) { out.append($0) }
        r.handle(.up(slot: 0, timeUs: 170_000)) { out.append($0) }
        r.handle(.frame(timeUs: 170_000)) { out.append($0) }
        expected += [update(0.5, 0, 160_000), end(170_000)]
        #expect(out == expected)
        #expect(isMonotonic(out))
        #expect(r.state == .idle)
    }

    @Test func aTapIsAHoldThatEnds() {
        var r = TouchPanRecognizer(device: dev)
        let out = run(&r, [down(0, 5, 5, 0), frame(0), move(0, 5.2, 5.1, 8_000), frame(8_000),
                           up(0, 200_000), frame(200_000)])
        #expect(out == [touchHoldBegin(1, 0), holdEnd(false, 200_000)])
    }

    @Test func jitterNeverBeginsAPan() {
        var r = TouchPanRecognizer(device: dev)
        var events: [InputEvent] = [down(0, 5, 5, 0), frame(0)]
        for i in 1...40 {
            let t = UInt64(i) * 10_000
            events += [move(0, i.isMultiple(of: 2) ? 5.3 : 4.7, 5, t), frame(t)]
        }
        events += [up(0, 500_000), frame(500_000)]
        #expect(run(&r, events) == [touchHoldBegin(1, 0), holdEnd(false, 500_000)])
    }

    @Test func aQuickFlickLiftedInsideTheWindowIsReportedWhole() {
        var r = TouchPanRecognizer(device: dev)
        let out = run(&r, [down(0, 0, 0, 0), frame(0),
                           move(0, 0, 3, 10_000), frame(10_000),
                           move(0, 0, 7, 20_000), frame(20_000),
                           up(0, 30_000), frame(30_000)])
        #expect(out == [touchHoldBegin(1, 0), holdEnd(true, 0), begin(.touch, 1, 0),
                        update(0, 3, 10_000), update(0, 4, 20_000), end(30_000)])
    }

    /// The Atmel 4-finger drag recording: one finger, two more 28 ms later, movement, the fourth
    /// finger at 111 ms. The pan must begin with four fingers, from the fourth finger's frame.
    /// (It is lifted before the landing window ends, so it is reported whole at the lift.)
    @Test func fingersLandingOneByOneReanchorAndTheGestureBeginsWithAllOfThem() {
        var r = TouchPanRecognizer(device: dev)
        let out = run(&r, [
            down(0, 415, 107, 0), frame(0),
            down(1, 133, 245, 27_718), down(2, 258, 115, 27_718), frame(27_718),
            move(0, 415, 121, 83_213), frame(83_213),
            move(0, 415, 125, 97_052), move(1, 133, 258, 97_052), move(2, 258, 128, 97_052), frame(97_052),
            move(0, 415, 130, 111_134), move(1, 133, 263, 111_134), move(2, 258, 133, 111_134),
            down(3, 639, 207, 111_134), frame(111_134),
            move(0, 415, 135, 125_212), move(1, 133, 268, 125_212), move(2, 258, 138, 125_212),
            move(3, 639, 212, 125_212), frame(125_212),
            up(0, 140_000), up(1, 140_000), up(2, 140_000), up(3, 140_000), frame(140_000),
        ])
        #expect(out == [touchHoldBegin(1, 0), touchHoldBegin(3, 27_718), touchHoldBegin(4, 111_134),
                        holdEnd(true, 111_134), begin(.touch, 4, 111_134), update(0, 5, 125_212), end(140_000)])
    }

    @Test func aFingerAddedOrLiftedDuringThePanDoesNotMakeTheCentroidJump() {
        var r = TouchPanRecognizer(device: dev)
        var events: [InputEvent] = [down(0, 10, 10, 0), frame(0), move(0, 20, 10, 150_000), frame(150_000)]
        // A second finger lands 40 mm away while the first moves by 1 mm: the pan moves by 1.
        events += [move(0, 21, 10, 160_000), down(1, 61, 10, 160_000), frame(160_000)]
        // Both move by 2 mm.
        events += [move(0, 23, 10, 170_000), move(1, 63, 10, 170_000), frame(170_000)]
        // The first lifts while the second moves by 1 mm.
        events += [up(0, 180_000), move(1, 64, 10, 180_000), frame(180_000)]
        events += [up(1, 190_000), frame(190_000)]
        let out = run(&r, events)
        #expect(out == [touchHoldBegin(1, 0), holdEnd(true, 0), begin(.touch, 1, 0), update(10, 0, 150_000),
                        update(1, 0, 160_000), update(2, 0, 170_000), update(1, 0, 180_000), end(190_000)])
    }

    @Test func touchCancelCancelsThePanAndIgnoresTheRestUntilAllLift() {
        var r = TouchPanRecognizer(device: dev)
        let out = run(&r, [
            down(0, 0, 0, 0), down(1, 10, 0, 0), frame(0),
            move(0, 5, 0, 160_000), move(1, 15, 0, 160_000), frame(160_000),
            cancel(0, 170_000), frame(170_000),
            move(1, 30, 0, 180_000), frame(180_000),
            up(1, 190_000), frame(190_000),
            down(0, 1, 1, 200_000), frame(200_000),
        ])
        #expect(out == [touchHoldBegin(2, 0), holdEnd(true, 0), begin(.touch, 2, 0), update(5, 0, 160_000),
                        end(170_000, .touch), touchHoldBegin(1, 200_000)])
    }

    @Test func touchCancelWhilePendingEndsTheHold() {
        var r = TouchPanRecognizer(device: dev)
        let out = run(&r, [down(0, 0, 0, 0), frame(0), cancel(0, 10_000), frame(10_000)])
        #expect(out == [touchHoldBegin(1, 0), holdEnd(false, 10_000)])
        #expect(r.state == .idle)
    }

    @Test func pendingSamplesAreMergedBeyondTheLimitWithoutLosingDistance() {
        var p = TouchPanRecognizer.Parameters()
        p.maxPendingSamples = 4
        p.landingWindowUs = 100_000
        var r = TouchPanRecognizer(device: dev, parameters: p)
        var events: [InputEvent] = [down(0, 0, 0, 0), frame(0)]
        for i in 1...10 {
            let t = UInt64(i) * 10_000
            events += [move(0, Double(i), 0, t), frame(t)]
        }
        let out = run(&r, events)
        let updates = out.compactMap { if case .update(let u) = $0 { u } else { nil } }
        #expect(updates.count == 4)
        #expect(updates.map(\.dx).reduce(0, +) == 10)
        #expect(updates.last?.timeUs == 100_000)
        #expect(isMonotonic(out))
    }

    @Test func beginsCarryTheDeviceExtent() {
        let extent = DeviceExtent(width: 300, height: 200)
        var r = TouchPanRecognizer(device: dev, extent: extent)
        let out = run(&r, [down(0, 0, 0, 0), frame(0), move(0, 5, 0, 10_000), frame(10_000), up(0, 20_000), frame(20_000)])
        // In mm, so its physical size too (Touchégg's percentages are measured against it).
        #expect(out.contains(.begin(GestureBegin(device: dev, source: .touch, fingers: 1, timeUs: 0, extent: extent, sizeMm: extent))))
        // A panel without resolution: its extent in device units, no physical size.
        var units = TouchPanRecognizer(device: dev, layout: TouchLayout(extent: extent, extentInMm: false))
        let unsized = run(&units, [down(0, 0, 0, 0), frame(0), move(0, 5, 0, 10_000), frame(10_000), up(0, 20_000), frame(20_000)])
        #expect(unsized.contains(.begin(GestureBegin(device: dev, source: .touch, fingers: 1, timeUs: 0, extent: extent))))
    }

    @Test func resetForgetsEverything() {
        var r = TouchPanRecognizer(device: dev)
        _ = run(&r, [down(0, 0, 0, 0), frame(0)])
        r.reset()
        #expect(r.state == .idle)
        let out = run(&r, [up(0, 1), frame(1)])
        #expect(out.isEmpty)
    }
}
