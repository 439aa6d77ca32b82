// SPDX-License-Identifier: MIT
public import TransitionProtocol

/// A gesture bound to a transition that the running desktop acts on too.
public struct GestureConflict: Sendable, Hashable {
    /// The transition it drives.
    public var transition: String
    /// The bound gesture.
    public var gesture: GestureInfo
    /// The desktop ("GNOME Shell").
    public var desktop: String
    /// What the desktop does with it, and when.
    public var desktopGesture: DesktopGesture
    /// Whether an action of the actions file runs on the transition (`nil`: no actions file was
    /// looked at).
    public var usedByActions: Bool?

    public init(transition: String, gesture: GestureInfo, desktop: String, desktopGesture: DesktopGesture,
                usedByActions: Bool? = nil) {
        self.transition = transition; self.gesture = gesture; self.desktop = desktop
        self.desktopGesture = desktopGesture; self.usedByActions = usedByActions
    }

    /// The bound gesture as a person reads it: its name, and the transition's when that differs.
    public var label: String {
        gesture.name == transition ? gesture.name : "\(gesture.name) (transition \"\(transition)\")"
    }

    /// The desktop's setting for this gesture (``DesktopGesture/settingKey`` filled in).
    public var settingKey: String? {
        desktopGesture.settingKey.map {
            $0.replacing("{fingers}", with: String(gesture.fingers)).replacing("{direction}", with: gesture.direction ?? "")
        }
    }
}

/// Bound gestures one gesture of the desktop takes: reported together, with one way out.
public struct GestureConflictGroup: Sendable, Hashable {
    /// The desktop ("GNOME Shell").
    public var desktop: String
    /// What it does with them.
    public var desktopGesture: DesktopGesture
    /// The bound gestures, in the daemon's order.
    public var conflicts: [GestureConflict]

    /// The way out, with the gestures' setting keys filled in.
    public var wayOut: String {
        var keys: [String] = []
        for key in conflicts.compactMap(\.settingKey) where !keys.contains(key) { keys.append(key) }
        return desktopGesture.wayOut.replacing("{keys}", with: keys.joined(separator: ", "))
    }

    /// `swipe3-left, swipe3-right: GNOME Shell also switches workspaces (GNOME 40 and later).
    /// Way out: …`.
    public var description: String {
        let d = desktopGesture
        return conflicts.map(\.label).joined(separator: ", ") + ": \(desktop) also \(d.action) (\(d.when)). "
            + "Way out: \(wayOut)."
    }
}

/// Finds the bound gestures the running desktop acts on too.
public enum GestureConflicts {
    /// For each gesture bound to `transitions`, the first gesture of `desktop` that takes it.
    /// With `actions`, a transition no action selects is left out unless `includeUnused`, and
    /// each conflict says whether actions use it.
    public static func find(transitions: [TransitionInfo], desktop: DesktopGestureSet, actions: ActionsFile? = nil,
                            includeUnused: Bool = true) -> [GestureConflict] {
        var found: [GestureConflict] = []
        for transition in transitions {
            let used = actions.map { file in file.actions.contains { $0.transitions.matches(transition.name) } }
            if used == false && !includeUnused { continue }
            for gesture in transition.gestures {
                guard let taken = desktop.gestures.first(where: {
                    $0.takes(source: gesture.source, fingers: gesture.fingers, direction: gesture.direction)
                }) else { continue }
                found.append(GestureConflict(transition: transition.name, gesture: gesture, desktop: desktop.desktop,
                                             desktopGesture: taken, usedByActions: used))
            }
        }
        return found
    }

    /// `conflicts` grouped by the desktop's gesture that takes them, in order of first appearance.
    public static func grouped(_ conflicts: [GestureConflict]) -> [GestureConflictGroup] {
        var groups: [GestureConflictGroup] = []
        for conflict in conflicts {
            if let i = groups.firstIndex(where: { $0.desktopGesture == conflict.desktopGesture && $0.desktop == conflict.desktop }) {
                groups[i].conflicts.append(conflict)
            } else {
                groups.append(GestureConflictGroup(desktop: conflict.desktop, desktopGesture: conflict.desktopGesture,
                                                   conflicts: [conflict]))
            }
        }
        return groups
    }

    /// The runner's log lines for `conflicts`: one per desktop gesture, or nothing.
    public static func logLines(_ conflicts: [GestureConflict]) -> [String] {
        grouped(conflicts).map { "the desktop acts on these bound gestures too: \($0.description)" }
    }
}
