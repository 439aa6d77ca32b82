// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionCtl

/// A mistyped subcommand gets "did you mean", as a mistyped option does.
@Suite struct SubcommandTypoTests {
    static let usage = "Usage: transitionctl [--socket PATH] <subcommand> [<options>]\n  See 'transitionctl --help' for more information.\n"

    @Test func aTypoGetsDidYouMeanWithTheWholeMessage() throws {
        let run = try Binaries.run("transitionctl", ["stauts"])
        #expect(run.status == 64)
        #expect(run.output == "Error: Unknown subcommand 'stauts'. Did you mean 'status'?\n" + Self.usage)
        let before = try Binaries.run("transitionctl", ["--socket", "/nonexistent", "lsit"])
        #expect(before.output == "Error: Unknown subcommand 'lsit'. Did you mean 'list'?\n" + Self.usage)
    }

    @Test func aWordFarFromEverySubcommandListsThem() throws {
        let run = try Binaries.run("transitionctl", ["frobnicate"])
        #expect(run.status == 64)
        #expect(run.output == "Error: Unknown subcommand 'frobnicate'; the subcommands are watch, list, status, devices, trigger, "
                + "cancel, run, import, doctor, plot, desktop\n" + Self.usage)
    }

    @Test func optionsGetTheirsFromArgumentParserAsBefore() throws {
        let run = try Binaries.run("transitionctl", ["status", "--jsno"])
        #expect(run.status == 64)
        #expect(run.output.hasPrefix("Error: Unknown option '--jsno'. Did you mean '--json'?\n"), "\(run.output)")
    }

    @Test func theRuleIsPure() {
        #expect(SubcommandTypo.message(["status"], for: TransitionCtl.self) == nil)
        #expect(SubcommandTypo.message(["help", "list"], for: TransitionCtl.self) == nil)
        #expect(SubcommandTypo.message(["--version"], for: TransitionCtl.self) == nil)
        #expect(SubcommandTypo.message([], for: TransitionCtl.self) == nil)
        #expect(SubcommandTypo.message(["wacth"], for: TransitionCtl.self) == "Unknown subcommand 'wacth'. Did you mean 'watch'?")
        #expect(SubcommandTypo.message(["dcotor", "--json"], for: TransitionCtl.self) == "Unknown subcommand 'dcotor'. Did you mean 'doctor'?")
    }
}
