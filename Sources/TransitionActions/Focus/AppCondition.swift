// SPDX-License-Identifier: MIT

/// What the runner knows of the keyboard focus when a gesture begins.
public enum AppFocus: Sendable, Equatable {
    /// No focus source (GNOME on Wayland without transitiond's extension, no desktop, a lost connection not yet back).
    case unknown
    /// Known: this application, or nil when no window has focus.
    case known(FocusedApplication?)
}

/// `app`, `apps` or `not_apps` on an action: the applications it runs in, or those it does not.
/// A name matches the focused window's app id (Wayland) or X11 `WM_CLASS` class, or its
/// instance, ignoring case ("firefox" matches the class "Firefox" and the instance "Navigator"
/// does not). An action with a condition never runs while focus is unknown.
public struct AppCondition: Sendable, Hashable, CustomStringConvertible {
    /// The names, as written.
    public var names: [String]
    /// `not_apps`: the action runs in every application but these (and with no window focused).
    public var excluded: Bool

    /// A condition on `names`.
    public init(names: [String], excluded: Bool) {
        self.names = names
        self.excluded = excluded
    }

    /// Whether an action with this condition runs with `focus`.
    public func matches(_ focus: AppFocus) -> Bool {
        guard case .known(let focused) = focus else { return false }
        guard let focused else { return excluded }
        let candidates = [focused.appID, focused.instance].compactMap { $0?.lowercased() }
        let named = names.contains { candidates.contains($0.lowercased()) }
        return named != excluded
    }

    public var description: String {
        (excluded ? "not_apps = " : "apps = ") + "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }
}
