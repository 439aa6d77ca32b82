// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
@testable import TransitionCtl
import TransitionProtocol

/// What the doctor says of transitiond's GNOME Shell extension, from given facts: installed,
/// enabled, connected, and the desktop's clashes it removes.
@Suite struct GnomeExtensionCheckTests {
    static func swipe(_ direction: String, fingers: Int = 3) -> GestureInfo {
        GestureInfo(name: "swipe\(fingers)-\(direction)", source: "swipe", fingers: fingers, direction: direction)
    }

    static func declared(_ name: String, _ gestures: [GestureInfo], pid: Int32 = 700) -> TransitionInfo {
        var t = TransitionInfo(name: name, gestures: gestures)
        t.declared = DeclaredInfo(client: 3, pid: pid, pages: 3, page: 0)
        return t
    }

    /// The default configuration's swipes, two of them taken by the extension's declarations.
    static func transitions(extensionPid: Int32 = 700) -> [TransitionInfo] {
        var left = TransitionInfo(name: "swipe3-left", gestures: [swipe("left")])
        left.taken = [TakenInfo(gesture: "swipe3-left", by: "gnome-workspaces", client: 3, pid: extensionPid)]
        var up = TransitionInfo(name: "overview", gestures: [swipe("up")])
        up.taken = [TakenInfo(gesture: "swipe3-up", by: "gnome-overview", client: 3, pid: extensionPid)]
        return [
            left, up,
            TransitionInfo(name: "swipe4-left", gestures: [swipe("left", fingers: 4)]),
            TransitionInfo(name: "touch3-up", gestures: [GestureInfo(name: "touch3-up", source: "touch", fingers: 3, direction: "up")]),
            declared("gnome-workspaces", [swipe("left"), swipe("right")], pid: extensionPid),
            declared("gnome-overview", [swipe("up"), swipe("down")], pid: extensionPid),
        ]
    }

    static func check(installed: [GnomeExtensionCheck.Installed] = [.init(path: "/usr/share/gnome-shell/extensions/x", user: false)],
                      state: Int? = 1, transitions: [TransitionInfo]? = transitions(),
                      names: [Int32: String] = [700: "gnome-shell"]) -> GnomeExtensionCheck {
        GnomeExtensionCheck(installed: installed, shell: .success(.init(state: state)), transitions: transitions,
                            processName: { names[$0] })
    }

    @Test func connectedWhenGnomeShellDeclaredItsTransitions() {
        let check = Self.check()
        #expect(check.connected.map(\.name) == ["gnome-workspaces", "gnome-overview"])
        #expect(check.lines == [
            "GNOME Shell extension transitiond@transitiond.github.io:",
            "  installed: /usr/share/gnome-shell/extensions/x (system)",
            "  enabled: yes",
            "  connected (GNOME Shell, pid 700): gnome-workspaces on swipe3-left, swipe3-right; gnome-overview on swipe3-up, swipe3-down; GNOME's own recognition of these gestures is off",
        ])
    }

    @Test func anotherProcessUnderTheExtensionsNamesIsNotIt() {
        #expect(Self.check(names: [700: "python3"]).connected.isEmpty)
        // A pid whose name cannot be read (another user's, hidepid): the names decide.
        #expect(Self.check(names: [:]).connected.count == 2)
        #expect(Self.check(transitions: []).lines.last == "  connected: no (GNOME Shell's own gestures act)")
        #expect(Self.check(transitions: nil).lines.last == "  connected: unknown (transitiond did not answer)")
    }

    @Test func saysWhatGnomeShellSaysOfIt() {
        #expect(Self.check(state: 2).lines[2] == "  enabled: no (gnome-extensions enable transitiond@transitiond.github.io)")
        #expect(Self.check(state: 4).lines[2].hasPrefix("  enabled: no, out of date for this GNOME Shell"))
        #expect(Self.check(state: nil).lines[2].hasPrefix("  enabled: no, GNOME Shell has not loaded it"))
        #expect(Self.check(installed: [], state: nil).lines[1...2] == [
            "  installed: no (the package gnome-shell-extension-transitiond, or gnome-shell-extension/install: docs/gnome.md)",
            "  enabled: no (GNOME Shell does not know it)",
        ])
        let error = GnomeExtensionCheck(installed: [], shell: .failure(DoctorError(message: "org.gnome.Shell is not on the session bus")),
                                        transitions: nil)
        #expect(error.lines[2] == "  enabled: unknown (org.gnome.Shell is not on the session bus)")
        #expect(Self.check(state: 3).lines[2] == "  enabled: no, GNOME Shell says state 3")
    }

    @Test func gnomeLooksInTheUsersDirectoryFirst() {
        let dirs = GnomeExtensionCheck.directories(["HOME": "/home/a", "XDG_DATA_DIRS": "/usr/share/gnome/:/usr/share:relative"])
        #expect(dirs.map(\.0) == ["/home/a/.local/share", "/usr/share/gnome", "/usr/share"])
        #expect(dirs.map(\.user) == [true, false, false])
        #expect(GnomeExtensionCheck.directories(["XDG_DATA_HOME": "/d", "HOME": "/home/a"]).map(\.0)
                == ["/d", "/usr/local/share", "/usr/share"])
    }

    static func report(gnome major: Int, extension check: GnomeExtensionCheck?) -> DoctorReport {
        let hello = Hello(timeUs: 0, transitions: transitions())
        return DoctorReport(daemon: .success(.init(path: "/run/transitiond/transitiond.sock", hello: hello)),
                            actions: .none(path: "actions.toml"), desktopNames: "XDG_CURRENT_DESKTOP=GNOME",
                            desktop: .gnome(version: GnomeShellVersion(major: major, .number(0))), runningTools: [],
                            gnomeExtension: check)
    }

    @Test func theClashWarningLeavesOutWhatTheExtensionTook() {
        // Not connected: GNOME acts on the 3-finger swipes the daemon lists (and, from 47, on 4).
        let alone = Self.report(gnome: 47, extension: Self.check(transitions: []))
        // The configured swipe3-left and overview are not among them: their taken gestures drive
        // the declared transitions, which are.
        #expect(alone.conflicts.map { "\($0.transition):\($0.gesture.name)" } == [
            "swipe4-left:swipe4-left", "touch3-up:touch3-up", "gnome-workspaces:swipe3-left", "gnome-workspaces:swipe3-right",
            "gnome-overview:swipe3-up", "gnome-overview:swipe3-down",
        ])
        #expect(alone.hasProblems)
        // Connected: GNOME's touchpad swipes in both orientations are off, every finger count;
        // the touchscreen's stays GNOME's.
        let connected = Self.report(gnome: 47, extension: Self.check())
        #expect(connected.conflicts.map(\.gesture.name) == ["touch3-up"])
        #expect(connected.text.contains("  connected (GNOME Shell, pid 700): gnome-workspaces"))
        #expect(connected.text.contains("gestures the desktop acts on too:\n  - touch3-up: GNOME Shell 47.0 also"))
        // GNOME 46: 4 fingers were never GNOME's.
        #expect(Self.report(gnome: 46, extension: Self.check()).conflicts.map(\.gesture.name) == ["touch3-up"])
        // Not on GNOME: no section.
        #expect(!Self.report(gnome: 46, extension: nil).text.contains("GNOME Shell extension"))
    }
}
