// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionTestSupport

/// `transitionctl run` names the bound gestures its actions use that the desktop acts on too:
/// once when transitiond first says hello, and again after a reload.
@Suite(.serialized) struct RunConflictsTests {
    @Test func logsTheDesktopsGesturesAtStartAndAfterAReload() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socket = dir + "/d.sock", config = dir + "/actions.toml", runLog = dir + "/run.log"
        try "[[action]]\ntransition = \"swipe3-left\"\non = \"finish\"\ncommand = \"true\"\n"
            .replaceFile(config)
        let daemon = try Binaries.start("transitiond", ["--no-input", "--socket", socket], log: dir + "/daemon.log")
        defer { if daemon.isRunning { daemon.terminate(); daemon.waitUntilExit() } }
        #expect(eventually { FileManager.default.fileExists(atPath: socket) })
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "XDG_CURRENT_DESKTOP": "niri"]
        let runner = try Binaries.start("transitionctl", ["run", "--allow-root", "--config", config, "--socket", socket],
                                        log: runLog, environment: environment)
        defer { if runner.isRunning { runner.terminate(); runner.waitUntilExit() } }
        #expect(eventually { Binaries.read(runLog).contains("connected to transitiond") })
        let first = "the desktop acts on these bound gestures too: swipe3-left: niri also moves the view across columns"
        #expect(eventually { Binaries.read(runLog).contains(first) }, "\(Binaries.read(runLog))")
        // Only the transitions the actions use: no word of swipe3-up.
        #expect(!Binaries.read(runLog).contains("swipe3-up"))

        try "[[action]]\ntransition = [\"swipe3-left\", \"swipe4-up\"]\non = \"finish\"\ncommand = \"true\"\n"
            .replaceFile(config)
        #expect(eventually { Binaries.read(runLog).contains("swipe4-up: niri also opens and closes the overview") },
                "\(Binaries.read(runLog))")
        #expect(Binaries.read(runLog).components(separatedBy: first).count == 3) // at start, and after the reload
    }

    /// On GNOME Shell with transitiond's extension connected (its `gnome-workspaces` declared by
    /// a process named gnome-shell, here socat under that name), the start-up log names no clash
    /// on the swipes the extension took, as the doctor does: only swipe3-up still clashes.
    @Test func leavesOutTheGestureTheGnomeExtensionTook() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socket = dir + "/d.sock", config = dir + "/actions.toml", runLog = dir + "/run.log", shellOut = dir + "/shell.out"
        try "[[action]]\ntransition = [\"swipe3-left\", \"swipe3-up\", \"gnome-workspaces\"]\non = \"finish\"\ncommand = \"true\"\n"
            .replaceFile(config)
        let daemon = try Binaries.start("transitiond", ["--no-input", "--socket", socket], log: dir + "/daemon.log")
        defer { if daemon.isRunning { daemon.terminate(); daemon.waitUntilExit() } }
        #expect(eventually { FileManager.default.fileExists(atPath: socket) })

        // The "extension": a connection of a process whose /proc/PID/comm is gnome-shell.
        try FileManager.default.copyItem(atPath: "/usr/bin/socat", toPath: dir + "/gnome-shell")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: dir + "/gnome-shell")
        shell.arguments = ["-t", "60", "STDIO", "UNIX-CONNECT:\(socket)"]
        let input = Pipe()
        shell.standardInput = input
        _ = FileManager.default.createFile(atPath: shellOut, contents: nil)
        shell.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: shellOut))
        try shell.run()
        defer { kill(shell.processIdentifier, SIGKILL); shell.waitUntilExit() }   // socat outlives a SIGTERM here
        input.fileHandleForWriting.write(Data((#"{"id":1,"request":"declare","transition":"gnome-workspaces","gestures":["swipe3-left"],"pages":3}"# + "\n").utf8))
        #expect(eventually { Binaries.read(shellOut).contains(#""request":"declare","ok":true"#) }, "\(Binaries.read(shellOut))")

        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "XDG_CURRENT_DESKTOP": "GNOME"]
        let runner = try Binaries.start("transitionctl", ["run", "--allow-root", "--config", config, "--socket", socket],
                                        log: runLog, environment: environment)
        defer { if runner.isRunning { runner.terminate(); runner.waitUntilExit() } }
        #expect(eventually { Binaries.read(runLog).contains("the desktop acts on these bound gestures too: swipe3-up") },
                "\(Binaries.read(runLog))")
        let clashes = Binaries.read(runLog).split(separator: "\n").filter { $0.contains("the desktop acts on these bound gestures too") }
        #expect(clashes.count == 1 && !clashes[0].contains("swipe3-left") && !clashes[0].contains("swipe3-right"), "\(clashes)")
    }
}
