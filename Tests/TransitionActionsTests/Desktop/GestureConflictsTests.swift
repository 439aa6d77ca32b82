// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionProtocol

/// Bound gestures the running desktop acts on too.
@Suite struct GestureConflictsTests {
    static let transitions = [
        TransitionInfo(name: "workspace-left", gestures: [GestureInfo(name: "swipe3-left", source: "swipe", fingers: 3, direction: "left")]),
        TransitionInfo(name: "swipe3-right", gestures: [GestureInfo(name: "swipe3-right", source: "swipe", fingers: 3, direction: "right")]),
        TransitionInfo(name: "zoom", gestures: [GestureInfo(name: "pinch2-in", source: "pinch", fingers: 2, direction: "in")]),
        TransitionInfo(name: "play", gestures: [GestureInfo(name: "tap3", source: "tap", fingers: 3),
                                                GestureInfo(name: "padtap3", source: "padtap", fingers: 3)]),
        TransitionInfo(name: "overview", gestures: [GestureInfo(name: "swipe4-up", source: "swipe", fingers: 4, direction: "up")]),
    ]

    static func actions(_ transitions: String) throws -> ActionsFile {
        try ActionsDecoder.decode("[[action]]\ntransition = \(transitions)\non = \"finish\"\ncommand = \"true\"\n", source: "actions.toml")
    }

    @Test func namesEachBoundGestureTheDesktopTakesOnce() {
        let found = GestureConflicts.find(transitions: Self.transitions, desktop: .gnome)
        #expect(found.map(\.gesture.name) == ["swipe3-left", "swipe3-right", "swipe4-up"])
        #expect(found.map(\.usedByActions) == [nil, nil, nil])
        #expect(found[0].label == "swipe3-left (transition \"workspace-left\")")
        #expect(found[1].label == "swipe3-right")
        #expect(GestureConflicts.find(transitions: Self.transitions, desktop: .hyprland).map(\.gesture.name) == ["swipe3-left", "swipe3-right"])
    }

    @Test func saysWhichTheActionsUseAndCanLeaveTheOthersOut() throws {
        let file = try Self.actions(#"["workspace-left", "zoom"]"#)
        let all = GestureConflicts.find(transitions: Self.transitions, desktop: .gnome, actions: file)
        #expect(all.map(\.usedByActions) == [true, false, false])
        let used = GestureConflicts.find(transitions: Self.transitions, desktop: .gnome, actions: file, includeUnused: false)
        #expect(used.map(\.gesture.name) == ["swipe3-left"])
        let everything = try Self.actions(#""*""#)
        #expect(GestureConflicts.find(transitions: Self.transitions, desktop: .niri, actions: everything, includeUnused: false)
            .map(\.gesture.name) == ["swipe3-left", "swipe3-right", "swipe4-up"])
    }

    @Test func groupsByTheDesktopsGestureWithOneWayOut() throws {
        let groups = GestureConflicts.grouped(GestureConflicts.find(transitions: Self.transitions, desktop: .gnome))
        #expect(groups.map { $0.conflicts.map(\.gesture.name) } == [["swipe3-left", "swipe3-right"], ["swipe4-up"]])
        #expect(groups[0].description == "swipe3-left (transition \"workspace-left\"), swipe3-right: GNOME Shell also switches workspaces "
            + "(GNOME 40 and later). Way out: GNOME Shell has no setting that turns it off: bind pinches, holds or taps instead, "
            + "or 4 fingers before GNOME 47.")
        #expect(GestureConflicts.logLines(GestureConflicts.find(transitions: Self.transitions, desktop: .gnome)).count == 2)
    }

    @Test func fillsInTheDesktopsSettingKeys() throws {
        let groups = GestureConflicts.grouped(GestureConflicts.find(transitions: Self.transitions, desktop: .cinnamon))
        #expect(groups.count == 3)
        #expect(groups[0].wayOut.hasSuffix("`gsettings set org.cinnamon.gestures KEY ''` for swipe-left-3, swipe-right-3"))
        // A touchscreen tap and a touchpad tap share Cinnamon's one key.
        #expect(groups[1].conflicts.map(\.gesture.name) == ["tap3", "padtap3"])
        #expect(groups[1].wayOut.hasSuffix("`gsettings set org.cinnamon.gestures tap-3 ''`"))
    }

    @Test func nothingOnADesktopThatTakesNoneOfThem() {
        let pinch = [TransitionInfo(name: "zoom", gestures: [GestureInfo(name: "pinch2-out", source: "pinch", fingers: 2, direction: "out")])]
        for desktop in DesktopGestureSet.all {
            #expect(GestureConflicts.find(transitions: pinch, desktop: desktop).isEmpty, "\(desktop.desktop)")
        }
    }
}
