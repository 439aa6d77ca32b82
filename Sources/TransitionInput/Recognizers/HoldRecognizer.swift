// SPDX-License-Identifier: MIT
import TransitionCore

/// Touchpad holds (fingers resting without moving), from libinput's hold gesture events.
///
/// A hold catches a running animation driven from the same device. libinput ends a hold with
/// `cancelled` when the fingers start to move (a swipe or scroll follows) and without it when
/// they lift; ``HoldEnd/cancelled`` carries that on unchanged.
struct HoldRecognizer {
    enum State: Equatable {
        case idle
        case holding(fingers: Int)
    }

    let device: DeviceID
    private(set) var state: State = .idle

    init(device: DeviceID) { self.device = device }

    /// The transition function: one libinput hold event in, zero or more samples out.
    mutating func handle(_ event: TouchpadGestureEvent, emit: (GestureInput) -> Void) {
        switch (state, event) {
        case (.idle, .holdBegin(let fingers, let t)):
            emit(.holdBegin(HoldBegin(device: device, fingers: fingers, timeUs: t)))
            state = .holding(fingers: fingers)
        case (.holding, .holdBegin(let fingers, let t)):
            emit(.holdEnd(HoldEnd(device: device, cancelled: false, timeUs: t)))
            emit(.holdBegin(HoldBegin(device: device, fingers: fingers, timeUs: t)))
            state = .holding(fingers: fingers)
        case (.holding, .holdEnd(_, let cancelled, let t)):
            emit(.holdEnd(HoldEnd(device: device, cancelled: cancelled, timeUs: t)))
            state = .idle
        case (.idle, .holdEnd):
            break
        case (_, .swipeBegin), (_, .swipeUpdate), (_, .swipeEnd),
             (_, .pinchBegin), (_, .pinchUpdate), (_, .pinchEnd):
            break
        }
    }

    /// Forgets a hold in flight without emitting anything (the device went away).
    mutating func reset() { state = .idle }
}
