// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionCore
import TransitionInput

/// The input layer hands on samples in time order, whatever order libinput's stamps come in.
@Suite struct SampleOrderTests {
    /// What a loaded e2e run recorded (10-touchpad-swipes): libinput's hold timer dispatched late,
    /// stamped after the frames still queued behind it. The trace could not be replayed.
    @Test func aLateTimerStampedHoldDoesNotSendTheSwipeBackInTime() throws {
        let device = DeviceID(1)
        let samples: [GestureInput] = [
            .holdBegin(HoldBegin(device: device, fingers: 4, timeUs: 305_793_427, source: .hold)),
            .holdEnd(HoldEnd(device: device, cancelled: true, timeUs: 305_792_788)),
            .begin(GestureBegin(device: device, source: .swipe, fingers: 4, timeUs: 305_792_788)),
            .update(GestureUpdate(device: device, dx: 0, dy: 7, timeUs: 305_792_788)),
            .update(GestureUpdate(device: device, dx: 0, dy: 7, timeUs: 305_822_910)),
        ]
        var order = SampleOrder()
        let times = samples.map { order.ordered($0).timeUs }
        #expect(times == [305_793_427, 305_793_427, 305_793_427, 305_793_427, 305_822_910])
        // Written as a trace, it now reads back (the reader refuses time going back).
        var order2 = SampleOrder()
        let text = try samples.map { try TraceWriter.line(order2.ordered($0)) }.joined(separator: "\n")
        #expect(try TraceReader.parse(Array(text.utf8)).count == samples.count)
    }

    /// Any stamps: the times handed on never go back, each is the latest stamp so far, and
    /// nothing but the time changes.
    @Test func timesNeverGoBackAndOnlyTimesChange() async {
        await propertyCheck(count: 300, input: Gen<Int>.int(in: 0...1_000).array(of: 0...40)) { stamps in
            var order = SampleOrder()
            var latest: UInt64 = 0
            for stamp in stamps {
                let sample = GestureInput.update(GestureUpdate(device: DeviceID(2), dx: 1.5, dy: -2, timeUs: UInt64(stamp)))
                let out = order.ordered(sample)
                latest = max(latest, UInt64(stamp))
                #expect(out.timeUs == latest)
                #expect(out == sample.shifted(toUs: latest))
            }
        }
    }
}
