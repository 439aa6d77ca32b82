// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionClient
import TransitionTestSupport

/// The daemon says which access mode is in force: in its startup line, after a reload that
/// changes it, and in `transitionctl status`.
@Suite struct AccessModeTests {
    private func status(_ socket: String, json: Bool = false) throws -> String {
        let result = try DaemonProcess.run(["status", "--socket", socket] + (json ? ["--json"] : []), executable: "transitionctl")
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func withoutLogindTheDefaultIsGroupAndSaysWhy() throws {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("transitiond.sock").path
        let config = dir.appendingPathComponent("config.toml").path
        try "log_level = \"info\"\n".replaceFile(config)
        let daemon = try RunningDaemon(socket: socket, arguments: ["--config", config])
        let text = try status(socket)
        let json = try status(socket, json: true)
        let (code, log) = daemon.stop()
        #expect(code == 0)
        // The build machines do not run systemd as PID 1; the VM scenarios cover logind.
        if access("/run/systemd/system", F_OK) != 0 {
            #expect(log.contains("access: group (default: no logind: systemd is not PID 1)"), "\(log)")
            #expect(text.contains("access: group (default: no logind: systemd is not PID 1)"), "\(text)")
            #expect(json.contains(#""access":{"mode":"group","mode_reason":"default: no logind: systemd is not PID 1","seat":null"#), "\(json)")
        } else {
            #expect(log.contains("access: "), "\(log)")
        }
        #expect(text.contains("DELIVERY"))
    }

    @Test func aConfiguredModeIsLoggedShownAndReloaded() throws {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("transitiond.sock").path
        let config = dir.appendingPathComponent("config.toml").path
        try "[access]\nmode = \"active-session\"\nalways = [\"root\", 4242]\n".replaceFile(config)
        let daemon = try RunningDaemon(socket: socket, arguments: ["--config", config])
        let text = try status(socket)
        #expect(text.contains("access: active-session (configured); seat0:"), "\(text)")
        #expect(text.contains("always: 0, 4242"), "\(text)")
        // This test's own client: root is always delivered to; anyone else waits for a session.
        #expect(text.contains(getuid() == 0 ? "active" : "paused ("), "\(text)")

        try "[access]\nmode = \"group\"\n".replaceFile(config)
        daemon.signal(SIGHUP)
        var reloaded = ""
        for _ in 0..<50 {
            usleep(100_000)
            reloaded = try status(socket)
            if reloaded.contains("access: group (configured)") { break }
        }
        #expect(reloaded.contains("access: group (configured)"), "\(reloaded)")
        let (code, log) = daemon.stop()
        #expect(code == 0)
        #expect(log.contains("access: active-session (configured)"), "\(log)")
        #expect(log.contains("access: group (configured)"), "\(log)")
        if access("/run/systemd/system", F_OK) != 0 {
            #expect(log.contains("[access] mode is \"active-session\" but logind does not run"), "\(log)")
        }
    }
}
