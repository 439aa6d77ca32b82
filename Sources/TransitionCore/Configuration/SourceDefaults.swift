// SPDX-License-Identifier: MIT
/// Per-source units and the defaults that depend on them. Each number says where it comes from.
///
/// Units: swipes and two-finger scrolls arrive in libinput's unaccelerated, 1000-dpi-normalised
/// touchpad units; touchscreen pans in millimetres; pinches as a change of libinput's scale;
/// rotations (a pinch's or twist's angle) in degrees, positive clockwise.
public enum SourceDefaults {
    /// Touchpad units per millimetre of finger travel: 1000/25.4 · 0.9 · 0.2968 ≈ 10.52.
    ///
    /// libinput normalises touchpad deltas to a 1000-dpi device (1000/25.4 ≈ 39.37 units per
    /// mm, `normalize_for_dpi`), and its unaccelerated gesture deltas then go through
    /// `touchpad_constant_filter` (src/filter-touchpad.c), which multiplies by its `baseline`
    /// 0.9 and `TP_MAGIC_SLOWDOWN` 0.2968 so that unaccelerated motion matches the accelerated
    /// plateau. The design notes' "about 10.5 units per mm" is this number.
    public static let touchpadUnitsPerMm: Double = 1000.0 / 25.4 * 0.9 * 0.2968

    /// How many pinch scale units count as one touchpad unit when comparing magnitudes (the
    /// snap distance): the default pinch travel, 0.5 scale, equals the default horizontal
    /// swipe, 400 units. A convention of this project; libinput has no physical pinch unit.
    public static let touchpadUnitsPerScale: Double = 800

    /// Touchpad swipe and scroll travel for progress 0 → 1, horizontal: 400 units (GNOME Shell
    /// `swipeTracker.js` `TOUCHPAD_BASE_WIDTH`, libadwaita `TOUCHPAD_BASE_DISTANCE_H`), ≈ 38 mm.
    public static let touchpadDistanceHorizontal: Double = 400
    /// Vertical: 300 units (GNOME `TOUCHPAD_BASE_HEIGHT`, libadwaita `TOUCHPAD_BASE_DISTANCE_V`),
    /// ≈ 28.5 mm.
    public static let touchpadDistanceVertical: Double = 300
    /// Touchscreen travel when the input layer reports no device extent: 100 mm. Normally a
    /// touchscreen pan moves content 1:1, so the travel is the screen's extent along the axis
    /// (``GestureBegin/extent``); this fallback is about half the width of a 13-inch screen.
    public static let touchscreenFallbackDistance: Double = 100
    /// Pinch travel: a scale change of 0.5 (fingers at half or one and a half times their
    /// starting spread).
    public static let pinchDistance: Double = 0.5
    /// Touchscreen pinch travel: a scale change of 0.5 of the fingers' spread. Two fingers land
    /// some 40 mm apart; pinching them to 20 mm or spreading them to 60 mm is a full pinch, 20 mm
    /// of travel per finger, which is the scale Touchégg's touchscreen pinches reach by the time
    /// its animations finish. A touchscreen cannot go much further in: fingers touch at about
    /// 15 mm (scale ≈ 0.4).
    public static let touchPinchDistance: Double = 0.5

    /// Rotation travel for progress 0 → 1: a quarter turn, 90° (the issue's "progress is the
    /// angle over a quarter turn"; `distance_degrees` changes it).
    public static let rotationDistance: Double = 90
    /// How many touchpad units one degree counts as when comparing magnitudes (the snap
    /// distance): the default quarter turn equals the default horizontal swipe, 400 units.
    /// A convention of this project, like ``touchpadUnitsPerScale``.
    public static let touchpadUnitsPerDegree: Double = 400.0 / 90.0

    /// Touchpad slop before the axis locks: 16 units ≈ 1.5 mm (GNOME, libadwaita
    /// `DRAG_THRESHOLD_DISTANCE`, niri, Clutter all use 16).
    public static let touchpadSlop: Double = 16
    /// Touchscreen slop: 3 mm. libadwaita uses its 16-pixel drag threshold for touch as well,
    /// 16 logical px, which is 2.4 mm on a 166-dpi 13-inch 1080p panel at scale 1 and 4.2 mm at
    /// the 96-dpi reference; Android's `TOUCH_SLOP` is 8 dp ≈ 1.3 mm for single-finger scrolls.
    /// A multi-finger centroid jitters more than one finger (fingers land and lift at slightly
    /// different times), so this takes the middle of libadwaita's range.
    public static let touchscreenSlop: Double = 3
    /// Pinch slop: a 5 % change of the finger spread (libinput has already applied its own
    /// pinch threshold before it reports the gesture).
    public static let pinchSlop: Double = 0.05

