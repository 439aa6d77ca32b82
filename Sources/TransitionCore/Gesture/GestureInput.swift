// SPDX-License-Identifier: MIT
/// Where a gesture comes from. Each source has its own units (see ``DistanceUnit``).
public enum GestureSource: String, Sendable, Hashable, CaseIterable, Codable {
    /// A touchpad multi-finger swipe (libinput gesture events). Deltas in libinput's unaccelerated,
    /// 1000-dpi-normalised units.
    case swipe
    /// A touchpad two-finger scroll (`LIBINPUT_EVENT_POINTER_SCROLL_FINGER`). Deltas in the same
    /// units as ``swipe``.
    case scroll
    /// A touchscreen pan: the centroid of the active touch points, in millimetres.
    case touch
    /// A touchpad pinch. `dx` of each update carries the change of libinput's scale factor
    /// (positive: spreading the fingers, "out"); `dy` the change of its angle, degrees, positive
    /// clockwise (`libinput_event_gesture_get_angle_delta`).
    case pinch
    /// A touchscreen pan that starts in an edge zone and moves inward (bindings
    /// `edge<fingers>-<edge>`). The input layer reports it as a ``touch`` pan whose begin carries
    /// ``GestureBegin/edges``; the engine drives an `edge` binding when the pan locks onto the
    /// direction away from one of those edges. Millimetres, like ``touch``.
    case edge
    /// A touchscreen pinch of 2 or more fingers: `dx` of each update carries the change of the
    /// fingers' spread as a scale (1.0 at the begin; positive: spreading, "out"), like ``pinch``;
    /// `dy` carries the change of the fingers' angle, degrees, positive clockwise.
    case touchPinch = "touchpinch"
    /// A touchpad hold (libinput's hold gestures, bindings `hold<fingers>`): fingers resting
    /// without moving. Its progress is time held over the transition's hold duration; it has no
    /// direction and no distance.
    case hold
    /// A touchscreen long press (bindings `touchhold<fingers>`): like ``hold``, from the
    /// touchscreen recogniser.
    case touchHold = "touchhold"
    /// A touchpad tap of 3 or more fingers (bindings `padtap<fingers>`), recognised from the
    /// touchpad's own evdev frames; it runs its transition as a trigger does. Never a pan.
    case padtap
    /// A touchpad pinch driving a rotation binding (`rotate<fingers>-cw`/`-ccw`): the input
    /// layer reports a ``pinch``, whose `dy` is libinput's angle change in degrees (positive:
    /// clockwise); the engine drives a `rotate` binding when the pinch locks onto its angle.
    case rotate
    /// A touchscreen twist (`touchrotate<fingers>-cw`/`-ccw`): a ``touchPinch`` that locks onto
    /// its angle, degrees, positive clockwise.
    case touchRotate = "touchrotate"

    /// Whether the gesture comes from a touchscreen (`touch`, `edge`, `touchpinch`, `touchhold`,
    /// `touchrotate`) rather than a touchpad (`swipe`, `scroll`, `pinch`, `hold`, `padtap`,
    /// `rotate`).
    public var isTouchscreen: Bool {
        switch self {
        case .touch, .edge, .touchPinch, .touchHold, .touchRotate: true
        case .swipe, .scroll, .pinch, .hold, .padtap, .rotate: false
        }
    }

    /// A pinch (touchpad or touchscreen): its updates carry the scale change in `dx` and the
    /// angle change in `dy`.
    public var isPinch: Bool { self == .pinch || self == .touchPinch }

    /// A rotation (`rotate`, `touchrotate`): a pinch locked onto its angle.
    public var isRotation: Bool { self == .rotate || self == .touchRotate }

    /// The rotation source a pinch becomes when it locks onto its angle: `rotate` for a
    /// touchpad pinch, `touchrotate` for a touchscreen one; `nil` for the others.
    public var rotationSource: GestureSource? {
        switch self {
        case .pinch: .rotate
        case .touchPinch: .touchRotate
        default: nil
        }
    }

    /// Whether the gesture is a hold (``hold``, ``touchHold``): time-driven, without direction.
    public var isHold: Bool { self == .hold || self == .touchHold }
}

/// An input device, as numbered by the input layer for the lifetime of the daemon.
public struct DeviceID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The number.
    public var rawValue: UInt32
    /// The device numbered `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The device numbered `rawValue`.
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    /// `device<n>`.
    public var description: String { "device\(rawValue)" }
}

