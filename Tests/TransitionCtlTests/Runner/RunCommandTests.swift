// SPDX-License-Identifier: MIT
import Foundation
import TransitionTestSupport
import Glibc
import Testing

/// `transitionctl run` as a user runs it, against a real daemon (without input devices: the
/// transitions come from `transitionctl trigger`). Steps and thresholds need fingers: the VM
/// scenario e2e/scenarios/50-actions.sh covers them.
@Suite(.serialized) struct RunCommandTests {
    static let actions = """
        timeout = 0.5
        kill_grace = 0.5

        [[action]]
        transition = "*"
        on = "began"
        command = "echo BEGAN $TRANSITIOND_TRANSITION $TRANSITIOND_SOURCE >> \\"$LOG\\""

        [[action]]
        transition = ["swipe3-left", "swipe3-up"]
        on = "finish"
        command = ["sh", "-c", "echo FINISH $TRANSITIOND_TRANSITION $TRANSITIOND_OUTCOME >> \\"$LOG\\""]

        [[action]]
        transition = "swipe3-left"
        on = "progress"
        command = "cat > \\"$DIR/progress.$TRANSITIOND_GESTURE\\"; echo EOF >> \\"$DIR/progress.$TRANSITIOND_GESTURE\\""

        [[action]]
        transition = "swipe3-up"
        on = "finish"
        command = ["transitiond-test-missing-program"]

        [[action]]
        transition = "swipe3-up"
        on = "completed"
        command = ["sleep", "30"]
        """

    @Test func runsCommandsSurvivesFailuresReloadsAndReconnects() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socket = dir + "/d.sock", config = dir + "/actions.toml", log = dir + "/log", runLog = dir + "/run.log"
        setenv("LOG", log, 1)
        setenv("DIR", dir, 1)
        try Self.actions.replaceFile(config)
        var daemon = try Binaries.start("transitiond", ["--no-input", "--socket", socket], log: dir + "/daemon.log")
        defer { if daemon.isRunning { daemon.terminate(); daemon.waitUntilExit() } }
        #expect(eventually { FileManager.default.fileExists(atPath: socket) })
        let runner = try Binaries.start("transitionctl", ["run", "--allow-root", "--verbose", "--config", config, "--socket", socket],
                                        log: runLog)
        defer { if runner.isRunning { runner.terminate(); runner.waitUntilExit() } }
        #expect(eventually { Binaries.read(runLog).contains("connected to transitiond") })

