// SPDX-License-Identifier: MIT
public import ArgumentParser
import TransitionProtocol

/// `transitionctl`: watch and drive transitiond from a terminal or a script.
///
/// A library so that one binary can carry both tools: the `transitiond` executable runs this
/// command when it is started under the name `transitionctl` (the package installs
/// `/usr/bin/transitionctl` as a link to `/usr/bin/transitiond`).
public struct TransitionCtl: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "transitionctl",
        abstract: "Watch and drive transitiond's interactive transitions.",
        usage: "transitionctl [--socket PATH] <subcommand> [<options>]",
        discussion: """
            Connects to the socket given by --socket, else $TRANSITIOND_SOCKET, else \
            $XDG_RUNTIME_DIR/transitiond/transitiond.sock, else /run/transitiond/transitiond.sock. \
            --socket may come before the subcommand or after it: `transitionctl --socket PATH \
            watch` and `transitionctl watch --socket PATH` are the same.

            Exit status: 0 success; 1 transitiond refused the request; 2 a waited-for run was \
            cancelled; 64 bad usage; 69 transitiond is unreachable; 76 the connection broke or \
            transitiond sent something unreadable.
            """,
        version: TransitiondVersion.string,
        subcommands: [Watch.self, List.self, Status.self, Devices.self, Trigger.self, Cancel.self, Run.self, Import.self, Doctor.self, Plot.self, Desktop.self])

    /// Parses the process's arguments, with the shared options (`--socket`) accepted before the
    /// subcommand's name too (``SharedOptions``), and runs the command; exits.
    /// A mistyped subcommand (`transitionctl stauts`) gets "did you mean", as a mistyped option does.
    public static func main() {
        let arguments = SharedOptions.normalize(Array(CommandLine.arguments.dropFirst()), for: Self.self)
        if let typo = SubcommandTypo.message(arguments, for: Self.self) { exit(withError: ValidationError(typo)) }
        main(arguments)
    }
}