    /// Rotation slop: a pinch or twist whose angle turns 10° before its scale changes by the
    /// pinch slop locks onto rotation (only when a rotation binding has its finger count).
    /// OpenLayers' `PinchRotate` starts rotating a map at 0.3 rad ≈ 17° (`threshold`,
    /// src/ol/interaction/PinchRotate.js), a gate on a rotation that runs alongside the zoom;
    /// equal finger travel would give 2.9° (fingers 40 mm apart: 5 % of their spread is 1 mm
    /// per finger, as is a 2.9° turn). Here the first axis to pass wins the whole gesture, so
    /// this sits between the two: a turn must move each finger 3.5 mm along its arc.
    public static let rotationSlop: Double = 10

    /// Touchpad release-speed threshold: 0.6 units/ms ≈ 57 mm/s (GNOME and libadwaita
    /// `VELOCITY_THRESHOLD_TOUCHPAD`).
    public static let touchpadVelocityThreshold: Double = 0.6
    /// Touchscreen release-speed threshold: 0.08 mm/ms = 80 mm/s. libadwaita's
    /// `VELOCITY_THRESHOLD_TOUCH` is 0.3 logical px/ms, 0.079 mm/ms at the 96-dpi reference
    /// (3.78 px/mm). (Android's `MINIMUM_FLING_VELOCITY`, 50 dp/s ≈ 8 mm/s, only says whether a
    /// fling exists at all, not which way a transition goes.)
    public static let touchscreenVelocityThreshold: Double = 0.08
    /// Pinch release-speed threshold: 0.00075 scale/ms, the same 1.5 progress/s that the
    /// touchpad threshold gives over the default distances (0.6·1000/400).
    public static let pinchVelocityThreshold: Double = 0.00075

    /// Rotation release-speed threshold: 0.135 °/ms, the same 1.5 progress/s over the default
    /// quarter turn (1.5 · 90 / 1000).
    public static let rotationVelocityThreshold: Double = 0.135

    /// Deceleration per ms for the release projection on touchpads: 0.997, τ = 0.333 s
    /// (GNOME, libadwaita `DECELERATION_TOUCHPAD`, niri).
    public static let touchpadDecelerationRate: Double = 0.997
    /// On touchscreens: 0.998, τ = 0.4995 s (GNOME, libadwaita `DECELERATION_TOUCH`).
    public static let touchscreenDecelerationRate: Double = 0.998

    /// How long a hold takes to finish, seconds: 0.5 s, the long-press time of GTK
    /// (`gtk-long-press-time`, 500 ms, gtk/gtksettings.c), UIKit
    /// (`UILongPressGestureRecognizer.minimumPressDuration`, 0.5 s) and SwiftUI
    /// (`LongPressGesture(minimumDuration: 0.5)`). Qt's `QStyleHints::mousePressAndHoldInterval`
    /// defaults to 800 ms (`QPlatformTheme::defaultThemeHint`, qtbase
    /// src/gui/kernel/qplatformtheme.cpp), but under GNOME Qt reads GTK's 500 ms.
    public static let holdDuration: Double = 0.5

    /// How long fingers must rest before a hold begins (its `began`), seconds: 0.2 s. Longer
    /// than libinput's tap timeout (180 ms, `DEFAULT_TAP_TIMEOUT_PERIOD`,
    /// src/evdev-mt-touchpad-tap.c) and the touchscreen recogniser's tap limit (180 ms), so a
    /// tap never begins a hold; longer than the two-finger hold libinput opens a pinch or twist
    /// with (about 40 ms in, then cancelled), and than the touchscreen recogniser's landing
    /// window (150 ms), so a swipe, scroll, pinch or drag that starts moving at once never
    /// begins one. Short enough that 60 % of the default hold is still to fill when it begins.
    public static let holdDelay: Double = 0.2

