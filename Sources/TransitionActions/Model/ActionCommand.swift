// SPDX-License-Identifier: MIT
/// What an action runs: an argument vector (no shell), a string for `sh -c`, or keys to press.
public enum ActionCommand: Sendable, Hashable, CustomStringConvertible {
    /// `command = ["swaymsg", "workspace", "next"]`: run as is, found on `PATH`.
    case argv([String])
    /// `command = "pactl set-sink-volume @DEFAULT_SINK@ +5%"`: run through `/bin/sh -c`.
    case shell(String)
    /// `keys = "super+Right"`: pressed through the desktop's key sender, nothing executed.
    case keys(KeySequence)

    /// The argument vector to execute (empty for keys, which run no program).
    public var arguments: [String] {
        switch self {
        case .argv(let argv): argv
        case .shell(let script): ["/bin/sh", "-c", script]
        case .keys: []
        }
    }

    /// The command as a user wrote it, for logs.
    public var description: String {
        switch self {
        case .argv(let argv): argv.map(Self.quoted).joined(separator: " ")
        case .shell(let script): script
        case .keys(let keys): "keys " + keys.text
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
