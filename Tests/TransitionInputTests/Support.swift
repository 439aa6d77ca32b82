// SPDX-License-Identifier: MIT
@testable import TransitionInput
import TransitionCore

let dev = DeviceID(7)

/// Feeds events to a recogniser and collects what it emits.
func run<R>(_ recognizer: inout R, _ events: [InputEvent]) -> [GestureInput] where R: RecognizerForTests {
    var out: [GestureInput] = []
    for e in events { recognizer.feed(e) { out.append($0) } }
    return out
}

protocol RecognizerForTests {
    mutating func feed(_ event: InputEvent, emit: (GestureInput) -> Void)
}

extension DeviceRecognizer: RecognizerForTests {
    mutating func feed(_ event: InputEvent, emit: (GestureInput) -> Void) { handle(event, emit: emit) }
}

extension TouchPanRecognizer: RecognizerForTests {
    mutating func feed(_ event: InputEvent, emit: (GestureInput) -> Void) {
        guard case .touch(let t) = event else { return }
        handle(t, emit: emit)
    }
}

func begin(_ source: GestureSource, _ fingers: Int, _ t: UInt64) -> GestureInput {
    .begin(GestureBegin(device: dev, source: source, fingers: fingers, timeUs: t))
}
func update(_ dx: Double, _ dy: Double, _ t: UInt64) -> GestureInput {
    .update(GestureUpdate(device: dev, dx: dx, dy: dy, timeUs: t))
}
func end(_ t: UInt64, _ cancel: InputCancelCause? = nil) -> GestureInput {
    .end(GestureEnd(device: dev, cancel: cancel, timeUs: t))
}
func holdBegin(_ fingers: Int, _ t: UInt64) -> GestureInput {
    .holdBegin(HoldBegin(device: dev, fingers: fingers, timeUs: t))
}
/// A touchscreen's hold begin (a long press in the making).
func touchHoldBegin(_ fingers: Int, _ t: UInt64) -> GestureInput {
    .holdBegin(HoldBegin(device: dev, fingers: fingers, timeUs: t, source: .touchHold))
}
func holdEnd(_ cancelled: Bool, _ t: UInt64) -> GestureInput {
    .holdEnd(HoldEnd(device: dev, cancelled: cancelled, timeUs: t))
}
