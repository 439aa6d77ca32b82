// SPDX-License-Identifier: MIT
/// transitiond features an imported entry may need that are not built yet: the importer writes
/// such an entry commented out, naming what it waits for, so that it can be switched on later.
public enum ImportFeature: String, Sendable, Hashable, CaseIterable {
    /// Touchpad holds, taps and rotations, touchscreen holds and rotations (`hold3`, `padtap3`,
    /// `rotate2-cw`, …): issue 24.
    case holdsTapsRotations
    /// `app`, `apps`, `not_apps` on an action: issue 25, item 2.
    case perApplication
    /// `keys = "super+Right"` on an action, on every desktop: issue 25, item 3.
    case keys
    /// The user's own settings in `~/.config/transitiond/config.toml`: issue 25, item 4.
    case userSettings

    /// What the feature is, for reports: `per-application actions (app = …)`.
    public var summary: String {
        switch self {
        case .holdsTapsRotations: "transitiond's holds, touchpad taps and rotations (issue 24)"
        case .perApplication: "per-application actions, app/apps/not_apps (issue 25)"
        case .keys: "keys on every desktop, keys = \"…\" (issue 25)"
        case .userSettings: "user settings in ~/.config/transitiond/config.toml (issue 25)"
        }
    }

    /// Whether transitiond has it: the one switch an integrator flips when the feature is merged.
    /// Holds, taps and rotations are built on other branches (issue 24), so imported holds,
    /// touchpad taps and rotations are written commented out until this says `true`.
    public var isAvailable: Bool {
        switch self {
        case .holdsTapsRotations: Self.holdsTapsRotationsMerged
        case .perApplication, .keys, .userSettings: false
        }
    }

    /// Flip to `true` when issue 24's gestures (`hold<N>`, `touchhold<N>`, `padtap<N>`,
    /// `rotate<N>-cw|ccw`, `touchrotate<N>-cw|ccw`) are merged.
    public static let holdsTapsRotationsMerged = false

    /// The feature a transition name needs, if any: `hold3`, `padtap4`, `rotate2-cw`… need
    /// issue 24's gestures (touchscreen taps, `tap3`, exist already).
    public static func needed(by transition: String) -> ImportFeature? {
        for prefix in ["touchhold", "hold", "padtap", "touchrotate", "rotate"] where transition.hasPrefix(prefix) {
            if let next = transition.dropFirst(prefix.count).first, next.isNumber { return .holdsTapsRotations }
        }
        return nil
    }
}
