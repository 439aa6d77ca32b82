// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionTestSupport

/// `transitionctl import` as a user runs it: the files written (the actions file, and the user
/// settings beside it), the report, the exit statuses, nothing overwritten without --force, and
/// its output accepted by `transitionctl run --check`.
@Suite struct ImportCommandTests {
    /// This process's environment with the user's directories in `dir` (never the real ones),
    /// and a socket where no daemon listens: `run --check` checks offline, the same everywhere.
    static func environment(_ dir: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = dir
        environment["XDG_CONFIG_HOME"] = dir + "/config"
        environment["TRANSITIOND_SOCKET"] = dir + "/no-daemon.sock"
        return environment
    }

    /// One of the import fixtures (Tests/TransitionImportTests/Fixtures, files of our own).
    static func fixture(_ name: String) -> String {
        String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))
            + "/TransitionImportTests/Fixtures/" + name
    }

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
        try Self.conf.replaceFile(input)
        let output = dir + "/actions.toml"

        let environment = Self.environment(dir)
        let first = try Binaries.run("transitionctl", ["import", input, "-o", output], environment: environment)
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("libinput-gestures.conf:2: translated: swipe3-left finish: keys alt+Right"))
        #expect(first.output.contains("libinput-gestures.conf:3: skipped: diagonal swipe"))
        #expect(first.output.contains("libinput-gestures.conf:4: translated: hold4 finish"))
        #expect(first.output.contains("libinput-gestures.conf:5: setting: swipe_threshold 100"))
        // hold4 is not a standard transition: the user's settings bind it (issue 33).
        #expect(first.output.contains("wrote \(dir)/config/transitiond/config.toml: 1 setting (1 binding: hold4)"))
        #expect(Binaries.read(dir + "/config/transitiond/config.toml").contains("name = \"hold4\"\n# libinput-gestures.conf:4: holds, fingers resting on the touchpad, are left unbound: bound here for the imported actions\nbinding = \"hold4\"\n"))
        let check = try Binaries.run("transitionctl", ["run", "--check", "--config", output], environment: environment)
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("and the 1 transition your settings add (\(dir)/config/transitiond/config.toml)"))

        let written = Binaries.read(output)
        try "# mine\n".replaceFile(output)
        let again = try Binaries.run("transitionctl", ["import", input, "-o", output], environment: environment)
        #expect(again.status == 1)
        #expect(again.output.contains("exists; pass --force"))
        #expect(Binaries.read(output) == "# mine\n")

        try FileManager.default.removeItem(atPath: dir + "/config/transitiond/config.toml")
        let forced = try Binaries.run("transitionctl", ["import", input, "-o", output, "--force"], environment: environment)
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
            """.replaceFile(input)
        let settings = dir + "/settings.toml"
        let result = try Binaries.run("transitionctl", ["import", input, "-o", "-", "--settings-out", settings],
                                      environment: Self.environment(dir))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("transition = [\"swipe3-up\", \"touch3-up\"]"))
        #expect(Binaries.read(settings).contains("finish_threshold = 0.3"))
        #expect(Binaries.read(settings).contains("Your own gesture settings"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/config/transitiond/config.toml"))
        let check = try Binaries.run("transitionctl", ["run", "--check", "--settings", settings], environment: Self.environment(dir))
        #expect(check.status == 0, "\(check.output)")

        // An existing --settings-out is refused without --force, and then nothing is written.
        let actions = dir + "/actions.toml"
        let refused = try Binaries.run("transitionctl", ["import", input, "-o", actions, "--settings-out", settings],
                                       environment: Self.environment(dir))
        #expect(refused.status == 1)
        #expect(refused.output.contains("\(settings) exists; pass --force"))
        #expect(!FileManager.default.fileExists(atPath: actions))
    }

    /// Each format's fixture, imported to the default paths, passes `transitionctl run --check`,
    /// which reads both files from there.
    @Test(arguments: [("libinput-gestures.conf", true), ("fusuma.yml", true), ("touchegg.conf", true)])
    func roundTripsThroughTheDefaultPaths(name: String, settings: Bool) throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let environment = Self.environment(dir)
        let actions = dir + "/config/transitiond/actions.toml", config = dir + "/config/transitiond/config.toml"
        let imported = try Binaries.run("transitionctl", ["import", Self.fixture(name)], environment: environment)
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.contains("wrote \(actions): "))
        #expect(imported.output.contains("wrote \(config): ") == settings)
        #expect(FileManager.default.fileExists(atPath: config) == settings)
        let check = try Binaries.run("transitionctl", ["run", "--check"], environment: environment)
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("\(actions): OK, "))
        #expect(check.output.contains("\(config): OK over ") == settings)
    }

    /// The user's own config.toml is kept without --force: the settings to merge are printed
    /// and the import succeeds; --force replaces it.
    @Test func anExistingSettingsFileIsKeptAndTheMergeIsSaid() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let environment = Self.environment(dir)
        let config = dir + "/config/transitiond/config.toml"
        try FileManager.default.createDirectory(atPath: dir + "/config/transitiond", withIntermediateDirectories: true)
        try "[defaults]\nfinish_threshold = 0.4\n".replaceFile(config)
        let kept = try Binaries.run("transitionctl", ["import", Self.fixture("touchegg.conf"), "-o", dir + "/a.toml"], environment: environment)
        #expect(kept.status == 0, "\(kept.output)")
        #expect(kept.output.contains("\(config) exists and is kept"))
        #expect(kept.output.contains("# --- to merge into \(config) by hand"))
        #expect(kept.output.contains("finish_threshold = 0.3"))
        #expect(Binaries.read(config) == "[defaults]\nfinish_threshold = 0.4\n")
        #expect(FileManager.default.fileExists(atPath: dir + "/a.toml"))

        let forced = try Binaries.run("transitionctl", ["import", Self.fixture("touchegg.conf"), "-o", dir + "/a.toml", "--force"],
                                      environment: environment)
        #expect(forced.status == 0, "\(forced.output)")
        #expect(forced.output.contains("wrote \(config): 5 settings (4 bindings: padtap3, tap3, pinch2-out, touchpinch2-out);"))
        #expect(Binaries.read(config).contains("finish_threshold = 0.3"))
        let check = try Binaries.run("transitionctl", ["run", "--check", "--config", dir + "/a.toml"], environment: environment)
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("\(config): OK over "))
    }

    @Test func refusesUnknownFormatsAndBrokenFiles() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/config.yml"
        try "swipe:\n  3:\n    left: [\n".replaceFile(input)
        let broken = try Binaries.run("transitionctl", ["import", input, "-o", dir + "/a.toml"])
        #expect(broken.status == 1)
        #expect(broken.output.contains("config.yml:3:"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.toml"))
        let unknown = try Binaries.run("transitionctl", ["import", input, "--format", "kde", "-o", dir + "/a.toml"])
        #expect(unknown.status == 64)
        try "hello\n".replaceFile(input)
        let guess = try Binaries.run("transitionctl", ["import", input, "-o", dir + "/a.toml"])
        #expect(guess.status == 1)
        #expect(guess.output.contains("--format"))
    }
}
