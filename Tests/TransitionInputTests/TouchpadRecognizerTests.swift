// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionInput
import TransitionCore

@Suite struct SwipeRecognizerTests {
    @Test(arguments: [3, 4])
    func swipePassesThroughWithUnacceleratedDeltas(fingers: Int) {
        var r = DeviceRecognizer(device: dev)
        let out = run(&r, [
            .gesture(.swipeBegin(fingers: fingers, timeUs: 100)),
            .gesture(.swipeUpdate(fingers: fingers, dx: 3, dy: -1, timeUs: 110)),
            .gesture(.swipeUpdate(fingers: fingers, dx: 0, dy: 0, timeUs: 115)),
            .gesture(.swipeUpdate(fingers: fingers, dx: 4.5, dy: 0, timeUs: 120)),
            .gesture(.swipeEnd(fingers: fingers, cancelled: false, timeUs: 130)),
        ])
        #expect(out == [begin(.swipe, fingers, 100), update(3, -1, 110), update(4.5, 0, 120), end(130)])
    }

    @Test func cancelledSwipeEndsWithLibinputCancel() {
        var r = DeviceRecognizer(device: dev)
        let out = run(&r, [
            .gesture(.swipeBegin(fingers: 3, timeUs: 1)),
            .gesture(.swipeEnd(fingers: 3, cancelled: true, timeUs: 2)),
        ])
        #expect(out == [begin(.swipe, 3, 1), end(2, .libinput)])
    }

    @Test func updatesAndEndsWithoutBeginAreDropped() {
        var r = DeviceRecognizer(device: dev)
        let out = run(&r, [
            .gesture(.swipeUpdate(fingers: 3, dx: 1, dy: 1, timeUs: 1)),
            .gesture(.swipeEnd(fingers: 3, cancelled: false, timeUs: 2)),
            .gesture(.pinchUpdate(fingers: 2, scale: 1.2, timeUs: 3)),
            .gesture(.pinchEnd(fingers: 2, cancelled: false, timeUs: 4)),
            .gesture(.holdEnd(fingers: 2, cancelled: false, timeUs: 5)),
        ])
        #expect(out.isEmpty)
    }

    @Test func aSecondBeginCancelsTheFirst() {
        var r = SwipeRecognizer(device: dev)
        var out: [GestureInput] = []
        r.handle(.swipeBegin(fingers: 3, timeUs: 1)) { out.append($0) }
        r.handle(.swipeBegin(fingers: 4, timeUs: 2)) { out.append($0) }
        #expect(out == [begin(.swipe, 3, 1), end(2, .libinput), begin(.swipe, 4, 2)])
        #expect(r.state == .swiping(fingers: 4))
    }

    /// A touchpad's size, when libinput knows it, rides on each swipe's begin (Touchégg's
    /// percentages are measured against it).
    @Test func beginsCarryTheTouchpadsSize() {
        let size = DeviceExtent(width: 100, height: 66.5)
        var r = DeviceRecognizer(device: dev, touchpadSizeMm: size)
        let out = run(&r, [.gesture(.swipeBegin(fingers: 3, timeUs: 1))])
        #expect(out == [.begin(GestureBegin(device: dev, source: .swipe, fingers: 3, timeUs: 1, sizeMm: size))])
    }

    @Test func resetForgetsTheSwipeSilently() {
        var r = DeviceRecognizer(device: dev)
        _ = run(&r, [.gesture(.swipeBegin(fingers: 3, timeUs: 1))])
        r.reset()
        let out = run(&r, [.gesture(.swipeUpdate(fingers: 3, dx: 1, dy: 0, timeUs: 2)),
                           .gesture(.swipeEnd(fingers: 3, cancelled: false, timeUs: 3))])
        #expect(out.isEmpty)
    }
}

