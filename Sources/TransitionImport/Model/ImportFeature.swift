// SPDX-License-Identifier: MIT
/// transitiond features an imported entry may need that are not built yet: the importer writes
/// such an entry commented out, naming what it waits for, so that it can be switched on later.
public enum ImportFeature: String, Sendable, Hashable, CaseIterable {
    /// `app`, `apps`, `not_apps` on an action: issue 25, item 2.
    case perApplication
    /// `keys = "super+Right"` on an action, on every desktop: issue 25, item 3.
    case keys
    /// The user's own settings in `~/.config/transitiond/config.toml`: issue 25, item 4.
    case userSettings

    /// What the feature is, for reports: `per-application actions (app = …)`.
    public var summary: String {
        switch self {
        case .perApplication: "per-application actions, app/apps/not_apps (issue 25)"
        case .keys: "keys on every desktop, keys = \"…\" (issue 25)"
        case .userSettings: "user settings in ~/.config/transitiond/config.toml"
        }
    }

    /// Whether transitiond has it: per-application actions and keys are built (issue 25); an
    /// entry that needs a feature not built yet is written commented out, naming it.
    public var isAvailable: Bool {
        switch self {
        case .perApplication, .keys: true
        case .userSettings: false
        }
    }
}
