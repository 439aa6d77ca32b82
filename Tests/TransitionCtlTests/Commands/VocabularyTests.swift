// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionProtocol
import TransitionTestSupport

/// One vocabulary: FILE, PATH and DIR placeholders, the same name for the same thing in
/// `transitiond` and `transitionctl` (old spellings kept), `--json` on every listing.
@Suite struct VocabularyTests {
    static let commands: [(String, [String])] = [
        ("transitiond", ["--help"]), ("transitionctl", ["--help"]),
        ("transitionctl", ["watch", "--help"]), ("transitionctl", ["list", "--help"]), ("transitionctl", ["status", "--help"]),
        ("transitionctl", ["devices", "--help"]), ("transitionctl", ["trigger", "--help"]), ("transitionctl", ["cancel", "--help"]),
        ("transitionctl", ["run", "--help"]), ("transitionctl", ["import", "--help"]), ("transitionctl", ["doctor", "--help"]),
        ("transitionctl", ["plot", "--help"]),
    ]

    @Test func placeholdersAreUpperCaseWords() throws {
        for (tool, arguments) in Self.commands {
            let help = try Binaries.run(tool, arguments)
            #expect(help.status == 0, "\(tool) \(arguments)")
            // Every `<placeholder>` of an option or argument is upper case, but `<subcommand>` and `<options>`.
            let placeholders = help.output.matches(of: /<([^>\s]+)>/).map { String($0.1) }
                .filter { !["subcommand", "options"].contains($0) }
            #expect(!placeholders.isEmpty || arguments == ["--help"], "\(tool) \(arguments)")
            for name in placeholders { #expect(name == name.uppercased(), "\(tool) \(arguments): <\(name)>") }
        }
        let daemon = try Binaries.run("transitiond", ["--help"]).output
        for option in ["--config <FILE>", "--socket <PATH>", "--record <FILE>", "--replay <FILE>", "--check-config <FILE>"] {
            #expect(daemon.contains(option), "\(option)")
        }
        let run = try Binaries.run("transitionctl", ["run", "--help"]).output
        #expect(run.contains("--actions <FILE>") && run.contains("--settings <FILE>") && run.contains("--socket <PATH>"))
        #expect(!run.contains("--config"), "the old name is hidden: transitiond --config is the daemon's file")
        #expect(try Binaries.run("transitionctl", ["import", "--help"]).output.contains("-o, --output <FILE>"))
    }

    @Test func runAndDoctorTakeTheActionsFileByItsOldNameToo() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/actions.toml"
        try "[[action]]\ntransition = \"swipe3-left\"\non = \"finish\"\ncommand = \"true\"\n".replaceFile(file)
        let new = try Binaries.run("transitionctl", ["run", "--check", "--actions", file])
        #expect(new.status == 0, "\(new.output)")
        #expect(new.output.hasPrefix("\(file): OK, 1 action"), "\(new.output)")
        let old = try Binaries.run("transitionctl", ["run", "--check", "--config", file])
        #expect(old.output == new.output)
        let both = try Binaries.run("transitionctl", ["run", "--check", "--actions", file, "--config", file])
        #expect(both.status == 64)
        #expect(both.output.hasPrefix("Error: --actions and --config (its old name) exclude each other\n"), "\(both.output)")
    }

    @Test func devicesHasJSON() throws {
        let daemon = try TestDaemon()
        let run = try Binaries.run("transitionctl", ["devices", "--json", "--socket", daemon.socket])
        #expect(run.status == 0)
        #expect(run.output == #"{"devices":[]}"# + "\n")
    }

    @Test func everyListingHasJSON() throws {
        for listing in ["list", "status", "devices"] {
            #expect(try Binaries.run("transitionctl", [listing, "--help"]).output.contains("--json"), "\(listing)")
        }
    }
}
