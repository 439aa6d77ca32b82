// SPDX-License-Identifier: MIT
import TransitionCore

/// Touchpad two-finger scrolls as pans, from `LIBINPUT_EVENT_POINTER_SCROLL_FINGER`.
///
/// The first non-zero scroll event begins a ``GestureSource/scroll`` pan with two fingers; every
/// event moves it by (horizontal, vertical) in unaccelerated motion units (the same units as a
/// swipe's unaccelerated deltas; libinput swallows its small scroll-start threshold); the
/// terminating event whose axes are all 0 ends it as a release. libinput's legacy
/// `POINTER_AXIS` events duplicate these and are never fed here.
struct ScrollRecognizer {
    enum State: Equatable {
        case idle
        case scrolling
    }

    let device: DeviceID
    private(set) var state: State = .idle

    init(device: DeviceID) { self.device = device }

    /// The transition function: one finger-scroll event in, zero or more samples out.
    mutating func handle(_ event: ScrollFingerEvent, emit: (GestureInput) -> Void) {
        switch state {
        case .idle:
            guard !event.isStop else { return }
            emit(.begin(GestureBegin(device: device, source: .scroll, fingers: 2, timeUs: event.timeUs)))
            emit(.update(GestureUpdate(device: device, dx: event.horizontal ?? 0, dy: event.vertical ?? 0,
                                       timeUs: event.timeUs)))
            state = .scrolling
        case .scrolling:
            if event.isStop {
                emit(.end(GestureEnd(device: device, timeUs: event.timeUs)))
                state = .idle
            } else {
                emit(.update(GestureUpdate(device: device, dx: event.horizontal ?? 0, dy: event.vertical ?? 0,
                                           timeUs: event.timeUs)))
            }
        }
    }

    /// Forgets a scroll in flight without emitting anything (the device went away).
    mutating func reset() { state = .idle }
}
