// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionProtocol

/// Hyprland's gestures, read from its configuration as Hyprland reads them.
@Suite struct HyprlandGesturesTests {
    static let config = """
        # See https://wiki.hypr.land/Configuring/Gestures
        gesture = 3, horizontal, workspace
        gesture = 4, pinchin, close   # a comment
        gesture = 3, up, mod: SUPER, scale: 1.5, fullscreen
        gesture=2,swipe,move
        gesture = 1, left, workspace
        gesture = 4, sideways, workspace
        gesture = 4, down
        input {
            touchpad {
                natural_scroll = true
            }
        }
        """

    @Test func readsEveryGestureLineAsHyprlandWould() throws {
        let gestures = HyprlandGestures.declared(in: Self.config, path: "hyprland.conf")
        #expect(gestures.count == 4)
        #expect(gestures[0].sources == ["swipe"] && gestures[0].fingers == 3...3 && gestures[0].directions == ["left", "right"])
        #expect(gestures[0].action == "switches workspaces" && gestures[0].byDefault)
        #expect(gestures[0].when == "hyprland.conf:2: gesture = 3, horizontal, workspace")
        #expect(gestures[0].wayOut == "remove or change line 2 of hyprland.conf")
        #expect(gestures[1].sources == ["pinch"] && gestures[1].directions == ["in"] && gestures[1].action == "runs its `close` gesture")
        // With a modifier it acts only while the keys are held.
        #expect(gestures[2].directions == ["up"] && !gestures[2].byDefault && gestures[2].when.hasSuffix("while SUPER is held"))
        #expect(gestures[3].fingers == 2...2 && gestures[3].directions == ["left", "right", "up", "down"])
    }

    @Test func readsTheSettingsBefore051() {
        let old = "gestures {\n    workspace_swipe = true\n    workspace_swipe_fingers = 4\n}\n"
        let gestures = HyprlandGestures.declared(in: old, path: "h.conf")
        #expect(gestures.count == 1)
        #expect(gestures[0].fingers == 4...4 && gestures[0].directions == ["left", "right"])
        #expect(gestures[0].when == "h.conf:2: workspace_swipe = true (before 0.51)")
        #expect(HyprlandGestures.declared(in: "gestures:workspace_swipe = yes\n", path: "h.conf").first?.fingers == 3...3)
        #expect(HyprlandGestures.declared(in: "gestures {\n workspace_swipe = false\n}\n", path: "h.conf").isEmpty)
    }

    @Test func conflictsFollowTheConfiguration() {
        let transitions = [
            TransitionInfo(name: "swipe3-left", gestures: [GestureInfo(name: "swipe3-left", source: "swipe", fingers: 3, direction: "left")]),
            TransitionInfo(name: "swipe4-up", gestures: [GestureInfo(name: "swipe4-up", source: "swipe", fingers: 4, direction: "up")]),
        ]
        let set = DesktopGestureSet.hyprland(config: "gesture = 4, vertical, workspace\n", path: "hyprland.conf")
        #expect(GestureConflicts.find(transitions: transitions, desktop: set).map(\.gesture.name) == ["swipe4-up"])
        #expect(GestureConflicts.find(transitions: transitions, desktop: .hyprland(config: "", path: "h")).isEmpty)
    }

    @Test func neverTrapsOnOddLines() {
        for text in ["gesture", "gesture =", "gesture = ,,,", "gesture = 99999999999999999999, left, x", "}\n}\n{", "=\n=\n", "gesture = 3, left, mod:"] {
            _ = HyprlandGestures.declared(in: text, path: "h")
        }
    }
}
