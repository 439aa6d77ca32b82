// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionCore
import TransitionTestSupport

@Suite struct ReconfigureTests {
    @Test func removedTransitionsAreCancelledOthersRunOn() throws {
        var h = EngineHarness()
        h.begin(1)
        h.pan(1, dx: 30, count: 5)                      // swipe3-right interactive
        try h.trigger("swipe4-up")                      // animating
        var c = EngineConfiguration.standard
        c.transitions.removeAll { $0.name == "swipe3-right" }
        c.bindings.removeAll { $0.transition == "swipe3-right" }
        _ = h.take()
        try h.engine.reconfigure(c, nowUs: EngineHarness.us(h.nowMs)) { h.events.append($0) }
        #expect(h.events.map { "\($0.transition):\($0.kind)" } == ["swipe3-right:ended", "swipe3-right:completed"])
        #expect(h.events[0].ended!.reason == .shutdown && h.events[0].ended!.animation == .none(to: 0))
        #expect(h.state("swipe4-up").phase == .animating)
        // the finger that drove the removed transition is ignored until it lifts
        h.pan(1, dx: 30, count: 3)
        h.end(1)
        #expect(h.events.count == 2)
        h.advanceToDeadline()
        #expect(h.events.last!.transition == "swipe4-up" && h.events.last!.completed!.finished)
    }

    @Test func aFingerKeepsDrivingAcrossAReload() throws {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 20, count: 2)
        var c = single()
        c.transitions.insert(TransitionSpec(name: "other"), at: 0)
        try h.engine.reconfigure(c, nowUs: EngineHarness.us(h.nowMs)) { h.events.append($0) }
        h.move(dx: 20)
        #expect(abs(h.events.lastUpdated!.rawProgress - 0.6) < 1e-12)
        // Its events carry its name at its new index (the engine's names follow the configuration).
        #expect(h.events.last?.transition == "t")
        #expect(h.state("t").phase == .interactive)
        #expect(h.engine.states(atUs: 0).map(\.name) == ["other", "t"])
    }

    @Test func pendingPansLockWithTheNewBindings() throws {
        var h = EngineHarness(single())
        h.begin()
        h.move(dx: 5)
        try h.engine.reconfigure(single(direction: .left), nowUs: 0) { h.events.append($0) }
        h.move(dx: -25)
        #expect(h.events.first!.began!.direction == .left)
    }

    @Test func anInvalidConfigurationChangesNothing() {
        var h = EngineHarness(single())
        h.begin()
        h.pan(dx: 20, count: 2)
        let bad = single(distance: Distance(0, .units))
        #expect(throws: ConfigurationError.self) {
            try h.engine.reconfigure(bad, nowUs: 0) { h.events.append($0) }
        }
        #expect(h.engine.configuration == single())
        h.move(dx: 20)
        #expect(abs(h.events.lastUpdated!.rawProgress - 0.6) < 1e-12)
    }
}
