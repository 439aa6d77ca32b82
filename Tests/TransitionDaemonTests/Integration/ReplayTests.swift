// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionTestSupport

/// The whole pipeline without devices: a recorded trace through `--replay`, the engine, and the
/// protocol encoder (`--print-events`), in the real binary.
@Suite struct ReplayTests {
    private func replay(_ trace: String, extra: [String] = []) throws -> (events: [[String: Any]], stderr: String) {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("trace.jsonl").path
        try trace.replaceFile(path)
        let out = try DaemonProcess.run(["--replay", path, "--no-input", "--no-socket", "--print-events",
                                         "--exit-after-replay"] + extra)
        #expect(out.status == 0, "stderr: \(out.stderr)")
        return (jsonObjects(out.stdoutLines), out.stderr)
    }

    @Test func aLongSwipeLeftFinishesTheBoundTransition() throws {
        let (events, _) = try replay(Traces.swipe(steps: 40, dx: -10, dy: 0))
        let kinds = events.map { $0["event"] as? String ?? "?" }
        #expect(kinds.first == "began")
        #expect(kinds.suffix(2) == ["ended", "completed"])
        #expect(Set(events.compactMap { $0["transition"] as? String }) == ["swipe3-left"])
        let ended = try #require(events.first { $0["event"] as? String == "ended" })
        #expect(ended["outcome"] as? String == "finish")
        #expect((events.last?["finished"] as? Bool) == true)
        // One gesture id, increasing seq.
        #expect(Set(events.compactMap { $0["gesture"] as? Int }).count == 1)
        let seqs = events.compactMap { $0["seq"] as? Int }
        #expect(seqs == Array(1...seqs.count))
    }

    @Test func aShortSwipeHeldStillBeforeLiftingCancels() throws {
        let (events, _) = try replay(Traces.swipe(steps: 10, dx: 0, dy: -8, holdUs: 300_000))
        let ended = try #require(events.first { $0["event"] as? String == "ended" })
        #expect(ended["transition"] as? String == "swipe3-up")
        #expect(ended["outcome"] as? String == "cancel")
        #expect((events.last?["finished"] as? Bool) == false)
    }

    @Test func aShortFastFlingFinishesByVelocity() throws {
        let (events, _) = try replay(Traces.swipe(fingers: 4, steps: 6, dx: 22, dy: 0, intervalUs: 6000))
        let ended = try #require(events.first { $0["event"] as? String == "ended" })
        #expect(ended["transition"] as? String == "swipe4-right")
        #expect(ended["outcome"] as? String == "finish")
        #expect(ended["reason"] as? String == "velocity")
        #expect((ended["from"] as? Double ?? 1) < 0.5)
    }

    @Test func aCancelledGestureEndsAsCancelWithLibinputsReason() throws {
        let (events, _) = try replay(Traces.swipe(steps: 40, dx: -10, dy: 0, cancel: "libinput_cancel"))
        let ended = try #require(events.first { $0["event"] as? String == "ended" })
        #expect(ended["outcome"] as? String == "cancel")
        #expect(ended["reason"] as? String == "libinput_cancel")
    }

    @Test func aMalformedTraceIsAnErrorNamingTheLine() throws {
        let bad = Traces.swipe(steps: 2, dx: 1, dy: 0) + "{\"type\":\"update\",\"device\":1}\n"
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("bad.jsonl").path
        try bad.replaceFile(path)
        let out = try DaemonProcess.run(["--replay", path, "--no-input", "--no-socket", "--exit-after-replay"])
        #expect(out.status != 0)
        #expect(out.stderr.contains(":5"), "stderr: \(out.stderr)")
    }
}
