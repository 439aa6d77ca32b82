// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionCore
import TransitionProtocol
import TransitionTestSupport

/// Runs the built `transitionctl` against an in-process server.
@Suite struct TransitionCtlTests {
    struct Run { var status: Int32; var out: String; var err: String }

    /// The `transitionctl` built beside this test bundle.
    static let executable: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        if directory.lastPathComponent.hasSuffix(".xctest") { directory = directory.deletingLastPathComponent() }
        for candidate in [directory, bundle.deletingLastPathComponent().deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("transitionctl").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return directory.appendingPathComponent("transitionctl").path
    }()

    static var available: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    func ctl(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TRANSITIOND_SOCKET"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = TestHome.environment(env)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                   err: String(decoding: errData, as: UTF8.self))
    }

    @Test(.requires(available, "no transitionctl beside the test bundle (swift build --build-tests builds it)")) func listStatusDevicesTriggerAndCancel() throws {
        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let harness = try ClientHarness(path: "\(directory)/socket")
        defer { harness.stop() }

        let list = try ctl(["list", "--socket", harness.path])
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out.hasPrefix("NAME"))
        #expect(list.out.contains("workspace") && list.out.contains("overview"))

        let json = try ctl(["list", "--json"], environment: ["TRANSITIOND_SOCKET": harness.path])
        #expect(json.status == 0)
        let reply = try decodeServerMessage(Array(json.out.utf8).dropLast())
        guard case .reply(let r) = reply.message, case .success(.list(let listings)) = r.result else { Issue.record("\(json.out)"); return }
        #expect(listings.map(\.info.name) == ["workspace", "overview"])

        let status = try ctl(["status", "--socket", harness.path])
        #expect(status.status == 0, "\(status.err)")
        #expect(status.out.hasPrefix(TransitiondVersion.serverName))
        #expect(status.out.contains("clients: 1"))

        let devices = try ctl(["devices", "--socket", harness.path])
        #expect(devices.out == "no touchpad or touchscreen in use\n")

        let trigger = try ctl(["trigger", "workspace", "--duration", "0.02", "--curve", "linear", "--wait", "--socket", harness.path])
        #expect(trigger.status == 0, "\(trigger.err)")
        #expect(trigger.out.wholeMatch(of: /workspace: run (\d+) started\nworkspace: run \1 finished after \d+\.\d{3} s\n/) != nil, "\(trigger.out)")

