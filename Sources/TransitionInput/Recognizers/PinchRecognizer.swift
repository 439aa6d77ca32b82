// SPDX-License-Identifier: MIT
import TransitionCore

/// Touchpad pinches as progress, from libinput's pinch gesture events.
///
/// A pinch is a ``GestureSource/pinch`` pan whose `dx` is the change of libinput's absolute scale
/// since the previous update (positive: fingers spreading, "out"); `dy` is libinput's angle
/// change (`libinput_event_gesture_get_angle_delta`, degrees, positive clockwise; libinput
/// already wraps it), which drives `rotate` bindings. libinput's `cancelled` gives
/// `GestureEnd.cancel == .libinput`.
struct PinchRecognizer {
    enum State: Equatable {
        case idle
        /// `scale` is libinput's absolute scale at the last update (1.0 at the begin).
        case pinching(fingers: Int, scale: Double)
    }

    let device: DeviceID
    private(set) var state: State = .idle

    init(device: DeviceID) { self.device = device }

    /// The transition function: one libinput pinch event in, zero or more samples out.
    mutating func handle(_ event: TouchpadGestureEvent, emit: (GestureInput) -> Void) {
        switch (state, event) {
        case (.idle, .pinchBegin(let fingers, let t)):
            emit(.begin(GestureBegin(device: device, source: .pinch, fingers: fingers, timeUs: t)))
            state = .pinching(fingers: fingers, scale: 1)
        case (.pinching, .pinchBegin(let fingers, let t)):
            emit(.end(GestureEnd(device: device, cancel: .libinput, timeUs: t)))
            emit(.begin(GestureBegin(device: device, source: .pinch, fingers: fingers, timeUs: t)))
            state = .pinching(fingers: fingers, scale: 1)
        case (.pinching(let fingers, let last), .pinchUpdate(_, let scale, let angle, let t)):
            let delta = scale - last
            let turn = angle.isFinite ? angle : 0
            if delta != 0 || turn != 0 {
                emit(.update(GestureUpdate(device: device, dx: delta, dy: turn, timeUs: t)))
                state = .pinching(fingers: fingers, scale: scale)
            }
        case (.pinching, .pinchEnd(_, let cancelled, let t)):
            emit(.end(GestureEnd(device: device, cancel: cancelled ? .libinput : nil, timeUs: t)))
            state = .idle
        case (.idle, .pinchUpdate), (.idle, .pinchEnd):
            break
        case (_, .swipeBegin), (_, .swipeUpdate), (_, .swipeEnd), (_, .holdBegin), (_, .holdEnd):
            break
        }
    }

    /// Forgets a pinch in flight without emitting anything (the device went away).
    mutating func reset() { state = .idle }
}