        // A finished run: began, finish, and a progress command fed until its input closes.
        #expect(try Binaries.run("transitionctl", ["trigger", "swipe3-left", "--wait", "--socket", socket]).status == 0)
        #expect(eventually { Binaries.read(log).contains("FINISH swipe3-left finish") })
        #expect(Binaries.read(log).hasPrefix("BEGAN swipe3-left trigger\nFINISH swipe3-left finish\n"))
        #expect(eventually { Binaries.read(dir + "/progress.1").hasSuffix("EOF\n") })
        let phases = Binaries.read(dir + "/progress.1").split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) ?? "" }
        #expect(phases.first == "began")
        #expect(phases.suffix(2) == ["finished", "EOF"])
        #expect(phases.dropFirst().dropLast(2).allSatisfy { $0 == "finish" })
        // --verbose says when every command it set off has ended (the e2e barrier of 50-actions).
        #expect(eventually { Binaries.read(runLog).contains("no command runs or waits") })

        // A missing program and a hanging one are logged; the hanging one is killed; the runner goes on.
        #expect(try Binaries.run("transitionctl", ["trigger", "swipe3-up", "--wait", "--socket", socket]).status == 0)
        #expect(eventually {
            Binaries.read(runLog).contains("cannot run `transitiond-test-missing-program`: No such file or directory")
        })
        #expect(eventually { Binaries.read(runLog).contains("`sleep 30` is still running after 0.5 s; sending SIGTERM") })
        #expect(eventually { Binaries.read(runLog).contains("`sleep 30` was killed by signal 15 (SIGTERM) after its timeout") })
        #expect(Self.zombies(of: runner.processIdentifier) == 0)
        #expect(Binaries.read(log).contains("FINISH swipe3-up finish"))

        // An edited file (written beside, renamed over) is reloaded.
        try "[[action]]\ntransition = \"swipe3-down\"\non = \"finish\"\ncommand = \"echo DOWN >> \\\"$LOG\\\"\"\n"
            .replaceFile(config)
        #expect(eventually { Binaries.read(runLog).contains("reloaded: 1 action from") })
        try Binaries.run("transitionctl", ["trigger", "swipe3-down", "--wait", "--socket", socket])
        #expect(eventually { Binaries.read(log).contains("DOWN\n") })

        // A broken file is reported with its place; the actions loaded before stay.
        try "[[action]]\ntransition = \"swipe3-down\"\non = \"finsh\"\ncommand = \"true\"\n".write(toFile: config, atomically: false, encoding: .utf8)
        #expect(eventually { Binaries.read(runLog).contains("actions.toml:3:6: 'on' in [[action]] #1 must be one of") })
        #expect(Binaries.read(runLog).contains("keeping the 1 actions loaded before"))
        try Binaries.run("transitionctl", ["trigger", "swipe3-down", "--wait", "--socket", socket])
        #expect(eventually { Binaries.read(log).components(separatedBy: "DOWN\n").count == 3 })

        // The daemon restarts: the runner says so, reconnects, and runs commands again.
        daemon.terminate()
        daemon.waitUntilExit()
        #expect(eventually { Binaries.read(runLog).contains("transitiond closed the connection") })
        daemon = try Binaries.start("transitiond", ["--no-input", "--socket", socket], log: dir + "/daemon2.log")
        #expect(eventually { Binaries.read(runLog).contains("reconnected to transitiond") })
        try Binaries.run("transitionctl", ["trigger", "swipe3-down", "--wait", "--socket", socket])
        #expect(eventually { Binaries.read(log).components(separatedBy: "DOWN\n").count == 4 })

        // SIGTERM stops it cleanly.
        runner.terminate()
        runner.waitUntilExit()
        #expect(runner.terminationStatus == 0)
    }

    /// The environment of a check: the user's settings in `dir`, no daemon unless `socket`.
    static func checkEnvironment(_ dir: String, socket: String? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = dir + "/config"
        environment["TRANSITIOND_SOCKET"] = socket ?? dir + "/no-daemon.sock"
        return environment
    }

    /// What an offline check says it checked against on this machine.
    static let offline = FileManager.default.fileExists(atPath: "/etc/transitiond/config.toml")
        ? "the daemon is not reachable: checked against /etc/transitiond/config.toml and the defaults"
        : "the daemon is not reachable: checked against the built-in configuration (there is no /etc/transitiond/config.toml)"

    @Test func checkReportsProblemsAndExits() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let environment = Self.checkEnvironment(dir)
        try Self.actions.replaceFile(dir + "/good.toml")
        let good = try Binaries.run("transitionctl", ["run", "--check", "--config", dir + "/good.toml"], environment: environment)
        #expect(good.status == 0)
        #expect(good.output == "\(dir)/good.toml: OK, 5 actions; \(Self.offline)\n")
        try "[[action]]\ntransition = \"x\"\non = \"step\"\ncommand = \"true\"\nstep = 0\n".replaceFile(dir + "/bad.toml")
        let bad = try Binaries.run("transitionctl", ["run", "--check", "--config", dir + "/bad.toml"], environment: environment)
        #expect(bad.status == 1)
        #expect(bad.output == "\(dir)/bad.toml:5:8: 'step' in [[action]] #1 must be greater than 0, not 0\n")
    }

    /// Golden: names and thresholds checked against the running daemon, saying so; offline
    /// against the system's configuration, saying which; the transitions the user's settings
    /// add count (issue 33).
    @Test func checkNamesAndThresholdsAgainstTheDaemonOrTheConfiguration() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/actions.toml"
        try """
            [[action]]
            transition = "swipe3-lft"
            on = "finish"
            command = "true"

            [[action]]
            transition = "swipe3-up"
            on = "threshold"
            threshold = 1.5
            command = "true"

            [[action]]
            transition = "hold4"
            on = "threshold"
            threshold = 1.5
            command = "true"

            """.replaceFile(file)
        let misspelt = "\(file):1: transitiond has no transition 'swipe3-lft' (did you mean 'swipe3-left'?)\n"
        let past = "\(file):6: warning: threshold 1.5 lies past the end of swipe3-up: the progress shown stops at 1.05 (the rubber band), and only fingers that go on past the end, by 0.5 of the distance, cross it; for the end itself use 1, or a value between 0 and 1\n"

        let offline = try Binaries.run("transitionctl", ["run", "--check", "--config", file], environment: Self.checkEnvironment(dir))
        #expect(offline.status == 1)
        #expect(offline.output == misspelt + past + "\(file):12: transitiond has no transition 'hold4' (did you mean 'hold3'?)\n"
            + "\(file): 2 problems in 3 actions; \(Self.offline)\n"
            || offline.output == misspelt + past + "\(file):12: transitiond has no transition 'hold4' (transitionctl list names them)\n"
            + "\(file): 2 problems in 3 actions; \(Self.offline)\n", "\(offline.output)")

        // The user's settings bind hold4: its threshold is checked against a hold's range.
        let settings = dir + "/config/transitiond/config.toml"
        try FileManager.default.createDirectory(atPath: dir + "/config/transitiond", withIntermediateDirectories: true)
        try "[[transition]]\nname = \"hold4\"\nbinding = \"hold4\"\n".replaceFile(settings)
        let hold = "\(file):12: threshold 1.5 is never crossed: the progress of hold4 goes from 0 to 1 and stops there (a hold fills with time); use a threshold greater than 0 and at most 1\n"
        let withSettings = try Binaries.run("transitionctl", ["run", "--check", "--config", file], environment: Self.checkEnvironment(dir))
        #expect(withSettings.status == 1)
        #expect(withSettings.output.hasPrefix(misspelt + past + hold
            + "\(file): 2 problems in 3 actions; \(Self.offline) and the 1 transition your settings add (\(settings))\n"
            + "\(settings): OK over "), "\(withSettings.output)")

        // Against a running daemon (its own configuration: no hold4 but the settings').
        let socket = dir + "/d.sock", system = dir + "/system.toml"
        try "[[transition]]\nname = \"swipe3-left\"\nbinding = \"swipe3-left\"\n\n[[transition]]\nname = \"swipe3-up\"\nbinding = \"swipe3-up\"\n"
            .replaceFile(system)
        let daemon = try Binaries.start("transitiond", ["--no-input", "--socket", socket, "--config", system], log: dir + "/daemon.log")
        defer { daemon.terminate(); daemon.waitUntilExit() }
        #expect(eventually { FileManager.default.fileExists(atPath: socket) })
        let online = try Binaries.run("transitionctl", ["run", "--check", "--config", file], environment: Self.checkEnvironment(dir, socket: socket))
        #expect(online.status == 1)
        #expect(online.output.hasPrefix(misspelt + past + hold
            + "\(file): 2 problems in 3 actions; checked against the running daemon's 2 transitions and the 1 transition your settings add (\(settings))\n"),
            "\(online.output)")

        // Fixed: OK, saying against what.
        try "[[action]]\ntransition = \"swipe3-left\"\non = \"finish\"\ncommand = \"true\"\n".replaceFile(file)
        try FileManager.default.removeItem(atPath: settings)
        let fixed = try Binaries.run("transitionctl", ["run", "--check", "--config", file], environment: Self.checkEnvironment(dir, socket: socket))
        #expect(fixed.status == 0)
        #expect(fixed.output == "\(file): OK, 1 action; checked against the running daemon's 2 transitions\n")
    }

    /// Where the desktop tells no focus (here: no desktop at all; GNOME on Wayland whose GNOME
    /// Shell cannot be reached says the same way, and tries again), the runner says so when it
    /// starts, and on a reload that brings the first action naming an application; keys say why
    /// they cannot be pressed. tests/desktop/x11 runs the same with a real X server.
    @Test func saysWhenFocusAndKeysAreUnavailable() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY"] { environment[name] = nil }
        environment["XDG_CURRENT_DESKTOP"] = "GNOME"
        let config = dir + "/actions.toml", runLog = dir + "/run.log"
        try "[[action]]\ntransition = \"*\"\non = \"began\"\napp = \"foot\"\ncommand = \"true\"\n"
            .replaceFile(config)
        let runner = try Binaries.start("transitionctl", ["run", "--allow-root", "--config", config, "--socket", dir + "/none.sock"],
                                        log: runLog, environment: environment)
        defer { if runner.isRunning { runner.terminate(); runner.waitUntilExit() } }
        #expect(eventually {
            Binaries.read(runLog).contains("cannot follow focus: no desktop session (neither WAYLAND_DISPLAY nor DISPLAY is set); actions with app, apps or not_apps do not run")
        })
        environment["WAYLAND_DISPLAY"] = "wayland-test-none"
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(dir)/no-session-bus"
        let gnome = try Binaries.start("transitionctl", ["run", "--allow-root", "--config", config, "--socket", dir + "/none.sock"],
                                       log: dir + "/gnome.log", environment: environment)
        defer { if gnome.isRunning { gnome.terminate(); gnome.waitUntilExit() } }
        #expect(eventually { Binaries.read(dir + "/gnome.log").contains(
            "cannot follow focus: cannot reach GNOME Shell: no session bus (No such file or directory); actions with app, apps or not_apps do not run until it can; retrying") })
        try "[[action]]\ntransition = \"*\"\non = \"began\"\nkeys = \"super\"\n".replaceFile(config)
        #expect(eventually { Binaries.read(runLog).contains("cannot press keys: ") })
        runner.terminate()
        runner.waitUntilExit()
        #expect(runner.terminationStatus == 0)
    }

    /// The default file in a directory that does not exist yet: the runner starts without
    /// actions and loads them when the directory and the file appear.
    @Test func waitsForTheDefaultFileToAppear() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = dir + "/config"
        let runLog = dir + "/run.log"
        let runner = try Binaries.start("transitionctl", ["run", "--allow-root", "--socket", dir + "/none.sock"], log: runLog,
                                        environment: environment)
        defer { if runner.isRunning { runner.terminate(); runner.waitUntilExit() } }
        #expect(eventually { Binaries.read(runLog).contains("no actions file at \(dir)/config/transitiond/actions.toml yet") })
        #expect(eventually { Binaries.read(runLog).contains("waiting for transitiond") })
        try FileManager.default.createDirectory(atPath: dir + "/config/transitiond", withIntermediateDirectories: true)
        try "[[action]]\ntransition = \"*\"\non = \"began\"\ncommand = \"true\"\n"
            .replaceFile(dir + "/config/transitiond/actions.toml")
        #expect(eventually { Binaries.read(runLog).contains("reloaded: 1 action from \(dir)/config/transitiond/actions.toml") })
        runner.terminate()
        runner.waitUntilExit()
        #expect(runner.terminationStatus == 0)
    }

    /// The user's settings: sent when the runner connects and when the file changes; a broken
    /// file is named with its line and the settings before stay; a removed file, or the runner
    /// stopping, brings the system's back. (Group mode: no logind here, so anyone may send.)
    @Test func sendsTheUsersSettingsAndFollowsTheFile() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socket = dir + "/transitiond.sock", system = dir + "/system.toml", runLog = dir + "/run.log"
        try "[access]\nmode = \"group\"\n".replaceFile(system)
        let daemon = try Binaries.start("transitiond", ["--no-input", "--socket", socket, "--config", system], log: dir + "/daemon.log")
        defer { daemon.terminate(); daemon.waitUntilExit() }
        #expect(eventually { FileManager.default.fileExists(atPath: socket) })
        let settings = dir + "/config/transitiond/config.toml"
        try FileManager.default.createDirectory(atPath: dir + "/config/transitiond", withIntermediateDirectories: true)
        try "[[transition]]\nname = \"mine\"\nbinding = \"padtap4\"\n".replaceFile(settings)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = dir + "/config"
        let runner = try Binaries.start("transitionctl", ["run", "--allow-root", "--socket", socket], log: runLog, environment: environment)
        defer { if runner.isRunning { runner.terminate(); runner.waitUntilExit() } }
        func listsMine() -> Bool {
            (try? Binaries.run("transitionctl", ["list", "--json", "--socket", socket]).output.contains(#""name":"mine""#)) ?? false
        }
        #expect(eventually { Binaries.read(runLog).contains("settings from \(settings) in force (") })
        #expect(listsMine())

        try "[[transition]]\nname = \"mine\"\n[server]\nmax_clients = 1\n".replaceFile(settings)
        #expect(eventually { Binaries.read(runLog).contains("\(settings):3:1: [server] (connection limits) is the system's") })
        #expect(Binaries.read(runLog).contains("transitiond keeps the settings in force before"))
        #expect(listsMine())

        unlink(settings)
        #expect(eventually { Binaries.read(runLog).contains("no settings in \(settings): the system's are in force") })
        #expect(!listsMine())

        try "[[transition]]\nname = \"mine\"\n".replaceFile(settings)
        #expect(eventually { listsMine() })
        runner.terminate()
        runner.waitUntilExit()
        #expect(eventually { !listsMine() })

        // --check reads the settings file too, over the system's (or the built-in) configuration.
        try "slop = 20\n\n[touchegg]\nenabled = true\n".replaceFile(dir + "/bad.toml")
        let bad = try Binaries.run("transitionctl", ["run", "--check", "--settings", dir + "/bad.toml"])
        #expect(bad.status == 1)
        #expect(bad.output.contains("\(dir)/bad.toml:3:1: [touchegg] (the @touchegg endpoint) is the system's"))
        let good = try Binaries.run("transitionctl", ["run", "--check", "--settings", settings])
        #expect(good.status == 0)
        #expect(good.output.contains("\(settings): OK over "))
    }

    @Test(.requires(geteuid() == 0, "needs root")) func refusesToRunAsRootUnlessAsked() throws {
        let result = try Binaries.run("transitionctl", ["run", "--config", "/nonexistent", "--socket", "/nonexistent"])
        #expect(result.status == 77)
        #expect(result.output.contains("--allow-root"))
    }

    /// Children of `pid` that are zombies.
    static func zombies(of pid: Int32) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        var count = 0
        for entry in entries where Int32(entry) != nil {
            let stat = Binaries.read("/proc/\(entry)/stat")
            guard let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 2, fields[0] == "Z", Int32(fields[1]) == pid { count += 1 }
        }
        return count
    }
}