/// Why the input layer cancelled a gesture.
public enum InputCancelCause: String, Sendable, Hashable, Codable {
    /// libinput reported the gesture end with `cancelled` set.
    case libinput = "libinput_cancel"
    /// The kernel/libinput sent `TOUCH_CANCEL`.
    case touch = "touch_cancel"
}

/// Fingers went down and moved: a pan began. Times are CLOCK_MONOTONIC microseconds, taken from
/// libinput's event times, never from the wall clock.
public struct GestureBegin: Sendable, Hashable, Codable {
    /// The device the fingers are on.
    public var device: DeviceID
    /// What kind of pan, and so which units its updates use.
    public var source: GestureSource
    /// How many fingers.
    public var fingers: Int
    /// CLOCK_MONOTONIC µs.
    public var timeUs: UInt64
    /// The device's size in the source's units (mm for a touchscreen), when known: a
    /// touchscreen pan's default travel is the extent along its axis (1:1 with the finger).
    /// As the viewer sees it (after the panel's rotation).
    public var extent: DeviceExtent?
    /// The device's physical size in mm as libinput gives it (`libinput_device_get_size`), as
    /// the viewer sees it (after a touchscreen's rotation); `nil` when libinput reports none.
    /// Carried by touchpad swipes' and touchscreen pans' begins: Touchégg's percentages
    /// (``ToucheggScale``) are measured against it.
    public var sizeMm: DeviceExtent?
    /// A touchscreen pan: the edges whose edge zone every finger landed in (empty: the pan did
    /// not start at an edge). The engine makes it an ``GestureSource/edge`` swipe when it locks
    /// onto the direction away from one of them.
    public var edges: ScreenEdges
    /// A pan began (`extent`: the device's size, mm for touchscreens, when known; `edges`: the
    /// edge zones a touchscreen pan started in; `sizeMm`: the device's physical size, when
    /// libinput knows it).
    public init(device: DeviceID, source: GestureSource, fingers: Int, timeUs: UInt64, extent: DeviceExtent? = nil,
                edges: ScreenEdges = [], sizeMm: DeviceExtent? = nil) {
        self.device = device; self.source = source; self.fingers = fingers; self.timeUs = timeUs
        self.extent = extent; self.edges = edges; self.sizeMm = sizeMm
    }
}

/// A device's size, in its source's units (mm for touchscreens).
public struct DeviceExtent: Sendable, Hashable, Codable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double
    /// A size of `width` × `height`.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// The pan moved by (`dx`, `dy`) since the previous sample, in the source's units.
/// `dx` grows to the right, `dy` grows downwards (libinput's convention).
public struct GestureUpdate: Sendable, Hashable, Codable {
    /// The device the fingers are on.
    public var device: DeviceID
    /// Horizontal movement (pinch: the scale change).
    public var dx: Double
    /// Vertical movement (pinch: 0).
    public var dy: Double
    /// CLOCK_MONOTONIC µs.
    public var timeUs: UInt64
    /// A movement by (`dx`, `dy`).
    public init(device: DeviceID, dx: Double, dy: Double, timeUs: UInt64) {
        self.device = device; self.dx = dx; self.dy = dy; self.timeUs = timeUs
    }
}

/// The fingers lifted (`cancel == nil`), or the input layer cancelled the gesture.
public struct GestureEnd: Sendable, Hashable, Codable {
    /// The device the fingers were on.
    public var device: DeviceID
    /// Why the input layer cancelled the gesture; `nil` when the fingers simply lifted.
    public var cancel: InputCancelCause?
    /// CLOCK_MONOTONIC µs.
    public var timeUs: UInt64
    /// The pan ended.
    public init(device: DeviceID, cancel: InputCancelCause? = nil, timeUs: UInt64) {
        self.device = device; self.cancel = cancel; self.timeUs = timeUs
    }
}

/// Fingers rest on the device without moving (libinput hold gestures, or a touchscreen touch
/// down): this catches a running animation driven from the same device, and otherwise may
/// become a hold transition (bindings `hold<fingers>`, `touchhold<fingers>`). A second
/// ``HoldBegin`` while the fingers still rest says their count changed: the hold starts over.
public struct HoldBegin: Sendable, Hashable, Codable {
    /// The device the fingers rest on.
    public var device: DeviceID
    /// How many fingers.
    public var fingers: Int
    /// CLOCK_MONOTONIC µs.
    public var timeUs: UInt64
    /// ``GestureSource/hold`` (a touchpad) or ``GestureSource/touchHold`` (a touchscreen).
    public var source: GestureSource
    /// Fingers came to rest.
    public init(device: DeviceID, fingers: Int, timeUs: UInt64, source: GestureSource = .hold) {
        self.device = device; self.fingers = fingers; self.timeUs = timeUs; self.source = source
    }
}

