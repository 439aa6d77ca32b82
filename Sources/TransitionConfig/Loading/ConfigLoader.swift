// SPDX-License-Identifier: MIT
/// Reads, checks and writes transitiond's TOML configuration.
///
///     let config = try ConfigLoader.load(path: "/etc/transitiond/config.toml")
///
/// Every error names its file, line and column, and the key and table concerned:
///
///     config.toml:12:5: unknown key 'stifness' in completion of [[transition]] 'swipe3-left' (did you mean 'stiffness'?)
public enum ConfigLoader {
    /// Where the daemon looks when `--config` is not given.
    public static let defaultPath = "/etc/transitiond/config.toml"

    /// Parses and validates configuration text.
    /// - Parameters:
    ///   - text: the TOML document.
    ///   - source: the name used in messages (the path as the user gave it).
    ///   - users: resolves the user names in `[access] always` (default: the system's, getpwnam).
    /// - Throws: ``ConfigError`` with every problem found (a syntax error stops at the first).
    public static func parse(_ text: String, source: String = "config.toml",
                             users: @escaping UserLookup = SystemUsers.uid(named:)) throws(ConfigError) -> DaemonConfiguration {
        let root: TOMLTable
        do {
            root = try TOMLParser.parse(text)
        } catch {
            throw ConfigError(source: source, position: error.position, message: error.message)
        }
        let (configuration, places) = try ConfigDecoder.decode(root, source: source, users: users)
        try EngineValidation.check(configuration, places: places, root: root, source: source)
        return configuration
    }

    /// Reads and parses the file at `path`; a missing file is an error (use this for `--config`).
    public static func load(path: String) throws(ConfigError) -> DaemonConfiguration {
        try parse(try ConfigFile.read(path), source: path)
    }

    /// What the daemon runs with when no `--config` is given: the file at `path` if it exists,
    /// otherwise ``DaemonConfiguration/builtIn``. `path` in the result is `nil` for the built-in.
    public static func loadSystem(path: String = defaultPath) throws(ConfigError)
        -> (configuration: DaemonConfiguration, path: String?) {
        guard ConfigFile.exists(path) else { return (.builtIn, nil) }
        return (try load(path: path), path)
    }

    /// The built-in configuration as a commented TOML file (`--print-default-config`): parsing it
    /// gives exactly ``DaemonConfiguration/builtIn``.
    public static func renderDefault() -> String {
        ConfigRenderer.render(.builtIn, header: ConfigRenderer.defaultHeader)
    }

    /// `configuration` as TOML that parses back to the same value.
    public static func render(_ configuration: DaemonConfiguration) -> String {
        ConfigRenderer.render(configuration, header: ConfigRenderer.plainHeader)
    }
}