        let cancel = try ctl(["cancel", "--socket", harness.path])
        #expect(cancel.status == 0)
        #expect(cancel.out == "cancelled 0 transitions\n")
    }

    @Test(.requires(available, "no transitionctl beside the test bundle (swift build --build-tests builds it)")) func watchJSONPrintsEveryLineAsReceived() throws {
        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let harness = try ClientHarness(path: "\(directory)/socket")
        defer { harness.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["watch", "--json", "--exit-after", "1", "--socket", harness.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        // Wait until the watcher is subscribed (its snapshot is out), then complete a swipe.
        var waited = 0
        while waited < 1000 {
            let run = try ctl(["status", "--json", "--socket", harness.path])
            if run.out.contains(#""subscribed":true"#) { break }
            usleep(10_000)
            waited += 1
        }
        harness.publish([
            TransitionEvent(transition: "workspace", gesture: 7, timeUs: 1, payload: .began(
                BeganEvent(origin: .gesture(source: .swipe, fingers: 3, device: DeviceID(1)), direction: .left, from: 0, interactive: true))),
            TransitionEvent(transition: "workspace", gesture: 7, timeUs: 2, payload: .updated(UpdatedEvent(progress: 0.5, rawProgress: 0.5, velocity: 1))),
            TransitionEvent(transition: "workspace", gesture: 7, timeUs: 3, payload: .completed(CompletedEvent(finished: true, progress: 1))),
        ])
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        let events = try lines.map { try decodeServerMessage(Array($0.utf8)).message.eventName }
        #expect(events == ["hello", "reply", "snapshot", "began", "updated", "completed"])
    }

    @Test(.requires(available, "no transitionctl beside the test bundle (swift build --build-tests builds it)")) func errorsHaveClearMessagesAndExitCodes() throws {
        let unreachable = try ctl(["list", "--socket", "/nonexistent/socket"])
        #expect(unreachable.status == 69)
        #expect(unreachable.err == "transitionctl: cannot connect to transitiond at /nonexistent/socket: No such file or directory\n")

        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let harness = try ClientHarness(path: "\(directory)/socket")
        defer { harness.stop() }
        let unknown = try ctl(["trigger", "nope", "--socket", harness.path])
        #expect(unknown.status == 1)
        #expect(unknown.err == "transitionctl: no transition named \"nope\"; `transitionctl list` shows the 2 configured (unknown_transition)\n")
        let typo = try ctl(["trigger", "wrokspace", "--socket", harness.path])
        #expect(typo.status == 1)
        #expect(typo.err == "transitionctl: no transition named \"wrokspace\"; did you mean \"workspace\"? `transitionctl list` shows the 2 configured (unknown_transition)\n")

        let usage = try ctl(["trigger", "workspace", "--curve", "linear", "--spring"])
        #expect(usage.status == 64)
        #expect(usage.err.contains("--curve and --spring exclude each other"))

        let badCurve = try ctl(["trigger", "workspace", "--curve", "wobbly"])
        #expect(badCurve.status == 64)
    }
    // MARK: --socket before or after the subcommand

    @Test(.requires(available, "no transitionctl beside the test bundle (swift build --build-tests builds it)")) func theSocketOptionGoesBeforeOrAfterTheSubcommand() throws {
        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let harness = try ClientHarness(path: "\(directory)/socket")
        defer { harness.stop() }
        let after = try ctl(["list", "--socket", harness.path])
        #expect(after.status == 0, "\(after.err)")
        for arguments in [["--socket", harness.path, "list"], ["--socket=\(harness.path)", "list"],
                          ["--socket", "/nonexistent/socket", "list", "--socket", harness.path]] {
            let run = try ctl(arguments)
            #expect(run.status == 0, "\(arguments): \(run.err)")
            #expect(run.out == after.out, "\(arguments)")
        }
        let trigger = try ctl(["--socket", harness.path, "trigger", "workspace", "--duration", "0.02", "--wait"])
        #expect(trigger.status == 0, "\(trigger.err)")
        let unreachable = try ctl(["--socket", "/nonexistent/socket", "status"])
        #expect(unreachable.status == 69)
        #expect(unreachable.err == "transitionctl: cannot connect to transitiond at /nonexistent/socket: No such file or directory\n")
        // Without a subcommand after it, the option is left out and what follows is named.
        let typo = try ctl(["--socket", harness.path, "lsit"])
        #expect(typo.status == 64)
        #expect(typo.err.hasPrefix("Error: Unknown subcommand 'lsit'. Did you mean 'list'?"), "\(typo.err)")
        let help = try ctl(["--socket", harness.path, "help", "list"])
        #expect(help.status == 0)
        #expect(help.out.contains("USAGE: transitionctl list"), "\(help.out)")
    }

    /// Every subcommand that takes --socket takes it before its name too: the mechanism is the
    /// root command's, so this holds for subcommands added later without a test of their own.
    @Test(.requires(available, "no transitionctl beside the test bundle (swift build --build-tests builds it)")) func everySubcommandTakesTheSharedOptionsBeforeItsName() throws {
        let help = try ctl(["--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("transitionctl [--socket PATH] <subcommand> [<options>]"))
        let section = help.out.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        let names = section.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard line.hasPrefix("  "), let first = words.first, first.allSatisfy({ $0.isLetter || $0 == "-" }) else { return nil }
            return String(first)
        }.filter { $0 != "help" }
        #expect(names.count >= 6, "\(names)")
        for name in names {
            let own = try ctl([name, "--help"])
            guard own.out.contains("--socket") else { continue }
            let before = try ctl(["--socket", "/nonexistent/socket", name, "--help"])
            #expect(before.status == 0, "\(name): \(before.err)")
            #expect(before.out == own.out, "\(name)")
        }
    }

    // MARK: watch across restarts

    /// A `transitionctl watch` whose output goes to files, read while it runs.
    final class Watcher {
        let process = Process()
        let outPath: String, errPath: String

        init(_ arguments: [String], directory: String) throws {
            outPath = "\(directory)/watch.out"
            errPath = "\(directory)/watch.err"
            _ = FileManager.default.createFile(atPath: outPath, contents: nil)
            _ = FileManager.default.createFile(atPath: errPath, contents: nil)
            process.executableURL = URL(fileURLWithPath: TransitionCtlTests.executable)
            process.arguments = ["watch"] + arguments
            process.standardOutput = FileHandle(forWritingAtPath: outPath)
            process.standardError = FileHandle(forWritingAtPath: errPath)
            try process.run()
        }

        var out: String { (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" }
        var err: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

        /// Waits (up to 20 s) until `condition` holds for the output so far.
        @discardableResult
        func wait(until condition: (Watcher) -> Bool) -> Bool {
            for _ in 0..<2000 {
                if condition(self) { return true }
                usleep(10_000)
            }
            return false
        }

        func finish() -> Int32 {
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// Waits until `count` clients of the server at `path` are subscribed.
    func waitForSubscribers(_ path: String, count: Int = 1) throws {
        for _ in 0..<1000 {
            let run = try ctl(["status", "--json", "--socket", path])
            if run.out.components(separatedBy: #""subscribed":true"#).count - 1 >= count { return }
            usleep(10_000)
        }
        Issue.record("no subscriber at \(path)")
    }

    /// A server at `path` again after another stopped there. Retries for a while: once, with
    /// the other suites running in parallel, the new server found the path still taken just
    /// after the old one had closed it (presumably a process another test was spawning held a
    /// copy of the old lock file's descriptor between fork and exec).
    func restartHarness(_ path: String) throws -> ClientHarness {
        for _ in 0..<50 {
            if let harness = try? ClientHarness(path: path) { return harness }
            usleep(100_000)
        }
        return try ClientHarness(path: path)
    }

    static func completed(gesture: UInt64) -> TransitionEvent {
        TransitionEvent(transition: "workspace", gesture: gesture, timeUs: 3, payload: .completed(CompletedEvent(finished: true, progress: 1)))
    }

    @Test(.requires(available, "no transitionctl beside the test bundle (swift build --build-tests builds it)")) func watchWaitsForTheDaemonAndFollowsItAcrossARestart() throws {
        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/socket"
        let watcher = try Watcher(["--socket", path, "--exit-after", "2"], directory: directory)
        #expect(watcher.wait { $0.err.contains("waiting for it to start") }, "\(watcher.err)")

        var harness = try ClientHarness(path: path)
        #expect(watcher.wait { $0.err.contains("connected to transitiond at \(path)") }, "\(watcher.err)")
        try waitForSubscribers(path)
        harness.publish([Self.completed(gesture: 1)])
        #expect(watcher.wait { $0.out.contains("completed  gesture 1") }, "\(watcher.out)")

        harness.stop() // goodbye (shutdown), socket removed
        #expect(watcher.wait { $0.err.contains("transitiond is stopping") && $0.err.contains("waiting for it to come back") },
                "\(watcher.err)")
        harness = try restartHarness(path)
        defer { harness.stop() }
        try waitForSubscribers(path)
        harness.publish([Self.completed(gesture: 2)])
        #expect(watcher.finish() == 0, "\(watcher.err)")
        #expect(watcher.out.contains("completed  gesture 2"))
        #expect(watcher.err.components(separatedBy: "connected to transitiond at").count == 3, "\(watcher.err)")
    }

    @Test(.requires(available, "no transitionctl beside the test bundle (swift build --build-tests builds it)")) func watchJSONPrintsNothingButTheStreamAcrossARestart() throws {
        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/socket"
        var harness = try ClientHarness(path: path)
        let watcher = try Watcher(["--json", "--exit-after", "1", "--socket", path], directory: directory)
        try waitForSubscribers(path)
        harness.stop()
        harness = try restartHarness(path)
        defer { harness.stop() }
        try waitForSubscribers(path)
        harness.publish([Self.completed(gesture: 3)])
        #expect(watcher.finish() == 0)
        #expect(watcher.err == "")
        let events = try watcher.out.split(separator: "\n").map { try decodeServerMessage(Array($0.utf8)).message.eventName }
        #expect(events == ["hello", "reply", "snapshot", "goodbye", "hello", "reply", "snapshot", "completed"])
    }

    @Test(.requires(available, "no transitionctl beside the test bundle (swift build --build-tests builds it)")) func watchWithNoReconnectExitsAsScriptsExpect() throws {
        let unreachable = try ctl(["watch", "--no-reconnect", "--socket", "/nonexistent/socket"])
        #expect(unreachable.status == 69)
        #expect(unreachable.err == "transitionctl: cannot connect to transitiond at /nonexistent/socket: No such file or directory\n")

        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let harness = try ClientHarness(path: "\(directory)/socket")
        let watcher = try Watcher(["--no-reconnect", "--socket", harness.path], directory: directory)
        try waitForSubscribers(harness.path)
        harness.stop()
        #expect(watcher.finish() == 0)
        #expect(watcher.err == "transitionctl: transitiond is stopping\n")
    }

    @Test(.requires(available, "no transitionctl beside the test bundle (swift build --build-tests builds it)")) func watchFollowsAChangedListOfTransitions() throws {
        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let harness = try ClientHarness(path: "\(directory)/socket")
        defer { harness.stop() }
        let watcher = try Watcher(["--exit-after", "1", "--socket", harness.path], directory: directory)
        try waitForSubscribers(harness.path)
        harness.setTransitions(["workspace", "launcher"])
        #expect(watcher.wait { $0.out.contains("transitions now: workspace, launcher\n") }, "\(watcher.out)")
        harness.publish([TransitionEvent(transition: "launcher", gesture: 4, timeUs: 3, payload: .completed(
            CompletedEvent(finished: true, progress: 1)))])
        #expect(watcher.finish() == 0)
        #expect(watcher.out.contains("launcher  completed  gesture 4"))
    }
}
