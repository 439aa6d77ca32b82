// SPDX-License-Identifier: MIT
import Testing
import TransitionCore

@Suite struct StandardConfigurationTests {
    let standard = EngineConfiguration.standard

    @Test func namesFollowSourceFingersDirection() {
        let names = standard.transitions.map(\.name)
        #expect(names == [
            "swipe3-left", "swipe3-right", "swipe3-up", "swipe3-down",
            "swipe4-left", "swipe4-right", "swipe4-up", "swipe4-down",
            "pinch3-in", "pinch3-out", "pinch4-in", "pinch4-out",
            "touch3-left", "touch3-right", "touch3-up", "touch3-down",
            "touch4-left", "touch4-right", "touch4-up", "touch4-down",
            "edge1-left", "edge1-right", "edge1-top", "edge1-bottom",
            "touchpinch3-in", "touchpinch3-out", "touchpinch4-in", "touchpinch4-out",
        ])
        for b in standard.bindings {
            #expect(b.transition == b.gestureName)
            #expect(b.distance == nil)
        }
        #expect(standard.bindings.count == standard.transitions.count)
    }

    @Test func everythingIsAtItsDefault() {
        for t in standard.transitions {
            #expect(t == TransitionSpec(name: t.name))
        }
        #expect(standard.slop == 16)
        #expect(standard.touchSlop == SourceDefaults.touchscreenSlop)
        #expect(standard.pinchSlop == SourceDefaults.pinchSlop)
    }

    @Test func leavesOutWhatApplicationsUse() {
        #expect(!standard.bindings.contains { $0.source == .scroll })
        #expect(!standard.bindings.contains { $0.source == .touch && $0.fingers < 3 })
        #expect(!standard.bindings.contains { $0.source == .pinch && $0.fingers < 3 })
        #expect(!standard.bindings.contains { $0.source == .touchPinch && $0.fingers < 3 })
        #expect(standard.taps.isEmpty)
        // Edge swipes: one finger from each edge, moving inward.
        #expect(standard.bindings.filter { $0.source == .edge }.map(\.gestureName)
                == ["edge1-left", "edge1-right", "edge1-top", "edge1-bottom"])
    }
}
