// SPDX-License-Identifier: MIT
/// A libinput event the recognisers care about, decoded into plain values.
///
/// The recognisers take these instead of libinput's C events so that they are pure and unit-tested
/// without libinput. Times are libinput's event times (`get_time_usec`, CLOCK_MONOTONIC µs).
enum InputEvent: Equatable {
    /// A touchpad gesture (`LIBINPUT_EVENT_GESTURE_*`).
    case gesture(TouchpadGestureEvent)
    /// A touchpad two-finger scroll (`LIBINPUT_EVENT_POINTER_SCROLL_FINGER`).
    case scroll(ScrollFingerEvent)
    /// A touchscreen touch (`LIBINPUT_EVENT_TOUCH_*`).
    case touch(TouchEvent)

    /// The event's CLOCK_MONOTONIC time in microseconds.
    var timeUs: UInt64 {
        switch self {
        case .gesture(let g): g.timeUs
        case .scroll(let s): s.timeUs
        case .touch(let t): t.timeUs
        }
    }

    /// True for the events that end something (a gesture end, a scroll stop, a touch lifted or
    /// cancelled): the ones a device that is unplugged produces, and after which the manager checks
    /// whether the device is still there.
    var isLift: Bool {
        if case .touch(.frame) = self { return false }
        return isTeardown
    }

    /// True for events a device emits when it is torn down (libinput lifts every touch and ends
    /// every gesture when a device goes away): ends, lifts, cancels, frames and scroll stops.
    /// Used to tell a removal apart from a release; see ``RemovalFilter``.
    var isTeardown: Bool {
        switch self {
        case .gesture(let g):
            switch g {
            case .swipeEnd, .pinchEnd, .holdEnd: true
            case .swipeBegin, .swipeUpdate, .pinchBegin, .pinchUpdate, .holdBegin: false
            }
        case .scroll(let s): s.isStop
        case .touch(let t):
            switch t {
            case .up, .cancel, .frame: true
            case .down, .motion: false
            }
        }
    }
}

/// libinput's touchpad gesture events. Swipe deltas are the unaccelerated ones
/// (`get_dx_unaccelerated`), normalised to 1000 dpi.
enum TouchpadGestureEvent: Equatable {
    case swipeBegin(fingers: Int, timeUs: UInt64)
    case swipeUpdate(fingers: Int, dx: Double, dy: Double, timeUs: UInt64)
    case swipeEnd(fingers: Int, cancelled: Bool, timeUs: UInt64)
    case pinchBegin(fingers: Int, timeUs: UInt64)
    /// `scale` is libinput's absolute scale since the pinch began (1.0 at the start); `angle`
    /// the change of the fingers' angle since the previous update, degrees, positive clockwise
    /// (`libinput_event_gesture_get_angle_delta`).
    case pinchUpdate(fingers: Int, scale: Double, angle: Double = 0, timeUs: UInt64)
    case pinchEnd(fingers: Int, cancelled: Bool, timeUs: UInt64)
    case holdBegin(fingers: Int, timeUs: UInt64)
    case holdEnd(fingers: Int, cancelled: Bool, timeUs: UInt64)

    var timeUs: UInt64 {
        switch self {
        case .swipeBegin(_, let t), .swipeUpdate(_, _, _, let t), .swipeEnd(_, _, let t),
             .pinchBegin(_, let t), .pinchUpdate(_, _, _, let t), .pinchEnd(_, _, let t),
             .holdBegin(_, let t), .holdEnd(_, _, let t):
            t
        }
    }
}

/// One `LIBINPUT_EVENT_POINTER_SCROLL_FINGER` event. An axis is `nil` when the event does not
/// carry it (`libinput_event_pointer_has_axis` is 0). Values are in the same units as pointer
/// motion, unaccelerated (libinput does not accelerate two-finger scrolling), so they compare
/// with a swipe's unaccelerated deltas. Positive is right/down: the direction the fingers moved
/// (libinput's natural scrolling, which would invert it, is off by default and never enabled here).
struct ScrollFingerEvent: Equatable {
    var horizontal: Double?
    var vertical: Double?
    var timeUs: UInt64

    init(horizontal: Double? = nil, vertical: Double? = nil, timeUs: UInt64) {
        self.horizontal = horizontal; self.vertical = vertical; self.timeUs = timeUs
    }

    /// libinput ends every finger-scroll sequence with an event whose axes are all 0.
    var isStop: Bool {
        (horizontal ?? 0) == 0 && (vertical ?? 0) == 0
    }
}

/// libinput's touchscreen events. Positions are millimetres from the device's top-left corner
/// (`libinput_event_touch_get_x/y`). `slot` is the device's slot (0 for single-touch devices).
enum TouchEvent: Equatable {
    case down(slot: Int32, x: Double, y: Double, timeUs: UInt64)
    case motion(slot: Int32, x: Double, y: Double, timeUs: UInt64)
    case up(slot: Int32, timeUs: UInt64)
    case cancel(slot: Int32, timeUs: UInt64)
    /// The end of one hardware sample: positions are consistent only here.
    case frame(timeUs: UInt64)

    var timeUs: UInt64 {
        switch self {
        case .down(_, _, _, let t), .motion(_, _, _, let t), .up(_, let t), .cancel(_, let t), .frame(let t): t
        }
    }
}
