// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
import TransitionTouchegg

/// The bridge over the standard configuration: a swipe is one Begin … End, and a sleep (or a
/// shutdown) mid-gesture ends it at once as a cancel, End at 0.
@Suite struct ToucheggBridgeTests {
    final class Sent {
        var signals: [ToucheggSignal] = []
    }

    static func bridge(_ sent: Sent) throws -> ToucheggBridge {
        try ToucheggBridge(configuration: .standard, endEncoding: .decision, rotation: { _ in .none },
                           publish: { sent.signals.append($0) })
    }

    /// A three-finger swipe right of `count` updates 10 ms apart, from `startMs`.
    static func swipe(_ bridge: ToucheggBridge, startMs: UInt64 = 1000, count: Int, lift: Bool) {
        let device = DeviceID(1)
        bridge.handle(.begin(GestureBegin(device: device, source: .swipe, fingers: 3, timeUs: startMs * 1000)))
        for i in 1...count {
            bridge.handle(.update(GestureUpdate(device: device, dx: 20, dy: 0, timeUs: (startMs + UInt64(i) * 10) * 1000)))
        }
        if lift {
            bridge.handle(.end(GestureEnd(device: device, cancel: nil, timeUs: (startMs + UInt64(count) * 10 + 10) * 1000)))
        }
    }

    @Test func aFlingIsOneBeginToOneFinishingEnd() throws {
        let sent = Sent()
        let bridge = try Self.bridge(sent)
        Self.swipe(bridge, count: 12, lift: true)
        #expect(sent.signals.first?.member == .begin)
        #expect(sent.signals.filter { $0.member == .begin }.count == 1)
        #expect(sent.signals.last?.member == .end)
        #expect(sent.signals.last?.percentage == 100)
        #expect(Set(sent.signals.map(\.gesture)) == [1])
        #expect(bridge.nextGesture == 2)
        #expect(bridge.openGestures(atUs: 2_000_000).isEmpty)
    }

    @Test func endingAtOnceMidGestureSendsACancelAndLeavesNothingOpen() throws {
        let sent = Sent()
        let bridge = try Self.bridge(sent)
        Self.swipe(bridge, count: 12, lift: false)
        #expect(bridge.openGestures(atUs: 1_200_000).map(\.percentage) == [0])
        bridge.endAtOnce(reason: .suspend, nowUs: 1_200_000)
        #expect(sent.signals.last?.member == .end)
        #expect(sent.signals.last?.percentage == 0)
        #expect(bridge.openGestures(atUs: 1_300_000).isEmpty)
    }

    @Test func cancellingAllMidGestureSendsACancel() throws {
        let sent = Sent()
        let bridge = try Self.bridge(sent)
        Self.swipe(bridge, count: 6, lift: false)
        bridge.cancelAll(reason: .shutdown, nowUs: 1_100_000)
        #expect(sent.signals.last?.member == .end)
        #expect(sent.signals.last?.percentage == 0)
    }
}
