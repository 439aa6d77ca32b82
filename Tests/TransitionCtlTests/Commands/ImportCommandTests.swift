// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// `transitionctl import` as a user runs it: the file written, the report, the exit statuses,
/// nothing overwritten without --force, and its output accepted by `transitionctl run --check`.
@Suite struct ImportCommandTests {
    static let conf = """
        # mine
        gesture swipe left 3 xdotool key alt+Right
        gesture swipe right_up xdotool key control+Tab
        gesture hold on 4 xdotool key control+t
        swipe_threshold 100
        """

    @Test func writesChecksRefusesToOverwriteAndForces() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/libinput-gestures.conf"
        try Self.conf.write(toFile: input, atomically: true, encoding: .utf8)
        let output = dir + "/actions.toml"

        let first = try Binaries.run("transitionctl", ["import", input, "-o", output])
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("libinput-gestures.conf:2: translated: swipe3-left finish: keys alt+Right"))
        #expect(first.output.contains("libinput-gestures.conf:3: skipped: diagonal swipe"))
        #expect(first.output.contains("libinput-gestures.conf:4: waiting: ") || first.output.contains("libinput-gestures.conf:4: translated: "))
        #expect(first.output.contains("libinput-gestures.conf:5: setting: swipe_threshold 100"))
        let check = try Binaries.run("transitionctl", ["run", "--check", "--config", output])
        #expect(check.status == 0, "\(check.output)")

        let written = Binaries.read(output)
        try "# mine\n".write(toFile: output, atomically: true, encoding: .utf8)
        let again = try Binaries.run("transitionctl", ["import", input, "-o", output])
        #expect(again.status == 1)
        #expect(again.output.contains("exists; pass --force"))
        #expect(Binaries.read(output) == "# mine\n")

        let forced = try Binaries.run("transitionctl", ["import", input, "-o", output, "--force"])
        #expect(forced.status == 0)
        #expect(Binaries.read(output) == written)
    }

    @Test func writesToStandardOutputAndSettingsApart() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/touchegg.conf"
        try """
            <touchégg><settings><property name="action_execute_threshold">30</property></settings>
            <application name="All"><gesture type="SWIPE" fingers="3" direction="UP">
            <action type="MAXIMIZE_RESTORE_WINDOW"/></gesture></application></touchégg>
            """.write(toFile: input, atomically: true, encoding: .utf8)
        let settings = dir + "/settings.toml"
        let result = try Binaries.run("transitionctl", ["import", input, "-o", "-", "--settings-out", settings])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("transition = [\"swipe3-up\", \"touch3-up\"]"))
        #expect(Binaries.read(settings).contains("finish_threshold = 0.3"))
        #expect(Binaries.read(settings).contains("Your own gesture settings"))
    }

    @Test func refusesUnknownFormatsAndBrokenFiles() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/config.yml"
        try "swipe:\n  3:\n    left: [\n".write(toFile: input, atomically: true, encoding: .utf8)
        let broken = try Binaries.run("transitionctl", ["import", input, "-o", dir + "/a.toml"])
        #expect(broken.status == 1)
        #expect(broken.output.contains("config.yml:3:"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.toml"))
        let unknown = try Binaries.run("transitionctl", ["import", input, "--format", "kde", "-o", dir + "/a.toml"])
        #expect(unknown.status == 64)
        try "hello\n".write(toFile: input, atomically: true, encoding: .utf8)
        let guess = try Binaries.run("transitionctl", ["import", input, "-o", dir + "/a.toml"])
        #expect(guess.status == 1)
        #expect(guess.output.contains("--format"))
    }
}
