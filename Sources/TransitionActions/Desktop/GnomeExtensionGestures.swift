// SPDX-License-Identifier: MIT
public import TransitionProtocol

/// transitiond's GNOME Shell extension as the daemon's transitions show it (docs/gnome.md): its
/// declared transitions, and the gestures GNOME Shell leaves to transitiond while it is
/// connected. Pure: `transitionctl doctor` and `transitionctl run` hand it the daemon's
/// transitions and a reader of process names (`/proc/PID/comm`).
public struct GnomeExtensionGestures: Sendable {
    /// The transitions the extension declares: the workspaces
    /// (gnome-shell-extension/core/workspaceGestures.js) and the overview (overviewGestures.js).
    public static let declaredNames: Set<String> = ["gnome-workspaces", "gnome-overview"]

    /// The extension's declared transitions the daemon lists: declared under the extension's
    /// names by GNOME Shell (or by a process whose name cannot be read).
    public let connected: [TransitionInfo]

    /// The extension's transitions among `transitions`; `processName` names a pid (`nil`:
    /// unknown).
    public init(transitions: [TransitionInfo], processName: (Int32) -> String?) {
        connected = transitions.filter { t in
            guard let declared = t.declared, Self.declaredNames.contains(t.name) else { return false }
            return processName(declared.pid).map { $0 == "gnome-shell" } ?? true
        }
    }

    /// Whether GNOME Shell leaves `conflict` to transitiond while the extension is connected:
    /// the extension turns off the TouchpadSwipeGesture of the tracker it drives, GNOME's whole
    /// recognition of touchpad swipes in that orientation (every finger count it takes: 3, or 3
    /// and more from 47; js/ui/swipeTracker.js), so a touchpad swipe in a direction of its
    /// declared transitions is transitiond's alone. The touchscreen's stays GNOME's.
    public func leavesToTransitiond(_ conflict: GestureConflict) -> Bool {
        guard conflict.gesture.source == "swipe", let direction = conflict.gesture.direction else { return false }
        let directions = connected.flatMap(\.gestures).filter { $0.source == "swipe" }.compactMap(\.direction)
        return directions.contains(direction)
    }
}

extension GestureConflicts {
    /// The conflicts that stand now, what `transitionctl doctor` reports and `transitionctl run`
    /// warns of: ``find(transitions:desktop:actions:includeUnused:)`` less a configured gesture
    /// a declared transition took (it drives the declared one, checked on its own) and, with
    /// `gnomeExtension` (on GNOME Shell; `nil` elsewhere), the gestures GNOME's recognition leaves
    /// to transitiond while its extension is connected.
    public static func standing(transitions: [TransitionInfo], desktop: DesktopGestureSet, actions: ActionsFile? = nil,
                                includeUnused: Bool = true, gnomeExtension: GnomeExtensionGestures?) -> [GestureConflict] {
        find(transitions: transitions, desktop: desktop, actions: actions, includeUnused: includeUnused).filter { conflict in
            if gnomeExtension?.leavesToTransitiond(conflict) == true { return false }
            let taken = transitions.first { $0.name == conflict.transition }?.taken ?? []
            return !taken.contains { $0.gesture == conflict.gesture.name }
        }
    }
}
