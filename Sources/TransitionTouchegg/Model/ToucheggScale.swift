// SPDX-License-Identifier: MIT
public import TransitionCore

/// Touchégg 2.0.18's percentages, as its daemon computes them (JoseExposito/touchegg, tag
/// 2.0.18, `src/gesture-gatherer/`): what `OnGestureUpdate` carries on `@touchegg`, whatever
/// transition drives the gesture on transitiond's side.
///
/// A swipe (`libinput-handler.cpp`, `calculateSwipeAnimationPercentage`) moves `Δ` along its
/// direction: `max(0, Δ − start) × 100 / (start + finish)`, at most 100, with `finish` the
/// horizontal or vertical threshold by the direction's axis. A touchpad's `Δ` counts from
/// libinput's swipe begin; a touchscreen's from where the gesture began (Touchégg's
/// `libinput-touch-handler.cpp` takes the positions at its `OnGestureBegin` as the start), so
/// 100 % is `2 × start + finish` further on. The thresholds (`libinput-device-handler.cpp`)
/// come from the device's size as libinput gives it (`libinput_device_get_size`):
/// - touchpad (libinput ≥ 1.18, `LIBINPUT_FILTER_DELTAS`): `start` 1 % of the smaller side,
///   `finish` 9 % of the width or height, each side taken in 1000-dpi units (mm / 25.4 × 1000);
/// - touchscreen: `start` 2 % of the smaller side, `finish` 16 % of the width or height, in mm;
/// - size unknown (or 0 × 0, touchegg#415): ``fallback``, 200 and 2500 (`libinput-device-info.h`),
///   in the device's own units.
///
/// A pinch (`calculatePinchAnimationPercentage`): `(1 − min(1, scale)) × 100` in,
/// `(min(2, scale) − 1) × 100` out, at least 0: 100 % at scale 0 or 2.
public struct ToucheggScale: Sendable, Hashable {
    /// `start_threshold`: how far a swipe moves before its percentage leaves 0.
    public var start: Double
    /// `finish_threshold_horizontal`: left and right swipes.
    public var finishHorizontal: Double
    /// `finish_threshold_vertical`: up and down swipes.
    public var finishVertical: Double

    /// Thresholds of `start`, `finishHorizontal` and `finishVertical`.
    public init(start: Double, finishHorizontal: Double, finishVertical: Double) {
        self.start = start; self.finishHorizontal = finishHorizontal; self.finishVertical = finishVertical
    }

    /// Touchégg's thresholds for a device of unknown size (`LibinputDeviceInfo`'s defaults).
    public static let fallback = ToucheggScale(start: 200, finishHorizontal: 2500, finishVertical: 2500)

    /// A touchpad of `sizeMm` (`nil`: unknown): thresholds in libinput's 1000-dpi units, the
    /// units of its swipes' deltas.
    public static func touchpad(sizeMm: DeviceExtent?) -> ToucheggScale {
        guard let size = known(sizeMm) else { return fallback }
        let dots = { (mm: Double) in mm / 25.4 * 1000 }
        return ToucheggScale(start: dots(min(size.width, size.height)) * 1 / 100,
                             finishHorizontal: dots(size.width) * 9 / 100, finishVertical: dots(size.height) * 9 / 100)
    }

    /// A touchscreen of `sizeMm` (`nil`: unknown, its positions in device units): thresholds
    /// in mm, the units of its positions.
    public static func touchscreen(sizeMm: DeviceExtent?) -> ToucheggScale {
        guard let size = known(sizeMm) else { return fallback }
        return ToucheggScale(start: min(size.width, size.height) * 2 / 100,
                             finishHorizontal: size.width * 16 / 100, finishVertical: size.height * 16 / 100)
    }

    /// The percentage of a swipe going `direction` that has moved (`dx`, `dy`), 0 to 100.
    /// `dx` grows to the right and `dy` downwards; a direction without an axis of motion gives 0.
    public func swipePercentage(_ direction: Direction, dx: Double, dy: Double) -> Double {
        let along: Double, finish: Double
        switch direction {
        case .left: along = -dx; finish = finishHorizontal
        case .right: along = dx; finish = finishHorizontal
        case .up: along = -dy; finish = finishVertical
        case .down: along = dy; finish = finishVertical
        case .in, .out, .cw, .ccw: return 0
        }
        let range = start + finish
        guard along.isFinite, range > 0 else { return 0 }
        return min(max(0, along - start) * 100 / range, 100)
    }

    /// The percentage of a pinch going `direction` at `scale` (1 where it began), 0 to 100.
    public static func pinchPercentage(_ direction: Direction, scale: Double) -> Double {
        guard scale.isFinite else { return 0 }
        switch direction {
        case .in: return min(100, (1 - min(1, scale)) * 100)
        case .out: return min(100, max(0, min(2, scale) - 1) * 100)
        case .up, .down, .left, .right, .cw, .ccw: return 0
        }
    }

    /// `size` when both sides are positive and finite.
    private static func known(_ size: DeviceExtent?) -> DeviceExtent? {
        guard let size, size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return nil }
        return size
    }
}
