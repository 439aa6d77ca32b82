// SPDX-License-Identifier: MIT
public import TransitionConfig

extension ActionsDecoder {
    /// Where `transitionctl run` looks without `--config`: `$XDG_CONFIG_HOME/transitiond/actions.toml`,
    /// else `$HOME/.config/transitiond/actions.toml`; nil without either variable.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/transitiond/actions.toml"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.config/transitiond/actions.toml"
        }
        return nil
    }

    /// Whether a file exists at `path`.
    public static func exists(_ path: String) -> Bool { ConfigFile.exists(path) }

    /// Reads and decodes the file at `path`; returns its text too, so a reload can tell whether
    /// anything changed; `keysyms` resolves the names of `keys`.
    public static func load(path: String, keysyms: KeysymLookup) throws(ConfigError) -> (file: ActionsFile, text: String) {
        let text = try read(path: path)
        return (try decode(text, source: path, keysyms: keysyms), text)
    }

    /// The file's text (UTF-8, at most 1 MiB).
    public static func read(path: String) throws(ConfigError) -> String {
        try ConfigFile.read(path)
    }
}
