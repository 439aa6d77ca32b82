// SPDX-License-Identifier: MIT
import ArgumentParser

/// Lets the options every command shares (``ConnectionOptions``: `--socket PATH`) come before
/// the subcommand's name too, as in `systemctl --user status`: `transitionctl --socket PATH
/// watch` means `transitionctl watch --socket PATH`.
///
/// ArgumentParser gives options to the command that declares them, and only subcommands
/// declare `--socket`; so before parsing, the root command moves the shared options it finds
/// ahead of the subcommand's name to just after it. This works for any subcommand listed in
/// the root's configuration (one added later included) without its knowing; one that does not
/// take the shared options reports them as unknown, as it would after its name.
enum SharedOptions {
    /// A shared option: its name and whether it takes a value.
    struct Option: Sendable, Hashable {
        var name: String
        var takesValue: Bool
    }

    /// The options subcommands share (those of ``ConnectionOptions``).
    static let options = ConnectionOptions.shared

    /// `arguments` (without the program's name) with the shared options found before the
    /// subcommand's name moved to just after it. When no subcommand of `root` follows them
    /// (`help`, `--version`, a typo), they are left out, having nothing to apply to, so that the
    /// parser reports what does follow instead of the shared option.
    static func normalize(_ arguments: [String], for root: any ParsableCommand.Type) -> [String] {
        var moved: [String] = []
        var index = 0
        scanning: while index < arguments.count {
            let argument = arguments[index]
            for option in options {
                if argument == option.name {
                    guard option.takesValue else { moved.append(argument); index += 1; continue scanning }
                    guard index + 1 < arguments.count else { return arguments }
                    moved += [argument, arguments[index + 1]]
                    index += 2
                    continue scanning
                }
                if option.takesValue && argument.hasPrefix(option.name + "=") {
                    moved.append(argument)
                    index += 1
                    continue scanning
                }
            }
            break
        }
        guard !moved.isEmpty else { return arguments }
        guard index < arguments.count, subcommandNames(of: root).contains(arguments[index]) else {
            return Array(arguments[index...])
        }
        return [arguments[index]] + moved + arguments[(index + 1)...]
    }

    /// The names (and aliases) of `root`'s subcommands.
    static func subcommandNames(of root: any ParsableCommand.Type) -> Set<String> {
        var names: Set<String> = []
        for subcommand in root.configuration.subcommands {
            names.insert(subcommand._commandName)
            names.formUnion(subcommand.configuration.aliases)
        }
        return names
    }
}
