// SPDX-License-Identifier: MIT
import ArgumentParser
import TransitionConfig

/// "Did you mean" for a subcommand's name: ArgumentParser suggests options (`--jsno`) but calls
/// a mistyped subcommand an unexpected argument. The suggestion is the project's one
/// (`Suggestion`: the configuration's keys, transition names), so a typo one or two edits away
/// (a swap counts as one) is caught the same everywhere.
enum SubcommandTypo {
    /// The error for `arguments` (after ``SharedOptions/normalize(_:for:)``) when their first
    /// word names no subcommand of `root`: `Unknown subcommand 'stauts'. Did you mean 'status'?`;
    /// `nil` when it names one, is an option, or is absent.
    static func message(_ arguments: [String], for root: any ParsableCommand.Type) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = SharedOptions.subcommandNames(of: root).union(["help"])
        guard !names.contains(first) else { return nil }
        let listed = root.configuration.subcommands.map { $0._commandName }
        if let suggestion = Suggestion.closest(to: first, among: listed + ["help"]) {
            return "Unknown subcommand '\(first)'. Did you mean '\(suggestion)'?"
        }
        return "Unknown subcommand '\(first)'; the subcommands are \(listed.joined(separator: ", "))"
    }
}
