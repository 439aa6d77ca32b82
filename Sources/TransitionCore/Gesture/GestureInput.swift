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
    /// (positive: spreading the fingers, "out"); `dy` is zero.
    case pinch
}

/// An input device, as numbered by the input layer for the lifetime of the daemon.
public struct DeviceID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
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
    public var device: DeviceID
    public var source: GestureSource
    public var fingers: Int
    public var timeUs: UInt64
    /// The device's size in the source's units (mm for a touchscreen), when known: a
    /// touchscreen pan's default travel is the extent along its axis (1:1 with the finger).
    public var extent: DeviceExtent?
    public init(device: DeviceID, source: GestureSource, fingers: Int, timeUs: UInt64, extent: DeviceExtent? = nil) {
        self.device = device; self.source = source; self.fingers = fingers; self.timeUs = timeUs
        self.extent = extent
    }
}

/// A device's size, in its source's units (mm for touchscreens).
public struct DeviceExtent: Sendable, Hashable, Codable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// The pan moved by (`dx`, `dy`) since the previous sample, in the source's units.
/// `dx` grows to the right, `dy` grows downwards (libinput's convention).
public struct GestureUpdate: Sendable, Hashable, Codable {
    public var device: DeviceID
    public var dx: Double
    public var dy: Double
    public var timeUs: UInt64
    public init(device: DeviceID, dx: Double, dy: Double, timeUs: UInt64) {
        self.device = device; self.dx = dx; self.dy = dy; self.timeUs = timeUs
    }
}

/// The fingers lifted (`cancel == nil`), or the input layer cancelled the gesture.
public struct GestureEnd: Sendable, Hashable, Codable {
    public var device: DeviceID
    public var cancel: InputCancelCause?
    public var timeUs: UInt64
    public init(device: DeviceID, cancel: InputCancelCause? = nil, timeUs: UInt64) {
        self.device = device; self.cancel = cancel; self.timeUs = timeUs
    }
}

/// Fingers rest on the device without moving (libinput hold gestures, or a touchscreen touch
/// down): this catches a running animation driven from the same device.
public struct HoldBegin: Sendable, Hashable, Codable {
    public var device: DeviceID
    public var fingers: Int
    public var timeUs: UInt64
    public init(device: DeviceID, fingers: Int, timeUs: UInt64) {
        self.device = device; self.fingers = fingers; self.timeUs = timeUs
    }
}

/// The hold ended: fingers lifted (`cancelled == false`), or the hold turned into a swipe
/// (`cancelled == true`, libinput's convention).
public struct HoldEnd: Sendable, Hashable, Codable {
    public var device: DeviceID
    public var cancelled: Bool
    public var timeUs: UInt64
    public init(device: DeviceID, cancelled: Bool, timeUs: UInt64) {
        self.device = device; self.cancelled = cancelled; self.timeUs = timeUs
    }
}

/// One recognised input sample, the only thing the input layer hands to the core.
public enum GestureInput: Sendable, Hashable, Codable {
    case begin(GestureBegin)
    case update(GestureUpdate)
    case end(GestureEnd)
    case holdBegin(HoldBegin)
    case holdEnd(HoldEnd)
    /// The device vanished: whatever it drove is cancelled.
    case deviceRemoved(device: DeviceID, timeUs: UInt64)

    /// The sample's CLOCK_MONOTONIC time in microseconds.
    public var timeUs: UInt64 {
        switch self {
        case .begin(let b): b.timeUs
        case .update(let u): u.timeUs
        case .end(let e): e.timeUs
        case .holdBegin(let h): h.timeUs
        case .holdEnd(let h): h.timeUs
        case .deviceRemoved(_, let t): t
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
        }
    }
}
