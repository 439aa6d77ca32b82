// SPDX-License-Identifier: MIT
/// `settings`: the connection's user's own gesture settings (the text of
/// `~/.config/transitiond/config.toml`), applied over the system's configuration while that
/// user's session is the seat's active one (docs/protocol.md, `settings`). An empty text goes
/// back to the system's settings.
public struct SettingsRequest: Sendable, Hashable {
    /// The file's text (TOML, UTF-8), at most ``maxTextBytes``.
    public var text: String
    /// The file's path as the sender names it, used only to name the file in messages and logs.
    public var path: String?

    /// The most text a request may carry (UTF-8 bytes); with JSON's escapes it still fits in one
    /// request line (``ServerLimits/maxLineBytes``).
    public static let maxTextBytes = 32 * 1024
    /// The longest `path`.
    public static let maxPathBytes = 1024

    /// Settings `text` read from `path`.
    public init(text: String, path: String? = nil) { self.text = text; self.path = path }
}

/// One problem in a `settings` text: where (1-based line and column, when it has a place) and what.
public struct SettingsDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line, `nil` for a problem with no place (a text over the size limit).
    public var line: Int?
    /// 1-based column (Unicode scalars), `nil` with ``line``.
    public var column: Int?
    /// What is wrong, in the system configuration's words (no file name).
    public var message: String

    /// A problem at `line`:`column`.
    public init(line: Int?, column: Int?, message: String) { self.line = line; self.column = column; self.message = message }

    /// `12:5: message`, or `message` without a place.
    public var description: String {
        guard let line else { return message }
        return "\(line):\(column ?? 1): \(message)"
    }
}

/// What a `settings` request did: `{"settings":"applied","transitions":27}`.
public struct SettingsResult: Sendable, Hashable {
    /// What became of the settings.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// The user's settings are in force.
        case applied
        /// The text sets nothing: the system's settings are in force.
        case cleared
    }
    /// Applied or cleared.
    public var state: State
    /// How many transitions are in force now.
    public var transitions: Int
    /// A result.
    public init(state: State, transitions: Int) { self.state = state; self.transitions = transitions }
}
