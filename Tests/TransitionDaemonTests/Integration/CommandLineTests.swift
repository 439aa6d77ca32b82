// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionTestSupport

/// The daemon's one-shot commands, run as a user would.
@Suite struct CommandLineTests {
    @Test func listDevicesWithoutDevicesSaysSoAndSucceeds() throws {
        let out = try DaemonProcess.run(["--list-devices", "--device", "/nonexistent/event99"])
        #expect(out.status == 0, "stderr: \(out.stderr)")
        #expect(!out.stdout.isEmpty)
    }

    @Test func theDefaultConfigurationChecksClean() throws {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let printed = try DaemonProcess.run(["--print-default-config"])
        #expect(printed.status == 0)
        let path = dir.appendingPathComponent("config.toml").path
        try printed.stdout.replaceFile(path)
        let checked = try DaemonProcess.run(["--check-config", path])
        #expect(checked.status == 0, "stderr: \(checked.stderr)")
        #expect(checked.stdout.contains("OK"))
    }

    @Test func aBrokenConfigurationNamesTheLineAndStopsTheDaemon() throws {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("config.toml").path
        let printed = try DaemonProcess.run(["--print-default-config"]).stdout
        let broken = printed + "\nthis_key_does_not_exist = 1\n"
        try broken.replaceFile(path)
        let line = broken.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("this_key_does_not_exist") }! + 1

        let checked = try DaemonProcess.run(["--check-config", path])
        #expect(checked.status != 0)
        #expect(checked.stderr.contains("\(line)"), "stderr: \(checked.stderr)")
        #expect(checked.stderr.contains("this_key_does_not_exist"))

        let started = try DaemonProcess.run(["--config", path, "--no-input", "--no-socket"], timeout: 10)
        #expect(started.status == 78, "EX_CONFIG, so systemd does not restart into the same error")
        #expect(started.stderr.contains("this_key_does_not_exist"))
    }
}
