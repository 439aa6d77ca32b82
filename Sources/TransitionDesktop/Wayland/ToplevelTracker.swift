// SPDX-License-Identifier: MIT
import TransitionActions

/// Which toplevel is activated, from the events of wlr-foreign-toplevel-management: each
/// handle's `title`, `app_id` and `state` are double-buffered until its `done`, and the activated
/// toplevel is the one whose applied state holds `activated`. Pure: the focus source feeds it the
/// events of its Wayland connection, the tests feed it by hand.
struct ToplevelTracker {
    /// The value of `activated` in the protocol's `state` enum
    /// (protocols/wlr-foreign-toplevel-management-unstable-v1.xml).
    static let activated: UInt32 = 2

    private struct Fields: Equatable {
        var appID: String?
        var title: String?
        var activated = false
    }

    private struct Toplevel {
        var pending = Fields()
        var applied = Fields()
        /// When `applied.activated` last became true (a counter), so that the newest wins where
        /// several are activated (one per seat).
        var activatedAt = 0
    }

    private var toplevels: [UInt: Toplevel] = [:]
    private var activations = 0

    /// A new handle (`zwlr_foreign_toplevel_manager_v1.toplevel`).
    mutating func created(_ id: UInt) { toplevels[id] = Toplevel() }

    /// `title` (applied at the next `done`).
    mutating func title(_ id: UInt, _ title: String) { toplevels[id]?.pending.title = title }

    /// `app_id` (applied at the next `done`).
    mutating func appID(_ id: UInt, _ appID: String) { toplevels[id]?.pending.appID = appID }

    /// `state`: the values of the `state` enum that hold (applied at the next `done`).
    mutating func state(_ id: UInt, _ states: [UInt32]) {
        toplevels[id]?.pending.activated = states.contains(Self.activated)
    }

    /// `done`: applies what came since the last one.
    /// - Returns: true when the focused application changed.
    mutating func done(_ id: UInt) -> Bool {
        guard var toplevel = toplevels[id] else { return false }
        let before = focused
        if toplevel.pending.activated && !toplevel.applied.activated {
            activations += 1
            toplevel.activatedAt = activations
        }
        toplevel.applied = toplevel.pending
        toplevels[id] = toplevel
        return focused != before
    }

    /// `closed`: the toplevel is gone.
    /// - Returns: true when the focused application changed.
    mutating func closed(_ id: UInt) -> Bool {
        let before = focused
        toplevels[id] = nil
        return focused != before
    }

    /// The newest activated toplevel that has an app id; nil when none is activated.
    var focused: FocusedApplication? {
        let active = toplevels.values.filter { $0.applied.activated && $0.applied.appID != nil }
        guard let newest = active.max(by: { $0.activatedAt < $1.activatedAt }), let appID = newest.applied.appID else { return nil }
        return FocusedApplication(appID: appID, title: newest.applied.title)
    }
}