/// The hold ended: fingers lifted (`cancelled == false`), or the hold turned into a swipe
/// (`cancelled == true`, libinput's convention).
public struct HoldEnd: Sendable, Hashable, Codable {
    /// The device the fingers rested on.
    public var device: DeviceID
    /// `true` when the hold turned into another gesture (libinput), `false` when the fingers lifted.
    public var cancelled: Bool
    /// CLOCK_MONOTONIC µs.
    public var timeUs: UInt64
    /// The hold ended.
    public init(device: DeviceID, cancelled: Bool, timeUs: UInt64) {
        self.device = device; self.cancelled = cancelled; self.timeUs = timeUs
    }
}

/// All fingers of a touchscreen touched and lifted within a short time, barely moving: a tap
/// (bindings `tap<fingers>`). It follows the ``HoldEnd`` of the touch (`cancelled: false`).
/// With `touchpad` set, a touchpad tap (bindings `padtap<fingers>`), recognised from the
/// touchpad's evdev frames.
public struct TapInput: Sendable, Hashable, Codable {
    /// The device tapped.
    public var device: DeviceID
    /// A touchpad tap (`padtap<fingers>`) rather than a touchscreen one (`tap<fingers>`).
    public var touchpad: Bool
    /// How many fingers touched at once, at most.
    public var fingers: Int
    /// From the first finger down to the last finger up, µs.
    public var durationUs: UInt64
    /// CLOCK_MONOTONIC µs of the last finger's lift.
    public var timeUs: UInt64
    /// A tap of `fingers` fingers that lasted `durationUs`, ending at `timeUs` (`touchpad`: on a
    /// touchpad).
    public init(device: DeviceID, fingers: Int, durationUs: UInt64, timeUs: UInt64, touchpad: Bool = false) {
        self.device = device; self.fingers = fingers; self.durationUs = durationUs; self.timeUs = timeUs
        self.touchpad = touchpad
    }
}

/// One recognised input sample, the only thing the input layer hands to the core.
public enum GestureInput: Sendable, Hashable, Codable {
    /// Fingers went down and started a pan.
    case begin(GestureBegin)
    /// The pan moved.
    case update(GestureUpdate)
    /// The pan ended (lifted or cancelled).
    case end(GestureEnd)
    /// Fingers came to rest.
    case holdBegin(HoldBegin)
    /// The hold ended.
    case holdEnd(HoldEnd)
    /// The device vanished: whatever it drove is cancelled.
    case deviceRemoved(device: DeviceID, timeUs: UInt64)
    /// A tap: runs the transition bound to `tap<fingers>` (touchscreen) or `padtap<fingers>`
    /// (touchpad) non-interactively.
    case tap(TapInput)

    /// The sample's CLOCK_MONOTONIC time in microseconds.
    public var timeUs: UInt64 {
        switch self {
        case .begin(let b): b.timeUs
        case .update(let u): u.timeUs
        case .end(let e): e.timeUs
        case .holdBegin(let h): h.timeUs
        case .holdEnd(let h): h.timeUs
        case .deviceRemoved(_, let t): t
        case .tap(let t): t.timeUs
        }
    }

    /// The device the sample came from.
    public var device: DeviceID {
        switch self {
        case .begin(let b): b.device
        case .update(let u): u.device
        case .end(let e): e.device
        case .holdBegin(let h): h.device
        case .holdEnd(let h): h.device
        case .deviceRemoved(let d, _): d
        case .tap(let t): t.device
        }
    }
}

extension GestureInput {
    /// The same sample, stamped `timeUs` (a replay moves a recorded sample to now).
    public func shifted(toUs timeUs: UInt64) -> GestureInput {
        switch self {
        case .begin(var b): b.timeUs = timeUs; return .begin(b)
        case .update(var u): u.timeUs = timeUs; return .update(u)
        case .end(var e): e.timeUs = timeUs; return .end(e)
        case .holdBegin(var h): h.timeUs = timeUs; return .holdBegin(h)
        case .holdEnd(var h): h.timeUs = timeUs; return .holdEnd(h)
        case .deviceRemoved(let d, _): return .deviceRemoved(device: d, timeUs: timeUs)
        case .tap(var t): t.timeUs = timeUs; return .tap(t)
        }
    }
}
