// SPDX-License-Identifier: MIT
/// Who may connect to the daemon's socket, judged from its owner and mode: a socket only root
/// can reach (a root daemon with no `socket_group` binds it `root:root` 0660) serves nobody's
/// session, so the daemon warns and says what to configure. Pure.
struct SocketAudience: Sendable, Hashable {
    var uid: UInt32
    var gid: UInt32
    /// The permission bits (`0o660`).
    var mode: UInt32
    /// Whether systemd made the socket (socket activation): its unit's `SocketGroup=` decides.
    var activated: Bool

    /// The warning for a socket at `path` only root can reach; `nil` for any other.
    func warning(path: String) -> String? {
        // Connecting takes write permission on the socket.
        guard uid == 0, gid == 0, mode & 0o002 == 0 else { return nil }
        let mode = String(self.mode & 0o777, radix: 8)
        let fix = activated
            ? "set SocketGroup=transitiond in transitiond.socket (a drop-in: `systemctl edit transitiond.socket`)"
            : "set socket_group = \"transitiond\" in /etc/transitiond/config.toml (under systemd, the socket unit's SocketGroup= decides)"
        return "the socket \(path) is reachable by root alone (root:root 0\(mode)): no user's client can connect; "
            + "\(fix), and add the users to that group (`sudo usermod -aG transitiond USER`; docs/service.md)"
    }
}
