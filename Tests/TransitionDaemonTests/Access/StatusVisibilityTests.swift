// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import TransitionTestSupport

/// `status` shows other users' clients only to root (issue 32): in `group` mode a member of the
/// socket's group sees their own clients and a count of the others. Two real uids: root and a
/// second uid that `setpriv` gives a `transitionctl watch` and a `transitionctl status` (the
/// socket's group is root's, 0660, so the second uid connects as a member of it).
@Suite(.serialized) struct StatusVisibilityTests {
    static let otherUID: UInt32 = 64_123

    /// `transitionctl ARGS` as `otherUID` in group 0, started (not waited for).
    private func asOther(_ arguments: [String], log: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=\(Self.otherUID)", "--regid=0", "--clear-groups", "--",
                             DaemonProcess.executable("transitionctl").path] + arguments
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: log)
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
        return process
    }

    @Test(.enabled(if: getuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0, "needs root and setpriv to act as a second uid"))
    func aMemberSeesOnlyTheirOwnClientsRootSeesAll() throws {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        chmod(dir.path, 0o755)
        let socket = dir.appendingPathComponent("transitiond.sock").path
        let config = dir.appendingPathComponent("config.toml").path
        try "socket_group = \"root\"\n[access]\nmode = \"group\"\n".replaceFile(config)
        let daemon = try RunningDaemon(socket: socket, arguments: ["--config", config])
        defer { _ = daemon.stop() }
        // root's subscriber, then the other uid's.
        let rootWatch = Process()
        rootWatch.executableURL = DaemonProcess.executable("transitionctl")
        rootWatch.arguments = ["watch", "--socket", socket]
        rootWatch.standardOutput = FileHandle.nullDevice
        try rootWatch.run()
        defer { kill(rootWatch.processIdentifier, SIGKILL); rootWatch.waitUntilExit() }
        let otherWatch = try asOther(["watch", "--socket", socket], log: dir.appendingPathComponent("watch.log").path)
        // SIGKILL for both watches: under the test runner a SIGTERM did not end them.
        defer { kill(otherWatch.processIdentifier, SIGKILL); otherWatch.waitUntilExit() }

        var rootView = ""
        for _ in 0..<100 {
            rootView = try DaemonProcess.run(["status", "--json", "--socket", socket], executable: "transitionctl").stdout
            if rootView.contains("\"uid\":\(Self.otherUID)"), rootView.contains("\"uid\":0,") { break }
            usleep(100_000)
        }
        // root: every client, its own and the other uid's, with pids and subscriptions.
        #expect(rootView.contains("\"uid\":\(Self.otherUID)"), "\(rootView)")
        #expect(rootView.contains("\"other_clients\":0"), "\(rootView)")

        let statusLog = dir.appendingPathComponent("status.log").path
        let status = try asOther(["status", "--json", "--socket", socket], log: statusLog)
        status.waitUntilExit()
        let otherView = (try? String(contentsOfFile: statusLog, encoding: .utf8)) ?? ""
        #expect(status.terminationStatus == 0, "\(otherView)")
        // The member: its own watch and status, not root's watch, and how many it does not see.
        #expect(otherView.contains("\"uid\":\(Self.otherUID)"), "\(otherView)")
        #expect(!otherView.contains("\"uid\":0,"), "\(otherView)")
        #expect(!otherView.contains("\"pid\":\(rootWatch.processIdentifier),"), "\(otherView)")
        #expect(otherView.contains("\"other_clients\":1"), "\(otherView)")

        let textLog = dir.appendingPathComponent("status.txt").path
        let text = try asOther(["status", "--socket", socket], log: textLog)
        text.waitUntilExit()
        let words = (try? String(contentsOfFile: textLog, encoding: .utf8)) ?? ""
        #expect(words.contains("clients: 2 of yours, and 1 of other users (only root sees them)"), "\(words)")
    }
}
