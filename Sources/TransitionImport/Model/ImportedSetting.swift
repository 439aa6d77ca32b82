// SPDX-License-Identifier: MIT
/// A transition setting that translates from the other tool (a distance, a threshold), for
/// the user's own settings (`~/.config/transitiond/config.toml`, which `transitionctl run` sends
/// to transitiond): written to `--settings-out`, else to that file.
public struct ImportedSetting: Sendable, Hashable {
    /// The transitions it applies to; empty: `[defaults]`.
    public var transitions: [String]
    /// The key (`finish_threshold`, `distance`).
    public var key: String
    /// Its value.
    public var value: Double
    /// The line it comes from.
    public var line: Int
    /// Why this value (written beside it).
    public var comment: String
    /// Whether it comes from one gesture's own entry (which wins over a file-wide one).
    public var isSpecific = false

    /// A setting from line `line`.
    public init(transitions: [String], key: String, value: Double, line: Int, comment: String) {
        self.transitions = transitions; self.key = key; self.value = value; self.line = line; self.comment = comment
    }
}
