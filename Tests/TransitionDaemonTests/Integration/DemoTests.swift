// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// `transitiond --demo`: the built-in gestures through the real engine and encoder, in a loop,
/// without input devices.
@Suite struct DemoTests {
    @Test func playsEveryDemoGestureWithItsDocumentedOutcome() throws {
        // One round is about 14 s; the run is stopped with SIGTERM after 16.
        let out = try DaemonProcess.run(["--demo", "--no-socket", "--print-events"], timeout: 16)
        #expect(out.status == 0, "a SIGTERM ends the demo cleanly; stderr: \(out.stderr)")
        #expect(out.stderr.contains("demo: playing 8 built-in gestures in a loop"))
        #expect(out.stderr.contains("no input devices are opened"))
        let events = jsonObjects(out.stdoutLines)
        // What docs/input.md promises for each (DemoGestures in TransitionInput).
        let expected = [("swipe3-left", "finish", "release"), ("swipe3-right", "cancel", "release"),
                        ("swipe3-right", "finish", "velocity"), ("pinch4-in", "finish", "release"),
                        ("touch3-up", "finish", "release"), ("swipe4-down", "cancel", "release"),
                        ("touchhold1", "finish", "held")]
        for (transition, outcome, reason) in expected {
            let ended = events.filter { $0["event"] as? String == "ended" && $0["transition"] as? String == transition }
            let decided = ended.contains { $0["outcome"] as? String == outcome && $0["reason"] as? String == reason }
            #expect(decided, "\(transition) \(outcome) \(reason): \(ended)")
        }
        #expect(events.contains { $0["event"] as? String == "paused" })
    }

    @Test func sigintEndsItCleanlyAndItServesTheSocket() throws {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("s.sock").path
        let daemon = try RunningDaemon(socket: socket, arguments: ["--demo"])
        #expect(FileManager.default.fileExists(atPath: socket))
        usleep(300_000)
        daemon.signal(SIGINT)
        let (status, stderr) = daemon.stop()
        #expect(status == 0, "stderr: \(stderr)")
        #expect(stderr.contains("no input devices are opened"))
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test func cannotBeCombinedWithReplay() throws {
        let out = try DaemonProcess.run(["--demo", "--replay", "x.jsonl", "--no-socket"])
        #expect(out.status != 0)
        #expect(out.stderr.contains("--demo and --replay cannot be combined"))
    }
}
