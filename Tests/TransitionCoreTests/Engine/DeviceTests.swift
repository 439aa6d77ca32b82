// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionCore
import TransitionTestSupport

@Suite struct DeviceTests {
    @Test func devicesDriveDifferentTransitionsAtOnce() {
        var h = EngineHarness()
        h.begin(1)
        h.begin(2, .touch, fingers: 3)
        for _ in 0..<5 {
            h.move(1, dx: 30)
            h.move(2, dy: -10)
        }
        let right = h.events.filter { $0.transition == "swipe3-right" }
        let up = h.events.filter { $0.transition == "touch3-up" }
        #expect(right.shape == ["began", "updated*"] && up.shape == ["began", "updated*"])
        #expect(Set(right.map(\.gesture)) == [1] && Set(up.map(\.gesture)) == [2])
        #expect(abs(right.lastUpdated!.rawProgress - 150.0 / 400) < 1e-12)
        #expect(abs(up.lastUpdated!.rawProgress - 0.5) < 1e-12)
        h.end(1, after: 200)
        #expect(h.state("touch3-up").phase == .interactive)
        #expect(h.state("swipe3-right").phase == .animating)
    }

    @Test func aBusyTransitionIgnoresOtherDevices() {
        var h = EngineHarness(single())
        h.begin(1)
        h.pan(1, dx: 20, count: 2)
        h.begin(2)
        h.pan(2, dx: 20, count: 5)
        h.end(2)
        #expect(h.events.allSatisfy { $0.gesture == 1 })
        #expect(abs(h.state("t").progress - 0.4) < 1e-12)
    }

    @Test func removingTheDrivingDeviceCancels() {
        var h = EngineHarness(single())
        h.begin(7)
        h.pan(7, dx: 10, count: 7)
        h.remove(7, after: 5)
        let ended = h.events.lastEnded!
        #expect(ended.outcome == .cancel && ended.reason == .deviceRemoved && ended.to == 0 && ended.from == 0.6)
        h.move(7, dx: 10)                               // updates from a vanished device: ignored
        h.end(7)
        #expect(h.events.last!.kind == "ended")
        h.advanceToDeadline()
        #expect(h.events.last!.completed == CompletedEvent(finished: false, progress: 0))
    }

    @Test func removingADeviceCancelsWhatItHoldsPausedButNotWhatItReleased() {
        var h = EngineHarness()
        h.begin(1)
        h.pan(1, dx: 30, count: 8)
        h.end(1, after: 200)                            // swipe3-right finishing
        h.begin(1, fingers: 4, after: 10)               // caught
        h.remove(1, after: 10)
        #expect(h.events.lastEnded!.reason == .deviceRemoved)
        #expect(h.events.lastEnded!.to == 0)
        // released animations run on
        var g = EngineHarness()
        g.begin(1)
        g.pan(1, dx: 30, count: 8)
        g.end(1, after: 200)
        g.remove(1, after: 10)
        #expect(g.events.last!.kind == "ended")
        #expect(g.state("swipe3-right").phase == .animating)
        g.advanceToDeadline()
        #expect(g.events.last!.completed!.finished)
    }

    @Test func removingAnUnknownDeviceDoesNothing() {
        var h = EngineHarness(single())
        h.remove(9)
        #expect(h.events.isEmpty)
    }
}