@Suite struct PinchRecognizerTests {
    @Test func pinchReportsScaleChangesAsDx() {
        var r = DeviceRecognizer(device: dev)
        let out = run(&r, [
            .gesture(.pinchBegin(fingers: 2, timeUs: 10)),
            .gesture(.pinchUpdate(fingers: 2, scale: 1.25, timeUs: 20)),
            .gesture(.pinchUpdate(fingers: 2, scale: 1.25, timeUs: 25)),
            .gesture(.pinchUpdate(fingers: 2, scale: 1.0, timeUs: 30)),
            .gesture(.pinchEnd(fingers: 2, cancelled: false, timeUs: 40)),
        ])
        #expect(out == [begin(.pinch, 2, 10), update(0.25, 0, 20), update(-0.25, 0, 30), end(40)])
    }

    @Test func cancelledPinchEndsWithLibinputCancel() {
        var r = PinchRecognizer(device: dev)
        var out: [GestureInput] = []
        r.handle(.pinchBegin(fingers: 3, timeUs: 1)) { out.append($0) }
        r.handle(.pinchBegin(fingers: 3, timeUs: 2)) { out.append($0) }
        r.handle(.pinchEnd(fingers: 3, cancelled: true, timeUs: 3)) { out.append($0) }
        #expect(out == [begin(.pinch, 3, 1), end(2, .libinput), begin(.pinch, 3, 2), end(3, .libinput)])
        #expect(r.state == .idle)
    }
}

@Suite struct HoldRecognizerTests {
    @Test func holdTurningIntoSwipe() {
        var r = DeviceRecognizer(device: dev)
        let out = run(&r, [
            .gesture(.holdBegin(fingers: 3, timeUs: 1)),
            .gesture(.holdEnd(fingers: 3, cancelled: true, timeUs: 2)),
            .gesture(.swipeBegin(fingers: 3, timeUs: 2)),
            .gesture(.swipeEnd(fingers: 3, cancelled: false, timeUs: 3)),
        ])
        #expect(out == [holdBegin(3, 1), holdEnd(true, 2), begin(.swipe, 3, 2), end(3)])
    }

    @Test func holdLiftedAndRepeatedBegin() {
        var r = HoldRecognizer(device: dev)
        var out: [GestureInput] = []
        r.handle(.holdBegin(fingers: 1, timeUs: 1)) { out.append($0) }
        r.handle(.holdBegin(fingers: 2, timeUs: 2)) { out.append($0) }
        r.handle(.holdEnd(fingers: 2, cancelled: false, timeUs: 3)) { out.append($0) }
        r.handle(.holdEnd(fingers: 2, cancelled: false, timeUs: 4)) { out.append($0) }
        #expect(out == [holdBegin(1, 1), holdEnd(false, 2), holdBegin(2, 2), holdEnd(false, 3)])
    }
}

@Suite struct ScrollRecognizerTests {
    @Test func twoFingerScrollBeginsMovesAndEndsOnTheStop() {
        var r = DeviceRecognizer(device: dev)
        let out = run(&r, [
            .scroll(ScrollFingerEvent(vertical: 0, timeUs: 1)),
            .scroll(ScrollFingerEvent(vertical: 5, timeUs: 10)),
            .scroll(ScrollFingerEvent(horizontal: 1, vertical: 6, timeUs: 20)),
            .scroll(ScrollFingerEvent(horizontal: 0, vertical: 0, timeUs: 30)),
            .scroll(ScrollFingerEvent(vertical: 0, timeUs: 31)),
        ])
        #expect(out == [begin(.scroll, 2, 10), update(0, 5, 10), update(1, 6, 20), end(30)])
    }

    @Test func stopWithOneAxisEnds() {
        var r = ScrollRecognizer(device: dev)
        var out: [GestureInput] = []
        r.handle(ScrollFingerEvent(horizontal: -2, timeUs: 1)) { out.append($0) }
        r.handle(ScrollFingerEvent(horizontal: 0, timeUs: 2)) { out.append($0) }
        #expect(out == [begin(.scroll, 2, 1), update(-2, 0, 1), end(2)])
        #expect(r.state == .idle)
    }
}
