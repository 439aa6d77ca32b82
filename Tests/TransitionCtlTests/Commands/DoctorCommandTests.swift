// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import TransitionTestSupport

/// `transitionctl doctor` against a real daemon (without input devices), with the desktop
/// given by `XDG_CURRENT_DESKTOP` as a session would.
@Suite(.serialized) struct DoctorCommandTests {
    /// The environment of a session on `desktop`, with the actions file under `dir`.
    static func environment(_ desktop: String?, dir: String) -> [String: String] {
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "XDG_CONFIG_HOME": dir]
        if let desktop { environment["XDG_CURRENT_DESKTOP"] = desktop; environment["XDG_SESSION_TYPE"] = "wayland" }
        return environment
    }

    @Test func namesTheGesturesTheDesktopActsOnTooWithTheWayOut() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socket = dir + "/d.sock"
        try FileManager.default.createDirectory(atPath: dir + "/transitiond", withIntermediateDirectories: true)
        try "[[action]]\ntransition = \"swipe3-left\"\non = \"finish\"\ncommand = \"true\"\n"
            .replaceFile(dir + "/transitiond/actions.toml")
        let daemon = try Binaries.start("transitiond", ["--no-input", "--socket", socket], log: dir + "/daemon.log")
        defer { if daemon.isRunning { daemon.terminate(); daemon.waitUntilExit() } }
        #expect(eventually { FileManager.default.fileExists(atPath: socket) })

        let gnome = try Binaries.run("transitionctl", ["doctor", "--socket", socket], environment: Self.environment("ubuntu:GNOME", dir: dir))
        #expect(gnome.status == 1, "\(gnome.output)")
        #expect(gnome.output.contains("transitiond: transitiond "))
        #expect(gnome.output.contains("this user receives transition events"))
        #expect(gnome.output.contains("no touchpad or touchscreen in use"))
        #expect(gnome.output.contains("actions: \(dir)/transitiond/actions.toml: OK, 1 action\n"))
        // No session bus here: GNOME Shell's version is unknown, and every version's rules apply.
        #expect(gnome.output.contains("desktop: XDG_CURRENT_DESKTOP=ubuntu:GNOME (wayland), GNOME Shell's version unknown: no session bus "
            + "(neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set) (GNOME Shell)\n"), "\(gnome.output)")
        #expect(gnome.output.contains("\n  - swipe3-left, swipe3-right: GNOME Shell also switches workspaces (GNOME 40 and later; the running "
            + "version is unknown). Way out: GNOME Shell has no setting that turns it off: bind pinches, holds or taps instead, or 4 fingers "
            + "before GNOME 47.\n"))
        #expect(gnome.output.contains("swipe4-left, swipe4-right, swipe4-up, swipe4-down: GNOME Shell also"))
        #expect(gnome.output.contains("\n    your actions run on swipe3-left\n"))
        #expect(gnome.output.contains("swipe3-up, swipe3-down: GNOME Shell also opens and closes the overview"))

        let kde = try Binaries.run("transitionctl", ["doctor", "--socket", socket], environment: Self.environment("KDE", dir: dir))
        #expect(kde.output.contains("swipe4-up: KDE Plasma also opens the Overview"))
        #expect(kde.output.contains("kwriteconfig6 --file kwinrc --group Plugins --key overviewEnabled false"))

        // Hyprland: the gestures its configuration declares, with the line.
        try FileManager.default.createDirectory(atPath: dir + "/hypr", withIntermediateDirectories: true)
        try "gesture = 4, vertical, workspace\n".replaceFile(dir + "/hypr/hyprland.conf")
        let hyprland = try Binaries.run("transitionctl", ["doctor", "--socket", socket], environment: Self.environment("Hyprland", dir: dir))
        #expect(hyprland.output.contains("desktop: XDG_CURRENT_DESKTOP=Hyprland (wayland), gestures from \(dir)/hypr/hyprland.conf (Hyprland)\n"))
        #expect(hyprland.output.contains("  - swipe4-up, swipe4-down: Hyprland also switches workspaces (\(dir)/hypr/hyprland.conf:1: "
            + "gesture = 4, vertical, workspace). Way out: remove or change line 1 of \(dir)/hypr/hyprland.conf.\n"), "\(hyprland.output)")
        #expect(!hyprland.output.contains("swipe3-left, swipe3-right: Hyprland"))

        // Its `source =` lines followed, a glob among them.
        try FileManager.default.createDirectory(atPath: dir + "/hypr/conf.d", withIntermediateDirectories: true)
        try "source = conf.d/*.conf\n".replaceFile(dir + "/hypr/hyprland.conf")
        try "\ngesture = 3, horizontal, workspace\n".replaceFile(dir + "/hypr/conf.d/gestures.conf")
        let sourced = try Binaries.run("transitionctl", ["doctor", "--socket", socket], environment: Self.environment("Hyprland", dir: dir))
        // A sourced file is named with its doubled slashes as one.
        let file = "/" + (dir + "/hypr/conf.d/gestures.conf").split(separator: "/").joined(separator: "/")
        #expect(sourced.output.contains("desktop: XDG_CURRENT_DESKTOP=Hyprland (wayland), gestures from \(dir)/hypr/hyprland.conf "
            + "and the 1 file it sources (Hyprland)\n"), "\(sourced.output)")
        #expect(sourced.output.contains("  - swipe3-left, swipe3-right: Hyprland also switches workspaces (\(file):2: "
            + "gesture = 3, horizontal, workspace). Way out: remove or change line 2 of \(file).\n"), "\(sourced.output)")

        // A desktop with no gestures of its own that transitiond knows.
        let sway = try Binaries.run("transitionctl", ["doctor", "--socket", socket], environment: Self.environment("sway", dir: dir))
        #expect(sway.output.contains("desktop: XDG_CURRENT_DESKTOP=sway (wayland) (transitiond knows no gestures of its own there)\n"))
        #expect(!sway.output.contains("gestures the desktop acts on too"))
    }

    @Test func withoutTheDaemonItChecksTheRestAndExits69() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/transitiond", withIntermediateDirectories: true)
        try "[[action]]\ntransition = \"swipe3-left\"\non = \"sideways\"\ncommand = \"true\"\n"
            .replaceFile(dir + "/transitiond/actions.toml")
        let result = try Binaries.run("transitionctl", ["doctor", "--socket", dir + "/none.sock"],
                                      environment: Self.environment("niri", dir: dir))
        #expect(result.status == 69, "\(result.output)")
        #expect(result.output.contains("transitiond: cannot connect to transitiond at \(dir)/none.sock"))
        #expect(result.output.contains("actions: \(dir)/transitiond/actions.toml has problems"))
        #expect(result.output.contains("desktop: XDG_CURRENT_DESKTOP=niri (wayland) (niri)\n"))
        #expect(result.output.contains("gestures the desktop acts on too: unknown"))
    }
}
