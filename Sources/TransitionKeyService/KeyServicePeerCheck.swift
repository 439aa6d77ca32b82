// SPDX-License-Identifier: MIT
import CSystemd
import Glibc
import TransitionLog

/// Which logind session a key service peer's process is in: `sd_pid_get_session(3)` of the pid
/// SO_PEERCRED gave, read once when the connection is accepted (the process that connected is
/// then still there: a pid read later could have been recycled). It reads `/proc/PID/cgroup`,
/// which is why the service's unit keeps `ProtectProc=default` (docs/service.md).
enum KeyServicePeerCheck {
    /// A peer's session, or why it has none.
    enum PeerSession: Equatable, Sendable {
        case session(String)
        /// In no session, but in the systemd manager of user `owner` (`user@UID.service`), unit
        /// `unit`: where GNOME and KDE Plasma, started by systemd, run every application (a
        /// terminal, the autostart, `transitiond-actions.service`). polkit counts such a process
        /// as in its user's display session (`sd_uid_get_display`), and so does the key service.
        /// Any process of that user can have the manager start one (`systemd-run --user`): what
        /// that lets through is in docs/service.md, "The peer rule and its limits".
        case userManager(owner: UInt32, unit: String)
        /// In no session and no user's manager (a cron job, a system service run as the user),
        /// with logind's words.
        case none(String)
    }

    /// The session of process `pid`, or the user manager it runs in.
    static func session(of pid: Int32) -> PeerSession {
        var id: UnsafeMutablePointer<CChar>?
        let r = sd_pid_get_session(pid, &id)
        guard r >= 0, let id else {
            guard r == -ENODATA || r == -ENXIO else { return .none("pid \(pid): \(String(cString: strerror(-r)))") }
            return userManager(of: pid) ?? .none("pid \(pid) belongs to no session")
        }
        defer { free(id) }
        return .session(String(cString: id))
    }

    /// The user manager `pid` runs in, when it runs in one: its unit (`sd_pid_get_user_unit`,
    /// which succeeds only inside a `user@UID.service`) and that manager's user
    /// (`sd_pid_get_owner_uid`).
    private static func userManager(of pid: Int32) -> PeerSession? {
        var unit: UnsafeMutablePointer<CChar>?
        guard sd_pid_get_user_unit(pid, &unit) >= 0, let unit else { return nil }
        defer { free(unit) }
        var owner = uid_t()
        guard sd_pid_get_owner_uid(pid, &owner) >= 0 else { return nil }
        return .userManager(owner: owner, unit: String(cString: unit))
    }
}

extension KeyServicePeerCheck.PeerSession {
    /// How the journal names it: the session's id; `none (UNIT)` for a process of a user's
    /// manager (its unit, as `sd_pid_get_user_unit` decoded it from the peer's cgroup: a valid
    /// unit name, escaped all the same, since the user names the unit); `none` for the rest.
    var journalName: String {
        switch self {
        case .session(let id): id
        case .userManager(_, let unit): "none (\(escaped: unit))"
        case .none: "none"
        }
    }
}
