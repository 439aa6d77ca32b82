// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionInput
import TransitionCore

@Suite struct RemovalFilterTests {
    let a = DeviceID(1), b = DeviceID(2)

    @Test func teardownBeforeARemovalIsDroppedButRealMotionStays() {
        var batch: [BatchItem] = [
            .event(a, .gesture(.swipeUpdate(fingers: 3, dx: 1, dy: 0, timeUs: 1))),
            .event(b, .touch(.up(slot: 0, timeUs: 2))),
            .event(a, .gesture(.swipeEnd(fingers: 3, cancelled: false, timeUs: 3))),
            .event(a, .gesture(.holdEnd(fingers: 3, cancelled: false, timeUs: 3))),
            .removed(a),
            .event(b, .touch(.frame(timeUs: 4))),
        ]
        RemovalFilter.dropTeardown(&batch)
        #expect(batch == [
            .event(a, .gesture(.swipeUpdate(fingers: 3, dx: 1, dy: 0, timeUs: 1))),
            .event(b, .touch(.up(slot: 0, timeUs: 2))),
            .dropped, .dropped,
            .removed(a),
            .event(b, .touch(.frame(timeUs: 4))),
        ])
    }

    @Test func onlyTheRunRightBeforeTheRemovalIsDropped() {
        var batch: [BatchItem] = [
            .event(a, .scroll(ScrollFingerEvent(vertical: 0, timeUs: 1))),
            .event(a, .scroll(ScrollFingerEvent(vertical: 3, timeUs: 2))),
            .event(a, .touch(.frame(timeUs: 2))),
            .event(a, .scroll(ScrollFingerEvent(vertical: 0, timeUs: 3))),
            .removed(a),
        ]
        RemovalFilter.dropTeardown(&batch)
        #expect(batch[0] != .dropped)
        #expect(batch[1] != .dropped)
        #expect(batch[2] == .dropped)
        #expect(batch[3] == .dropped)
    }

    @Test func withoutRemovalNothingChanges() {
        let original: [BatchItem] = [
            .event(a, .gesture(.swipeEnd(fingers: 3, cancelled: false, timeUs: 3))),
            .event(b, .touch(.up(slot: 0, timeUs: 2))),
            .removed(b),
        ]
        var batch = original
        RemovalFilter.dropTeardown(&batch)
        #expect(batch[0] == original[0])
        #expect(batch[1] == .dropped)
    }
}
