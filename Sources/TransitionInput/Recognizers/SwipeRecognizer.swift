// SPDX-License-Identifier: MIT
import TransitionCore

/// Touchpad multi-finger swipes, from libinput's swipe gesture events.
///
/// libinput reports swipes of three or more fingers (two fingers scroll instead). The recogniser
/// passes them on as ``GestureSource/swipe`` pans in libinput's unaccelerated 1000-dpi units and
/// honours libinput's `cancelled` flag (`GestureEnd.cancel == .libinput`). Updates or ends without
/// a begin (a device added mid-gesture) are dropped. Each begin carries the touchpad's size
/// (``GestureBegin/sizeMm``) when libinput knows it.
struct SwipeRecognizer {
    enum State: Equatable {
        case idle
        case swiping(fingers: Int)
    }

    let device: DeviceID
    /// The touchpad's physical size (`libinput_device_get_size`), `nil` when unknown.
    let sizeMm: DeviceExtent?
    private(set) var state: State = .idle

    init(device: DeviceID, sizeMm: DeviceExtent? = nil) { self.device = device; self.sizeMm = sizeMm }

    /// The transition function: one libinput swipe event in, zero or more samples out.
    mutating func handle(_ event: TouchpadGestureEvent, emit: (GestureInput) -> Void) {
        switch (state, event) {
        case (.idle, .swipeBegin(let fingers, let t)):
            emit(.begin(GestureBegin(device: device, source: .swipe, fingers: fingers, timeUs: t, sizeMm: sizeMm)))
            state = .swiping(fingers: fingers)
        case (.swiping, .swipeBegin(let fingers, let t)):
            // libinput never nests swipes; if it ever did, the old one cannot be finished honestly.
            emit(.end(GestureEnd(device: device, cancel: .libinput, timeUs: t)))
            emit(.begin(GestureBegin(device: device, source: .swipe, fingers: fingers, timeUs: t, sizeMm: sizeMm)))
            state = .swiping(fingers: fingers)
        case (.swiping, .swipeUpdate(_, let dx, let dy, let t)):
            if dx != 0 || dy != 0 {
                emit(.update(GestureUpdate(device: device, dx: dx, dy: dy, timeUs: t)))
            }
        case (.swiping, .swipeEnd(_, let cancelled, let t)):
            emit(.end(GestureEnd(device: device, cancel: cancelled ? .libinput : nil, timeUs: t)))
            state = .idle
        case (.idle, .swipeUpdate), (.idle, .swipeEnd):
            break
        case (_, .pinchBegin), (_, .pinchUpdate), (_, .pinchEnd), (_, .holdBegin), (_, .holdEnd):
            break
        }
    }

    /// Forgets a swipe in flight without emitting anything (the device went away).
    mutating func reset() { state = .idle }
}
