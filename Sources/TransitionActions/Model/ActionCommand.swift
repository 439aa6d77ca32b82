// SPDX-License-Identifier: MIT
/// What an action runs: an argument vector (no shell), or a string for `sh -c`.
public enum ActionCommand: Sendable, Hashable, CustomStringConvertible {
    /// `command = ["swaymsg", "workspace", "next"]`: run as is, found on `PATH`.
    case argv([String])
    /// `command = "pactl set-sink-volume @DEFAULT_SINK@ +5%"`: run through `/bin/sh -c`.
    case shell(String)

    /// The argument vector to execute.
    public var arguments: [String] {
        switch self {
        case .argv(let argv): argv
        case .shell(let script): ["/bin/sh", "-c", script]
        }
    }

    /// The command as a user wrote it, for logs.
    public var description: String {
        switch self {
        case .argv(let argv): argv.map(Self.quoted).joined(separator: " ")
        case .shell(let script): script
        }
    }

    private static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || $0.properties.numericType != nil) || "-_./=:,+%@".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.replacingQuotes() + "'"
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        var result = ""
        for character in self { result += character == "'" ? "'\\''" : String(character) }
        return result
    }
}