    /// The default travel for `source` along `axis`, in the source's units, when neither the
    /// binding nor the transition gives one. A touchscreen uses `extent` when known.
    public static func distance(for source: GestureSource, axis: Axis, extent: DeviceExtent? = nil) -> Double {
        switch source {
        case .swipe, .scroll, .hold:
            return axis == .vertical ? touchpadDistanceVertical : touchpadDistanceHorizontal
        case .touch, .edge, .touchHold:
            return touchscreenSide(axis: axis, extent: extent)
        case .pinch:
            return pinchDistance
        case .touchPinch:
            return touchPinchDistance
        case .rotate, .touchRotate:
            return rotationDistance
        case .padtap:
            return touchpadDistanceHorizontal       // a tap drives nothing; never used
        }
    }

    /// A touchscreen's side along `axis` (its height for ``Axis/vertical``, its width otherwise),
    /// mm: `extent`'s when known, positive and finite, ``touchscreenFallbackDistance`` otherwise.
    /// The default touchscreen travel, and what ``DistanceUnit/percent`` is a percentage of.
    public static func touchscreenSide(axis: Axis, extent: DeviceExtent?) -> Double {
        if let extent {
            let e = axis == .vertical ? extent.height : extent.width
            if e.isFinite && e > 0 { return e }
        }
        return touchscreenFallbackDistance
    }

    /// The release-speed threshold for `source`, source units per millisecond.
    public static func velocityThreshold(for source: GestureSource) -> Double {
        switch source {
        case .swipe, .scroll, .hold, .padtap: touchpadVelocityThreshold
        case .touch, .edge, .touchHold: touchscreenVelocityThreshold
        case .pinch, .touchPinch: pinchVelocityThreshold
        case .rotate, .touchRotate: rotationVelocityThreshold
        }
    }

    /// The projection's deceleration rate per ms for `source`.
    public static func decelerationRate(for source: GestureSource) -> Double {
        source.isTouchscreen ? touchscreenDecelerationRate : touchpadDecelerationRate
    }

    /// How many touchpad units one unit of `source` counts as, to compare magnitudes given in
    /// touchpad units (``DecisionPolicy/snapDistance``): 1 for swipes and scrolls,
    /// ``touchpadUnitsPerMm`` for touchscreens, ``touchpadUnitsPerScale`` for pinches,
    /// ``touchpadUnitsPerDegree`` for rotations.
    public static func touchpadUnits(per source: GestureSource) -> Double {
        switch source {
        case .swipe, .scroll, .hold, .padtap: 1
        case .touch, .edge, .touchHold: touchpadUnitsPerMm
        case .pinch, .touchPinch: touchpadUnitsPerScale
        case .rotate, .touchRotate: touchpadUnitsPerDegree
        }
    }

    /// The source's native distance unit: ``DistanceUnit/units`` for touchpads,
    /// ``DistanceUnit/mm`` for touchscreens, ``DistanceUnit/scale`` for pinches,
    /// ``DistanceUnit/degrees`` for rotations.
    public static func nativeUnit(of source: GestureSource) -> DistanceUnit {
        switch source {
        case .swipe, .scroll, .hold, .padtap: .units
        case .touch, .edge, .touchHold: .mm
        case .pinch, .touchPinch: .scale
        case .rotate, .touchRotate: .degrees
        }
    }
}

extension Distance {
    /// This distance in `source`'s native units, or `nil` when the unit does not apply to the
    /// source (a scale for a swipe, units or mm for a pinch, anything but degrees for a
    /// rotation, a percentage for anything but a touchscreen pan or edge swipe). Touchpads
    /// convert mm with ``SourceDefaults/touchpadUnitsPerMm``; for touchscreens units and mm are
    /// the same, and a percentage is of the screen's side along `axis`
    /// (``SourceDefaults/touchscreenSide(axis:extent:)``: `extent`'s, or the 100 mm fallback).
    public func inNativeUnits(of source: GestureSource, axis: Axis = .horizontal, extent: DeviceExtent? = nil) -> Double? {
        switch (source, unit) {
        case (.swipe, .units), (.scroll, .units): value
        case (.swipe, .mm), (.scroll, .mm): value * SourceDefaults.touchpadUnitsPerMm
        case (.touch, .mm), (.touch, .units), (.edge, .mm), (.edge, .units): value
        case (.touch, .percent), (.edge, .percent): value / 100 * SourceDefaults.touchscreenSide(axis: axis, extent: extent)
        case (.pinch, .scale), (.touchPinch, .scale): value
        case (.rotate, .degrees), (.touchRotate, .degrees): value
        default: nil
        }
    }
}
