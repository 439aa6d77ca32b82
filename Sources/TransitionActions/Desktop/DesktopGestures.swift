// SPDX-License-Identifier: MIT

/// A gesture a desktop acts on by itself, read from the desktop's source (``citation``): the
/// desktop sees every gesture libinput reports, as transitiond does, so a transition bound to
/// the same gesture makes both act.
public struct DesktopGesture: Sendable, Hashable {
    /// The gesture sources it takes, as ``TransitionProtocol/GestureInfo/source`` names them
    /// (`swipe` a touchpad swipe, `touch` a touchscreen pan, `tap`, `padtap`…).
    public var sources: Set<String>
    /// The finger counts it takes.
    public var fingers: ClosedRange<Int>
    /// The directions it takes (`left`, `right`, `up`, `down`); `nil` for every direction.
    public var directions: Set<String>?
    /// What the desktop does with it ("switches workspaces").
    public var action: String
    /// When it acts: versions, and the setting it needs if it is not on by default.
    public var when: String
    /// Whether the desktop acts on it as installed; `false` when a setting or a config line of
    /// the user's must turn it on first.
    public var byDefault: Bool
    /// How to keep both from acting: other fingers, or where the desktop turns it off. `{keys}`
    /// stands for the ``settingKey`` of each bound gesture it takes.
    public var wayOut: String
    /// The desktop's setting for one such gesture, `{direction}` and `{fingers}` standing for
    /// the bound gesture's (Cinnamon's `swipe-{direction}-{fingers}`); `nil` when there is none.
    public var settingKey: String?
    /// Where the desktop's source says so: repository, file, version.
    public var citation: String

    public init(sources: Set<String>, fingers: ClosedRange<Int>, directions: Set<String>? = nil, action: String,
                when: String, byDefault: Bool = true, wayOut: String, settingKey: String? = nil, citation: String) {
        self.sources = sources; self.fingers = fingers; self.directions = directions; self.action = action
        self.when = when; self.byDefault = byDefault; self.wayOut = wayOut; self.settingKey = settingKey
        self.citation = citation
    }

    /// Whether a gesture of `source` with `fingers` in `direction` (`nil` for taps and holds) is one
    /// the desktop takes.
    public func takes(source: String, fingers: Int, direction: String?) -> Bool {
        guard sources.contains(source), self.fingers.contains(fingers) else { return false }
        guard let directions else { return true }
        return direction.map(directions.contains) ?? false
    }
}

/// One desktop's own gestures.
public struct DesktopGestureSet: Sendable, Hashable {
    /// The desktop's name as its users know it ("GNOME Shell", "KDE Plasma").
    public var desktop: String
    /// The `XDG_CURRENT_DESKTOP` entries (or `DESKTOP_SESSION` values) that name it, compared
    /// without case.
    public var names: [String]
    /// Its gestures, the most specific first.
    public var gestures: [DesktopGesture]

    public init(desktop: String, names: [String], gestures: [DesktopGesture]) {
        self.desktop = desktop; self.names = names; self.gestures = gestures
    }
}

extension DesktopGestureSet {
    /// Desktops that share a name with one of ``all`` in `XDG_CURRENT_DESKTOP` but run another
    /// shell or window manager ("Budgie:GNOME", "GNOME-Flashback:GNOME", "Unity:Unity7:ubuntu"):
    /// the first of these in the list means the gestures of ``all`` do not apply.
    public static let otherShells: Set<String> = ["budgie", "gnome-flashback", "unity", "pantheon"]

    /// The desktop the session runs, from its `XDG_CURRENT_DESKTOP` entries in order (or, when
    /// that is empty, `DESKTOP_SESSION`): the first entry that names a desktop of ``all``, unless an
    /// entry of ``otherShells`` comes first. `nil` for a desktop transitiond has no facts about.
    public static func running(desktops: [String], session: String? = nil) -> DesktopGestureSet? {
        let entries = desktops.isEmpty ? (session.map { [$0] } ?? []) : desktops
        for entry in entries.map({ $0.lowercased() }) {
            if otherShells.contains(entry) { return nil }
            if let set = all.first(where: { $0.names.contains { $0.lowercased() == entry } }) { return set }
        }
        return nil
    }
}
