// SPDX-License-Identifier: MIT
import Testing
import TransitionCore

@Suite struct SourceDefaultsTests {
    @Test func touchpadUnitsPerMillimetre() {
        // 1000 dpi · 0.9 · 0.2968: the design notes' "about 10.5"
        #expect(abs(SourceDefaults.touchpadUnitsPerMm - 10.517) < 0.001)
    }

    @Test func distancesPerSource() {
        #expect(SourceDefaults.distance(for: .swipe, axis: .horizontal) == 400)
        #expect(SourceDefaults.distance(for: .swipe, axis: .vertical) == 300)
        #expect(SourceDefaults.distance(for: .scroll, axis: .vertical) == 300)
        #expect(SourceDefaults.distance(for: .pinch, axis: .scale) == 0.5)
        #expect(SourceDefaults.distance(for: .touch, axis: .horizontal) == 100)
        let extent = DeviceExtent(width: 290, height: 165)
        #expect(SourceDefaults.distance(for: .touch, axis: .horizontal, extent: extent) == 290)
        #expect(SourceDefaults.distance(for: .touch, axis: .vertical, extent: extent) == 165)
        #expect(SourceDefaults.distance(for: .touch, axis: .vertical,
                                        extent: DeviceExtent(width: 1, height: .nan)) == 100)
    }

    @Test func distanceConversion() {
        #expect(Distance(30, .mm).inNativeUnits(of: .swipe)! == 30 * SourceDefaults.touchpadUnitsPerMm)
        #expect(Distance(300, .units).inNativeUnits(of: .scroll) == 300)
        #expect(Distance(80, .mm).inNativeUnits(of: .touch) == 80)
        #expect(Distance(0.4, .scale).inNativeUnits(of: .pinch) == 0.4)
        #expect(Distance(0.4, .scale).inNativeUnits(of: .swipe) == nil)
        #expect(Distance(40, .mm).inNativeUnits(of: .pinch) == nil)
    }

    @Test func percentOfTheScreensSide() {
        let extent = DeviceExtent(width: 290, height: 165)
        #expect(Distance(20, .percent).inNativeUnits(of: .touch, axis: .horizontal, extent: extent) == 58)
        #expect(Distance(20, .percent).inNativeUnits(of: .edge, axis: .vertical, extent: extent) == 33)
        // Extent unknown or unusable: a percentage of the 100 mm fallback, as the default is.
        #expect(Distance(20, .percent).inNativeUnits(of: .touch, axis: .vertical) == 20)
        #expect(Distance(20, .percent).inNativeUnits(of: .touch, axis: .horizontal,
                                                    extent: DeviceExtent(width: 0, height: 165)) == 20)
        #expect(SourceDefaults.touchscreenSide(axis: .vertical, extent: extent) == 165)
        // 100 % is the default touchscreen travel.
        #expect(Distance(100, .percent).inNativeUnits(of: .touch, axis: .horizontal, extent: extent)
                == SourceDefaults.distance(for: .touch, axis: .horizontal, extent: extent))
        // Only touchscreen pans and edge swipes have a screen side to take a percentage of.
        for source in [GestureSource.swipe, .scroll, .hold, .touchHold, .pinch, .touchPinch, .rotate, .touchRotate, .padtap] {
            #expect(Distance(20, .percent).inNativeUnits(of: source, extent: extent) == nil, "\(source)")
        }
    }

    @Test func thresholdsAndSlops() {
        #expect(SourceDefaults.velocityThreshold(for: .swipe) == 0.6)
        #expect(SourceDefaults.velocityThreshold(for: .touch) == 0.08)
        #expect(SourceDefaults.decelerationRate(for: .swipe) == 0.997)
        #expect(SourceDefaults.decelerationRate(for: .touch) == 0.998)
        let c = EngineConfiguration(transitions: [], bindings: [])
        #expect(c.slop(for: .swipe) == 16 && c.slop(for: .scroll) == 16)
        #expect(c.slop(for: .touch) == 3)
        #expect(c.slop(for: .pinch) == 0.05)
    }
}
