// SPDX-License-Identifier: MIT
import Testing
import TransitionCore

@Suite struct GestureInputTests {
    @Test func everyInputKnowsItsTimeAndDevice() {
        let d = DeviceID(4)
        let inputs: [GestureInput] = [
            .begin(GestureBegin(device: d, source: .touch, fingers: 3, timeUs: 7, extent: DeviceExtent(width: 1, height: 2))),
            .update(GestureUpdate(device: d, dx: 1, dy: 2, timeUs: 7)),
            .end(GestureEnd(device: d, timeUs: 7)),
            .holdBegin(HoldBegin(device: d, fingers: 3, timeUs: 7)),
            .holdEnd(HoldEnd(device: d, cancelled: true, timeUs: 7)),
            .deviceRemoved(device: d, timeUs: 7),
        ]
        for input in inputs {
            #expect(input.timeUs == 7 && input.device == d)
        }
        #expect(d.description == "device4")
    }

    @Test func directionsKnowTheirAxisAndSign() {
        #expect(Direction.allCases.map(\.axis) == [.horizontal, .horizontal, .vertical, .vertical, .scale, .scale, .rotation, .rotation])
        #expect(Direction.allCases.map(\.sign) == [-1, 1, -1, 1, -1, 1, 1, -1])
    }

    @Test func bindingsNameTheirGesture() {
        #expect(Binding(source: .pinch, fingers: 4, direction: .in, transition: "x").gestureName == "pinch4-in")
    }
}
