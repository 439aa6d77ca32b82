// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import TransitionClient
import TransitionCore
import TransitionProtocol
import TransitionTestSupport

extension Hostile {
    /// Faults around a running daemon (docs/performance.md, "Faults"): killed and restarted under a
    /// client, SIGHUP in the middle of a gesture, a full disk under `--record`. Each is handled with
    /// a clear log line, and nothing is lost or leaked. (A device unplugged mid-gesture needs a real
    /// kernel: e2e/scenarios/12-touchpad-unplug.sh.)
    @Suite struct Faults {
        /// A trace of one long swipe to the right after `leadIn` µs of nothing.
        private func trace(in dir: URL, swipes: Int = 1, steps: Int = 40, leadIn: UInt64) throws -> String {
            let path = dir.appendingPathComponent("trace-\(swipes)-\(steps).jsonl").path
            var text = #"{"type":"device_removed","device":99,"time_us":1000000}"# + "\n"
            var start = 1_000_000 + leadIn
            for _ in 0..<swipes {
                text += Traces.swipe(steps: steps, dx: 8, dy: 0, start: start)
                start += UInt64(steps) * 8000 + 400_000
            }
            try text.replaceFile(path)
            return path
        }

        private func fdCount(_ pid: Int32) -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
        }

        @Test func theSwiftClientReconnectsWhenTheDaemonIsKilledAndRestarted() async throws {
            let dir = try DaemonProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let socket = dir.appendingPathComponent("d.sock").path
            let idle = try trace(in: dir, steps: 1, leadIn: 60_000_000)  // nothing happens for a minute
            let first = try HostileDaemon(socket: socket, trace: idle, logPath: dir.appendingPathComponent("first.log").path)

            let client = TransitionClient(options: .init(socketPath: socket, subscription: Subscription(),
                                                         initialBackoff: 0.05, maxBackoff: 0.2))
            let watchdog = Task { try await Task.sleep(for: .seconds(30)); client.close() }
            defer { watchdog.cancel(); client.close() }
            var events = client.events.makeAsyncIterator()
            var log: [String] = []
            func next(until done: (TransitionClient.Event) -> Bool) async -> Bool {
                while let event = await events.next() {
                    switch event {
                    case .connected: log.append("connected")
                    case .disconnected(let error): log.append("disconnected: \(error)")
                    case .message(let received):
                        if case .transition(let t) = received.message { log.append(t.payload.kind.rawValue) }
                    }
                    if done(event) { return true }
                }
                return false
            }
            #expect(await next { if case .connected = $0 { true } else { false } })

            // SIGKILL: no goodbye, the socket file stays behind.
            kill(first.process.processIdentifier, SIGKILL)
            first.process.waitUntilExit()
            #expect(await next { if case .disconnected = $0 { true } else { false } })

            // A new daemon on the same path replaces the stale socket; its swipe starts 2 s in.
            let swipe = try trace(in: dir, leadIn: 2_000_000)
            let second = try HostileDaemon(socket: socket, trace: swipe, logPath: dir.appendingPathComponent("second.log").path)
            #expect(await next { if case .connected = $0 { true } else { false } }, "log: \(log)")
            #expect(await next {
                if case .message(let m) = $0, case .transition(let t) = m.message, t.payload.kind == .completed { true } else { false }
            }, "log: \(log)")
            #expect(log.filter { $0 == "began" }.count == 1 && log.filter { $0 == "ended" }.count == 1, "log: \(log)")
            let stopped = second.stop()
            #expect(stopped.status == 0)
            let secondLog = (try? String(contentsOfFile: second.logPath, encoding: .utf8)) ?? ""
            #expect(secondLog.contains("stale"), "the restarted daemon says it replaced the stale socket: \(secondLog)")
        }

        @Test func aReloadInTheMiddleOfAGestureLosesNothing() throws {
            let dir = try DaemonProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let config = dir.appendingPathComponent("config.toml").path
            try DaemonProcess.run(["--print-default-config"]).stdout.replaceFile(config)
            let socket = dir.appendingPathComponent("d.sock").path
            // 150 samples 8 ms apart: a 1.2 s swipe, starting 1.5 s in.
            let swipe = try trace(in: dir, steps: 150, leadIn: 1_500_000)
            let daemon = try HostileDaemon(socket: socket, trace: swipe, logPath: dir.appendingPathComponent("d.log").path,
                                           extraArguments: ["--config", config])
            let watch = try Watcher(socket: socket)
            while watch.count("updated") < 20 && watch.elapsed < 20 { usleep(5000) }
            let fdsBefore = fdCount(daemon.process.processIdentifier)
            kill(daemon.process.processIdentifier, SIGHUP)
            watch.waitForCompletions(1, timeout: 30)
            let fdsAfter = fdCount(daemon.process.processIdentifier)

            #expect(watch.count("began") == 1)
            #expect(watch.count("ended") == 1)
            #expect(watch.count("completed") == 1)
            #expect(watch.endedReasons == ["release"] || watch.endedReasons == ["velocity"], "\(watch.endedReasons)")
            #expect(watch.seqGaps == 0, "every message arrived, in order")
            #expect(watch.count("updated") > 100)
            #expect(fdsAfter == fdsBefore, "fds \(fdsBefore) before the reload, \(fdsAfter) after")
            let stopped = daemon.stop()
            #expect(stopped.status == 0)
            let log = (try? String(contentsOfFile: daemon.logPath, encoding: .utf8)) ?? ""
            #expect(log.lowercased().contains("reload"), "a log line says the configuration was reloaded: \(log)")
        }

        @Test func aFullDiskStopsTheRecordingNotTheDaemon() throws {
            let dir = try DaemonProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let socket = dir.appendingPathComponent("d.sock").path
            let swipes = try trace(in: dir, swipes: 2, leadIn: 1_500_000)
            let daemon = try HostileDaemon(socket: socket, trace: swipes, logPath: dir.appendingPathComponent("d.log").path,
                                           extraArguments: ["--record", "/dev/full"])
            let watch = try Watcher(socket: socket)
            watch.waitForCompletions(2, timeout: 30)
            #expect(watch.count("completed") == 2, "both swipes complete although nothing can be recorded")
            #expect(daemon.process.isRunning)
            let stopped = daemon.stop()
            #expect(stopped.status == 0)
            let log = (try? String(contentsOfFile: daemon.logPath, encoding: .utf8)) ?? ""
            #expect(log.contains("recording stopped") && log.contains("No space left on device"),
                    "a clear log line: \(log)")
        }
    }
}
