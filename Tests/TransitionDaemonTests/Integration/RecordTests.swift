// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionTestSupport

/// `--record FILE` beside a second instance: the second daemon is refused at the socket before it
/// touches the first one's trace (it once created the file with O_TRUNC first: the first daemon
/// then went on writing at its old offset behind a run of NUL bytes, and the trace no longer read).
@Suite struct RecordTests {
    @Test func aSecondDaemonLeavesTheFirstOnesTraceAlone() throws {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("transitiond.sock").path
        let input = dir.appendingPathComponent("input.jsonl").path
        let record = dir.appendingPathComponent("record.jsonl").path
        try Traces.swipe(steps: 20, dx: -10, dy: 0).replaceFile(input)

        let first = try RunningDaemon(socket: socket, arguments: ["--replay", input, "--record", record])
        defer { _ = first.stop() }
        // The replay's 22 samples are recorded as they are fed.
        var recorded = ""
        for _ in 0..<200 {
            recorded = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
            if recorded.split(separator: "\n").count == 22 { break }
            usleep(50_000)
        }
        #expect(recorded.split(separator: "\n").count == 22)

        let second = try DaemonProcess.run(["--no-input", "--socket", socket, "--record", record])
        #expect(second.status != 0, "the second daemon should be refused: \(second.stderr)")
        let after = try String(contentsOfFile: record, encoding: .utf8)
        #expect(after == recorded, "the first daemon's trace changed")
        #expect(first.process.isRunning)
    }
}
