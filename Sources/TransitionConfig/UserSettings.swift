// SPDX-License-Identifier: MIT
/// A user's own gesture settings: `~/.config/transitiond/config.toml`, sent to the daemon by the
/// user's `transitionctl run` and applied over the system's configuration while that user's
/// session is the active one (docs/configuration.md, "User settings").
///
///     let settings = try UserSettings.parse(text, source: path)
///     let inForce = try settings.applied(to: system)
///
/// The file is the system file's format, restricted: bindings, distances, thresholds and
/// animations (`[defaults]`, `[[transition]]`, the slops and `hold_delay`). A user's
/// `[[transition]]` changes the system's transition of the same name or adds one, and never
/// removes another; the daemon's own settings (`log_level`, `socket_group`, `[server]`,
/// `[access]`, `[touchegg]`, `[touchscreen]`) are errors naming their line. Every error has the
/// system file's message, line and column.
public struct UserSettings: Sendable, Hashable {
    /// The most text the daemon takes (UTF-8 bytes): a settings file is a few kilobytes, and
    /// the request that carries it must fit in one protocol line (65536 bytes, escapes included).
    public static let maxBytes = 32 * 1024

    /// The file's text.
    public let text: String
    /// The name used in messages (the path as the user's runner named it).
    public let source: String
    let root: TOMLTable

    /// Parses `text` (syntax only; ``applied(to:)`` checks the rest against the system's
    /// configuration).
    /// - Throws: ``ConfigError`` at the first syntax error, or for text over ``maxBytes``.
    public static func parse(_ text: String, source: String) throws(ConfigError) -> UserSettings {
        guard text.utf8.count <= maxBytes else {
            throw ConfigError(source: source, position: nil,
                              message: "is \(text.utf8.count) bytes, more than the \(maxBytes / 1024) KiB user settings may have")
        }
        do {
            return UserSettings(text: text, source: source, root: try TOMLParser.parse(text))
        } catch {
            throw ConfigError(source: source, position: error.position, message: error.message)
        }
    }

    /// Reads and parses the file at `path`.
    public static func load(path: String) throws(ConfigError) -> UserSettings {
        try parse(try ConfigFile.read(path), source: path)
    }

    /// Whether the file sets nothing (empty, or only comments): the system's settings hold.
    public var isEmpty: Bool { root.entries.isEmpty }

    /// `system` with these settings over it: only ``DaemonConfiguration/engine`` changes.
    /// Applying the same settings again changes nothing more.
    /// - Throws: ``ConfigError`` with every problem, each with its line and column.
    public func applied(to system: DaemonConfiguration) throws(ConfigError) -> DaemonConfiguration {
        try UserSettingsDecoder.overlay(root, on: system, source: source)
    }

    /// The top-level keys and tables that stay the system's.
    public static var systemOnlyKeys: [String] { UserSettingsDecoder.systemOnly.map(\.key) }

    /// Where the user's runner reads them: `$XDG_CONFIG_HOME/transitiond/config.toml`, else
    /// `$HOME/.config/transitiond/config.toml`; nil without either variable.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/transitiond/config.toml"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.config/transitiond/config.toml"
        }
        return nil
    }
}
