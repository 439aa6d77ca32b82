// SPDX-License-Identifier: MIT
import CLibInput
import TransitionCore

/// Turns libinput's C events into ``BatchItem``s of plain values for the recognisers.
enum LibinputDecoder {
    /// Tags a libinput device with its ``DeviceID`` (ids start at 1, so the pointer is never nil).
    static func tag(_ device: OpaquePointer, with id: DeviceID?) {
        libinput_device_set_user_data(device, id.flatMap { UnsafeMutableRawPointer(bitPattern: UInt($0.rawValue)) })
    }

    /// The ``DeviceID`` a device was tagged with, or `nil` for a device no longer in use.
    static func id(of device: OpaquePointer) -> DeviceID? {
        libinput_device_get_user_data(device).map { DeviceID(UInt32(truncatingIfNeeded: UInt(bitPattern: $0))) }
    }

    /// Decodes one event, or returns `nil` for events the recognisers do not use (pointer motion,
    /// buttons, taps, legacy axis events, device-added) and for devices no longer in use.
    static func decode(_ event: OpaquePointer) -> BatchItem? {
        guard let device = libinput_event_get_device(event), let id = id(of: device) else { return nil }
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            return .removed(id)
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN, LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE, LIBINPUT_EVENT_GESTURE_SWIPE_END,
             LIBINPUT_EVENT_GESTURE_PINCH_BEGIN, LIBINPUT_EVENT_GESTURE_PINCH_UPDATE, LIBINPUT_EVENT_GESTURE_PINCH_END,
             LIBINPUT_EVENT_GESTURE_HOLD_BEGIN, LIBINPUT_EVENT_GESTURE_HOLD_END:
            guard let g = libinput_event_get_gesture_event(event) else { return nil }
            let t = libinput_event_gesture_get_time_usec(g)
            let fingers = Int(libinput_event_gesture_get_finger_count(g))
            let decoded: TouchpadGestureEvent
            switch type {
            case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN:
                decoded = .swipeBegin(fingers: fingers, timeUs: t)
            case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE:
                decoded = .swipeUpdate(fingers: fingers, dx: libinput_event_gesture_get_dx_unaccelerated(g),
                                       dy: libinput_event_gesture_get_dy_unaccelerated(g), timeUs: t)
            case LIBINPUT_EVENT_GESTURE_SWIPE_END:
                decoded = .swipeEnd(fingers: fingers, cancelled: libinput_event_gesture_get_cancelled(g) != 0, timeUs: t)
            case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN:
                decoded = .pinchBegin(fingers: fingers, timeUs: t)
            case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE:
                decoded = .pinchUpdate(fingers: fingers, scale: libinput_event_gesture_get_scale(g),
                                       angle: libinput_event_gesture_get_angle_delta(g), timeUs: t)
            case LIBINPUT_EVENT_GESTURE_PINCH_END:
                decoded = .pinchEnd(fingers: fingers, cancelled: libinput_event_gesture_get_cancelled(g) != 0, timeUs: t)
            case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN:
                decoded = .holdBegin(fingers: fingers, timeUs: t)
            default:
                decoded = .holdEnd(fingers: fingers, cancelled: libinput_event_gesture_get_cancelled(g) != 0, timeUs: t)
            }
            return .event(id, .gesture(decoded))
        case LIBINPUT_EVENT_POINTER_SCROLL_FINGER:
            guard let p = libinput_event_get_pointer_event(event) else { return nil }
            func axis(_ a: libinput_pointer_axis) -> Double? {
                libinput_event_pointer_has_axis(p, a) != 0 ? libinput_event_pointer_get_scroll_value(p, a) : nil
            }
            return .event(id, .scroll(ScrollFingerEvent(horizontal: axis(LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL),
                                                         vertical: axis(LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL),
                                                         timeUs: libinput_event_pointer_get_time_usec(p))))
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
             LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            guard let e = libinput_event_get_touch_event(event) else { return nil }
            let t = libinput_event_touch_get_time_usec(e)
            if type == LIBINPUT_EVENT_TOUCH_FRAME { return .event(id, .touch(.frame(timeUs: t))) }
            let slot = max(libinput_event_touch_get_slot(e), 0)  // -1: a single-touch device
            switch type {
            case LIBINPUT_EVENT_TOUCH_DOWN:
                return .event(id, .touch(.down(slot: slot, x: libinput_event_touch_get_x(e),
                                               y: libinput_event_touch_get_y(e), timeUs: t)))
            case LIBINPUT_EVENT_TOUCH_MOTION:
                return .event(id, .touch(.motion(slot: slot, x: libinput_event_touch_get_x(e),
                                                 y: libinput_event_touch_get_y(e), timeUs: t)))
            case LIBINPUT_EVENT_TOUCH_UP:
                return .event(id, .touch(.up(slot: slot, timeUs: t)))
            default:
                return .event(id, .touch(.cancel(slot: slot, timeUs: t)))
            }
        default:
            return nil
        }
    }
}
