// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
import TransitionCore
@testable import TransitionTouchegg

/// Touchégg 2.0.18's percentages (`src/gesture-gatherer/libinput-handler.cpp`,
/// `libinput-device-handler.cpp`, `libinput-device-info.h`).
@Suite struct ToucheggScaleTests {
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    /// The e2e suite's touchpad (transition-vdev: 1200 × 800 units at 12 per mm) and
    /// touchscreen (300 × 200 mm).
    static let pad = DeviceExtent(width: 100, height: 800.0 / 12)
    static let screen = DeviceExtent(width: 300, height: 200)

    @Test func touchpadThresholdsAreInThousandDpiUnits() {
        let s = ToucheggScale.touchpad(sizeMm: Self.pad)
        // 1 % of the smaller side, 9 % of each side, mm / 25.4 × 1000.
        #expect(Self.close(s.start, 800.0 / 12 / 25.4 * 10))
        #expect(Self.close(s.finishHorizontal, 100 / 25.4 * 90))
        #expect(Self.close(s.finishVertical, 800.0 / 12 / 25.4 * 90))
        // 100 % after 2 × start + finish from libinput's begin: about 407 units across, 289 down.
        #expect(Self.close(s.swipePercentage(.right, dx: 2 * s.start + s.finishHorizontal, dy: 0), 100))
        #expect(Int((2 * s.start + s.finishHorizontal).rounded()) == 407)
        #expect(Int((2 * s.start + s.finishVertical).rounded()) == 289)
    }

    @Test func touchscreenThresholdsAreInMillimetres() {
        let s = ToucheggScale.touchscreen(sizeMm: Self.screen)
        #expect(s == ToucheggScale(start: 4, finishHorizontal: 48, finishVertical: 32))
        // 100 % after 56 mm across from the Begin (18.7 % of the width), 40 mm down.
        #expect(s.swipePercentage(.left, dx: -56, dy: 0) == 100)
        #expect(s.swipePercentage(.down, dx: 0, dy: 40) == 100)
        #expect(Self.close(s.swipePercentage(.right, dx: 30, dy: 0), 26.0 * 100 / 52))
    }

    @Test func anUnknownSizeFallsBackTo200And2500() {
        for size in [nil, DeviceExtent(width: 0, height: 0), DeviceExtent(width: .nan, height: 50)] {
            #expect(ToucheggScale.touchpad(sizeMm: size) == .fallback)
            #expect(ToucheggScale.touchscreen(sizeMm: size) == .fallback)
        }
        #expect(ToucheggScale.fallback == ToucheggScale(start: 200, finishHorizontal: 2500, finishVertical: 2500))
        #expect(ToucheggScale.fallback.swipePercentage(.up, dx: 0, dy: -2900) == 100)
        #expect(ToucheggScale.fallback.swipePercentage(.up, dx: 0, dy: -1550) == 50)
    }

    @Test func aSwipeCountsOnlyAlongItsDirection() {
        let s = ToucheggScale(start: 10, finishHorizontal: 90, finishVertical: 40)
        #expect(s.swipePercentage(.right, dx: 0, dy: 0) == 0)
        #expect(s.swipePercentage(.right, dx: 10, dy: 0) == 0)          // the start threshold
        #expect(s.swipePercentage(.right, dx: 60, dy: 0) == 50)
        #expect(s.swipePercentage(.right, dx: 60, dy: 300) == 50)        // across: nothing
        #expect(s.swipePercentage(.right, dx: -60, dy: 0) == 0)          // the other way: 0
        #expect(s.swipePercentage(.left, dx: -60, dy: 0) == 50)
        #expect(s.swipePercentage(.up, dx: 0, dy: -35) == 50)
        #expect(s.swipePercentage(.down, dx: 0, dy: 500) == 100)         // clipped
        #expect(s.swipePercentage(.in, dx: 60, dy: 0) == 0)
        #expect(s.swipePercentage(.right, dx: .infinity, dy: 0) == 0)
    }

    @Test func aPinchReaches100AtScale0Or2() {
        #expect(ToucheggScale.pinchPercentage(.out, scale: 1) == 0)
        #expect(ToucheggScale.pinchPercentage(.out, scale: 1.5) == 50)
        #expect(ToucheggScale.pinchPercentage(.out, scale: 2) == 100)
        #expect(ToucheggScale.pinchPercentage(.out, scale: 3) == 100)
        #expect(ToucheggScale.pinchPercentage(.out, scale: 0.8) == 0)
        #expect(ToucheggScale.pinchPercentage(.in, scale: 1) == 0)
        #expect(ToucheggScale.pinchPercentage(.in, scale: 0.6) == 40)
        #expect(ToucheggScale.pinchPercentage(.in, scale: 0) == 100)
        #expect(ToucheggScale.pinchPercentage(.in, scale: 1.3) == 0)
        #expect(ToucheggScale.pinchPercentage(.left, scale: 0.5) == 0)
        #expect(ToucheggScale.pinchPercentage(.out, scale: .nan) == 0)
    }

    static let sizes = zip(Gen.double(in: 20...400), Gen.double(in: 20...400), Gen.bool)
    static let swipeDirections: [Direction] = [.up, .down, .left, .right]

    /// For any device: 0 at rest and up to `start`, monotone along the direction, unmoved by
    /// motion across it, 100 from `2 × start + finish` on, always within 0…100.
    @Test func aSwipesPercentageIsMonotoneFrom0To100() async {
        await propertyCheck(count: 300, input: Self.sizes, Gen.int(in: 0...3),
                            Gen.double(in: -500...5000).array(of: 2...20), Gen.double(in: -300...300)) { size, d, alongs, across in
            let (w, h, touchscreen) = size
            let extent = DeviceExtent(width: w, height: h)
            let s = touchscreen ? ToucheggScale.touchscreen(sizeMm: extent) : ToucheggScale.touchpad(sizeMm: extent)
            let direction = Self.swipeDirections[d]
            let horizontal = direction == .left || direction == .right
            let sign: Double = direction == .left || direction == .up ? -1 : 1
            func percentage(_ along: Double, _ across: Double = 0) -> Double {
                horizontal ? s.swipePercentage(direction, dx: sign * along, dy: across)
                           : s.swipePercentage(direction, dx: across, dy: sign * along)
            }
            #expect(percentage(0) == 0 && percentage(s.start) == 0)
            let full = 2 * s.start + (horizontal ? s.finishHorizontal : s.finishVertical)
            #expect(Self.close(percentage(full), 100) && percentage(full * 2) == 100)
            let sorted = alongs.sorted()
            let values = sorted.map { percentage($0) }
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(values.allSatisfy { (0...100).contains($0) })
            #expect(sorted.allSatisfy { percentage($0, across) == percentage($0) })
        }
    }

    @Test func aPinchsPercentageIsMonotoneInItsDirection() async {
        await propertyCheck(count: 300, input: Gen.double(in: -0.5...3.5).array(of: 2...20)) { scales in
            let sorted = scales.sorted()
            let out = sorted.map { ToucheggScale.pinchPercentage(.out, scale: $0) }
            let inward = sorted.map { ToucheggScale.pinchPercentage(.in, scale: $0) }
            #expect(zip(out, out.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(zip(inward, inward.dropFirst()).allSatisfy { $0 >= $1 })
            #expect((out + inward).allSatisfy { (0...100).contains($0) })
        }
    }
}
