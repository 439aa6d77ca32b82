// SPDX-License-Identifier: MIT
import Foundation
import TransitionTestSupport
import Glibc
import Testing
import TransitionCore
import TransitionProtocol
import TransitionServer

/// The stream as seen by programs that know nothing of Swift: socat and jq (the documented
/// one-liner) and the stdlib-only Python example.
@Suite struct ExternalClientTests {
    static func which(_ tool: String) -> Bool {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + tool) }
            || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
            }
    }

    static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        return url.path
    }()

    static let pythonExample = repository + "/examples/python/transitiond_client.py"

    /// Starts `script` under bash; returns the process, its standard output, and its standard
    /// input (closing it ends a script that waits with `read`).
    func spawn(_ script: String) throws -> (Process, FileHandle, FileHandle) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.environment = TestHome.environment()
        let out = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, out.fileHandleForReading, input.fileHandleForWriting)
    }

    /// Reads until `count` lines arrived or the stream ended (plain read(2): Foundation's
    /// `availableData` waits for the end of a pipe that never ends).
    func readLines(_ handle: FileHandle, count: Int) -> [String] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count(where: { $0 == UInt8(ascii: "\n") }) < count {
            let n = read(handle.fileDescriptor, &chunk, chunk.count)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test(.requires(which("socat") && which("jq"), "no socat or jq (scripts/setup --test)"))
    func socatAndJqReadTheStream() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        // The one-liner from docs/protocol.md, filtered by jq; `read` instead of `sleep infinity`
        // keeps socat's input open until the test closes it.
        let (process, output, input) = try spawn("""
            { echo '{"request":"subscribe","transitions":["workspace"]}'; read -r _; } \
              | socat - UNIX-CONNECT:\(harness.path) | jq --unbuffered -r 'select(.event=="updated" or .event=="completed") | "\\(.event) \\(.progress)"'
            """)
        defer {
            // End of input: socat shuts down its side, the server closes, the pipeline ends.
            try? input.close()
            process.waitUntilExit()
        }
        // Publish once the subscription is in: its snapshot is what the subscriber waits for.
        var subscribed = false
        for _ in 0..<2000 where !subscribed {
            subscribed = harness.onLoop { context in
                context.server.clientCount == 1
            }
            usleep(5000)
        }
        let probe = try TestClient(path: harness.path)
        try probe.hello()
        var status: StatusInfo?
        for _ in 0..<2000 {
            if case .success(.status(let s)) = try probe.request(#"{"request":"status"}"#).reply.result,
               s.clients.contains(where: { $0.subscription != nil }) { status = s; break }
            usleep(5000)
        }
        #expect(status != nil, "the socat client subscribed")
        harness.publish(Script.swipe("overview", gesture: 1) + Script.swipe("workspace", gesture: 2, updates: 3))
        #expect(readLines(output, count: 4) == ["updated 0.25", "updated 0.5", "updated 0.75", "completed 1"])
    }

    @Test(.requires(which("socat") && which("jq"), "no socat or jq (scripts/setup --test)"))
    func aOneShotRequestThroughSocatGetsItsReply() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let (process, output, _) = try spawn("""
            echo '{"id":1,"request":"list"}' | socat - UNIX-CONNECT:\(harness.path) | jq -c 'select(.event=="reply") | [.id, .ok, [.result.transitions[].name]]'
            """)
        let lines = readLines(output, count: 1)
        process.waitUntilExit()
        #expect(lines == [#"[1,true,["workspace","overview"]]"#])
    }

    @Test(.requires(which("python3"), "no python3"))
    func thePythonExampleWatchesListsAndTriggers() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let python = "python3 \(Self.pythonExample) --socket \(harness.path)"
        let (list, listOutput, _) = try spawn("\(python) list")
        let rows = readLines(listOutput, count: 2)
        list.waitUntilExit()
        #expect(list.terminationStatus == 0)
        #expect(rows.map { $0.split(separator: "\t").first.map(String.init) } == ["workspace", "overview"])

        let (watcher, watchOutput, _) = try spawn("\(python) watch --transition overview --exit-after 1")
        let snapshot = readLines(watchOutput, count: 1)
        #expect(snapshot == ["snapshot: overview idle 0.00"])
        let (trigger, triggerOutput, _) = try spawn("\(python) trigger overview --duration 0.05")
        #expect(readLines(triggerOutput, count: 1) == ["1000"])
        trigger.waitUntilExit()
        harness.publish([Script.completed("overview", gesture: 1000)])
        let lines = readLines(watchOutput, count: 3)
        watcher.waitUntilExit()
        #expect(lines == ["overview began (trigger, gesture 1000)",
                          "overview ended: finish (trigger) 0.000 -> 1.000, curve 0.050s",
                          "overview completed (finished)"])
        #expect(watcher.terminationStatus == 0)
    }

    @Test(.requires(which("python3"), "no python3"))
    func thePythonExampleTakesTheSocketAfterTheCommandAndFollowsAReload() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let python = "python3 \(Self.pythonExample)"
        let (list, listOutput, _) = try spawn("\(python) list --socket \(harness.path)")
        let rows = readLines(listOutput, count: 2)
        list.waitUntilExit()
        #expect(list.terminationStatus == 0)
        #expect(rows.map { $0.split(separator: "\t").first.map(String.init) } == ["workspace", "overview"])

        let (watcher, watchOutput, _) = try spawn("\(python) watch --exit-after 1 --socket \(harness.path)")
        #expect(readLines(watchOutput, count: 1) == ["snapshot: workspace idle 0.00, overview idle 0.00"])
        harness.onLoop { context in
            let before = context.delegate.infos
            context.delegate.infos = [before[0], TransitionInfo(name: "launcher")]
            context.server.transitionsChanged(from: before)
        }
        #expect(readLines(watchOutput, count: 1) == ["transitions changed: workspace, launcher"])
        harness.publish([Script.completed("launcher", gesture: 5)])
        #expect(readLines(watchOutput, count: 1) == ["launcher completed (finished)"])
        watcher.waitUntilExit()
        #expect(watcher.terminationStatus == 0)
    }

    @Test(.requires(which("python3"), "no python3"))
    func thePythonAnimationMathMatchesTheServersFrames() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let client = try TestClient(path: harness.path)
        try client.hello()
        _ = try client.request(#"{"id":1,"request":"subscribe","frame_rate":500}"#)
        _ = try client.next()
        let animations: [AnimationDescription] = [
            .spring(SpringAnimation(from: 0.4, to: 1, initialVelocity: 3, parameters: SpringParameters(stiffness: 300, dampingRatio: 0.4))),
            .spring(SpringAnimation(from: 0.7, to: 0, initialVelocity: -1, parameters: .default)),
            .spring(SpringAnimation(from: 0.2, to: 1, initialVelocity: 0, parameters: SpringParameters(stiffness: 500, dampingRatio: 1.6))),
            .curve(CurveAnimation(from: 0.1, to: 1, curve: .easeInOut, duration: 0.06)),
            .curve(CurveAnimation(from: 0.9, to: 0, curve: .easeIn, duration: 0.06)),
            .curve(CurveAnimation(from: 0.3, to: 1, curve: .easeOut, duration: 0.06)),
        ]
        var endedLines: [String] = []
        var frames: [[FrameEvent]] = []
        for (i, animation) in animations.enumerated() {
            let gesture = UInt64(i + 1)
            let event = Script.ended("workspace", gesture: gesture, at: MonotonicClock.nowUs(), animation: animation)
            harness.publish([event])
            let got = try client.read { $0.frame?.progress == animation.to && $0.frame?.gesture == gesture }
            var encoder = MessageEncoder()
            endedLines.append(String(decoding: encoder.line(for: event).dropLast(), as: UTF8.self))
            frames.append(got.compactMap(\.frame))
            harness.publish([Script.completed("workspace", gesture: gesture)])
        }
        // Python evaluates each ended line at each frame's time.
        let input = zip(endedLines, frames).map { ended, frames in
            ended + "\n" + frames.map { String($0.timeUs) }.joined(separator: " ")
        }.joined(separator: "\n")
        let inputFile = harness.directory + "/frames.txt"
        try input.replaceFile(inputFile)
        let (process, output, _) = try spawn("""
            python3 -c '
            import json, sys
            sys.path.insert(0, "\(Self.repository)/examples/python")
            from transitiond_client import animation_value
            lines = open(sys.argv[1]).read().split("\\n")
            for ended, times in zip(lines[0::2], lines[1::2]):
                e = json.loads(ended)
                print(" ".join(repr(animation_value(e, (int(t) - e["time_us"]) / 1e6)) for t in times.split()))
            ' \(inputFile)
            """)
        let rows = readLines(output, count: animations.count)
        process.waitUntilExit()
        #expect(rows.count == animations.count)
        for (row, frames) in zip(rows, frames) {
            let values = row.split(separator: " ").compactMap { Double($0) }
            #expect(values.count == frames.count)
            for (python, frame) in zip(values, frames) {
                // Frames carry progress to 6 decimals (docs/protocol.md, "Framing"); these `ended`
                // members are exact at that precision, so Python lands within rounding of them.
                #expect(abs(python - frame.progress) <= 0.5e-6 + 1e-12, "python \(python) vs server \(frame.progress)")
            }
        }
    }
}
