import Foundation
import Testing
import TransitionCore
import TransitionProtocol

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
        process.environment = env
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

    @Test(.enabled(if: available)) func listStatusDevicesTriggerAndCancel() throws {
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
        #expect(UInt64(trigger.out.trimmingCharacters(in: .whitespacesAndNewlines)) != nil)

        let cancel = try ctl(["cancel", "--socket", harness.path])
        #expect(cancel.status == 0)
        #expect(cancel.out == "cancelled 0 transitions\n")
    }

    @Test(.enabled(if: available)) func watchJSONPrintsEveryLineAsReceived() throws {
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

    @Test(.enabled(if: available)) func errorsHaveClearMessagesAndExitCodes() throws {
        let unreachable = try ctl(["list", "--socket", "/nonexistent/socket"])
        #expect(unreachable.status == 69)
        #expect(unreachable.err == "transitionctl: cannot connect to transitiond at /nonexistent/socket: No such file or directory\n")

        let directory = try temporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let harness = try ClientHarness(path: "\(directory)/socket")
        defer { harness.stop() }
        let unknown = try ctl(["trigger", "nope", "--socket", harness.path])
        #expect(unknown.status == 1)
        #expect(unknown.err == "transitionctl: no transition named \"nope\" (configured: workspace, overview) (unknown_transition)\n")

        let usage = try ctl(["trigger", "workspace", "--curve", "linear", "--spring"])
        #expect(usage.status == 64)
        #expect(usage.err.contains("--curve and --spring exclude each other"))

        let badCurve = try ctl(["trigger", "workspace", "--curve", "wobbly"])
        #expect(badCurve.status == 64)
    }
}
