// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// `transitionctl run` names the bound gestures its actions use that the desktop acts on too:
/// once when transitiond first says hello, and again after a reload.
@Suite(.serialized) struct RunConflictsTests {
    @Test func logsTheDesktopsGesturesAtStartAndAfterAReload() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socket = dir + "/d.sock", config = dir + "/actions.toml", runLog = dir + "/run.log"
        try "[[action]]\ntransition = \"swipe3-left\"\non = \"finish\"\ncommand = \"true\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try Binaries.start("transitiond", ["--no-input", "--socket", socket], log: dir + "/daemon.log")
        defer { if daemon.isRunning { daemon.terminate(); daemon.waitUntilExit() } }
        #expect(Binaries.eventually { FileManager.default.fileExists(atPath: socket) })
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "XDG_CURRENT_DESKTOP": "niri"]
        let runner = try Binaries.start("transitionctl", ["run", "--allow-root", "--config", config, "--socket", socket],
                                        log: runLog, environment: environment)
        defer { if runner.isRunning { runner.terminate(); runner.waitUntilExit() } }
        #expect(Binaries.eventually { Binaries.read(runLog).contains("connected to transitiond") })
        let first = "the desktop acts on these bound gestures too: swipe3-left: niri also moves the view across columns"
        #expect(Binaries.eventually { Binaries.read(runLog).contains(first) }, "\(Binaries.read(runLog))")
        // Only the transitions the actions use: no word of swipe3-up.
        #expect(!Binaries.read(runLog).contains("swipe3-up"))

        try "[[action]]\ntransition = [\"swipe3-left\", \"swipe4-up\"]\non = \"finish\"\ncommand = \"true\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        #expect(Binaries.eventually { Binaries.read(runLog).contains("swipe4-up: niri also opens and closes the overview") },
                "\(Binaries.read(runLog))")
        #expect(Binaries.read(runLog).components(separatedBy: first).count == 3) // at start, and after the reload
    }
}
