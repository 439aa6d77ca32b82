// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import TransitionTestSupport

extension Hostile {
    /// Issue 32: 128 connections that send requests and never read their replies. Each may queue
    /// up to the per-client 4 MiB (`status` replies list every client: some 19 KiB each), which
    /// took the daemon from 20 to 617 MB before the server had a total output budget. With it,
    /// the largest backlogs are dropped first (`backlog_overflow`) and the daemon's memory stays
    /// bounded (docs/performance.md, "Memory").
    @Suite struct Memory {
        static let slots = 128

        @Test func aHundredAndTwentyEightClientsThatNeverReadLeaveTheDaemonBounded() throws {
            Descriptors.raiseLimit(to: 4096)
            let dir = try DaemonProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let trace = dir.appendingPathComponent("swipes.jsonl").path
            try HostileTrace.swipes(count: 1).replaceFile(trace)
            let config = dir.appendingPathComponent("config.toml").path
            try "[server]\nmax_clients = \(Self.slots)\nmax_clients_per_user = \(Self.slots)\n"
                .replaceFile(config)
            let run = try HostileRun(dir: dir, name: "flood", trace: trace, arguments: ["--config", config])
            let rssBefore = run.daemon.rssKiB()

            // Every slot taken by a client that asks for `status` as fast as the socket takes it
            // and reads nothing.
            var fds: [Int32] = []
            for _ in 0..<Self.slots {
                guard let fd = connectUnix(run.socket) else { break }
                fds.append(fd)
            }
            #expect(fds.count == Self.slots)
            let request = Array(#"{"request":"status"}"#.utf8) + [0x0A]
            // A few at a time, to every client in turn: their backlogs grow together.
            let burst = Array((0..<8).map { _ in request }.joined())
            let deadline = Date().addingTimeInterval(8)
            var sent = 0
            while Date() < deadline {
                var progressed = false
                for fd in fds where sendAll(fd, burst) > 0 {
                    sent += 1
                    progressed = true
                }
                if !progressed { usleep(20_000) }
            }
            let rssPeak = run.daemon.peakRSSKiB()
            let rssAfter = run.daemon.rssKiB()

            // The daemon is not stuck: once the flood has gone, a new client gets an answer.
            for fd in fds { close(fd) }
            #expect(try StatusProbe.ask(socket: run.socket, timeout: 5), "a fresh client's status request got no reply")
            let log = run.daemon.stop()
            #expect(log.status == 0, "the daemon did not stop cleanly: \(log.stderrTail)")
            print("hostile: 128 non-reading clients sent \(sent) bursts of 8 status requests; daemon RSS before \(rssBefore) KiB, after \(rssAfter) KiB, peak \(rssPeak) KiB")
            // The total output budget (32 MiB) plus the daemon's own 20 MB, the allocator's slack
            // and the encoders' buffers: well under what 128 × 4 MiB queues would take.
            #expect(rssPeak < 96 * 1024, "peak RSS \(rssPeak) KiB")
        }
    }
}
