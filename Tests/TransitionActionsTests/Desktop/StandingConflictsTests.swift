// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionProtocol

/// The conflicts that stand: what `transitionctl doctor` reports and `transitionctl run` warns
/// of, through one function. Not a configured gesture a declared transition took; and, while
/// transitiond's GNOME Shell extension is connected (its transitions declared by gnome-shell),
/// not the touchpad swipes GNOME's recognition leaves to transitiond.
@Suite struct StandingConflictsTests {
    static func swipe(_ direction: String) -> GestureInfo {
        GestureInfo(name: "swipe3-\(direction)", source: "swipe", fingers: 3, direction: direction)
    }

    /// The configured swipe3-left, taken by the extension's gnome-workspaces; swipe3-up, free; and
    /// the extension's declared gnome-workspaces (paged: both directions), declared by pid 700.
    static let transitions: [TransitionInfo] = {
        var left = TransitionInfo(name: "swipe3-left", gestures: [swipe("left")])
        left.taken = [TakenInfo(gesture: "swipe3-left", by: "gnome-workspaces", client: 3, pid: 700)]
        var workspaces = TransitionInfo(name: "gnome-workspaces", gestures: [swipe("left"), swipe("right")])
        workspaces.declared = DeclaredInfo(client: 3, pid: 700, pages: 3, page: 0)
        return [left, TransitionInfo(name: "swipe3-up", gestures: [swipe("up")]), workspaces]
    }()

    /// The extension as seen when pid 700 is named `name`.
    static func gnomeExtension(_ name: String) -> GnomeExtensionGestures {
        GnomeExtensionGestures(transitions: transitions, processName: { _ in name })
    }

    static func names(_ conflicts: [GestureConflict]) -> [String] {
        conflicts.map { "\($0.transition):\($0.gesture.name)" }
    }

    @Test func theExtensionsGesturesAndTheTakenOnesDoNotStand() {
        let gnome = DesktopGestureSet.gnome(version: nil)
        #expect(Self.names(GestureConflicts.find(transitions: Self.transitions, desktop: gnome)) == [
            "swipe3-left:swipe3-left", "swipe3-up:swipe3-up", "gnome-workspaces:swipe3-left", "gnome-workspaces:swipe3-right",
        ])
        let connected = GestureConflicts.standing(transitions: Self.transitions, desktop: gnome, gnomeExtension: Self.gnomeExtension("gnome-shell"))
        #expect(Self.names(connected) == ["swipe3-up:swipe3-up"])
        // Declared by a process that is not GNOME Shell: not the extension, GNOME still acts.
        let impostor = GestureConflicts.standing(transitions: Self.transitions, desktop: gnome, gnomeExtension: Self.gnomeExtension("python3"))
        #expect(Self.names(impostor) == ["swipe3-up:swipe3-up", "gnome-workspaces:swipe3-left", "gnome-workspaces:swipe3-right"])
        // Not on GNOME Shell: only the taken gesture is left out.
        #expect(Self.names(GestureConflicts.standing(transitions: Self.transitions, desktop: gnome, gnomeExtension: nil))
                == Self.names(impostor))
    }
}
