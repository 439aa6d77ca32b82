// SPDX-License-Identifier: MIT
import CSystemd
import Glibc

/// Which logind session a key service peer's process is in: `sd_pid_get_session(3)` of the pid
/// SO_PEERCRED gave, read once when the connection is accepted (the process that connected is
/// then still there: a pid read later could have been recycled). It reads `/proc/PID/cgroup`,
/// which is why the service's unit keeps `ProtectProc=default` (docs/service.md).
enum KeyServicePeerCheck {
    /// A peer's session, or why it has none.
    enum PeerSession: Equatable, Sendable {
        case session(String)
        /// In no session (a cron job, a user or system service), with logind's words.
        case none(String)
    }

    /// The session of process `pid`.
    static func session(of pid: Int32) -> PeerSession {
        var id: UnsafeMutablePointer<CChar>?
        let r = sd_pid_get_session(pid, &id)
        guard r >= 0, let id else {
            if r == -ENODATA || r == -ENXIO { return .none("pid \(pid) belongs to no session") }
            return .none("pid \(pid): \(String(cString: strerror(-r)))")
        }
        defer { free(id) }
        return .session(String(cString: id))
    }
}
