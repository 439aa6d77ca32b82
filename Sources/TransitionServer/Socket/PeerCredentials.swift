// SPDX-License-Identifier: MIT
import CLinux
import Glibc

/// The credentials of the process at the other end of a Unix socket, read with SO_PEERCRED
/// when it connected.
public struct PeerCredentials: Sendable, Hashable, CustomStringConvertible {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32

    public init(pid: Int32, uid: UInt32, gid: UInt32) { self.pid = pid; self.uid = uid; self.gid = gid }

    /// Reads SO_PEERCRED of a connected socket; `nil` if the kernel will not say.
    public init?(socket fd: Int32) {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
        guard clinux_peer_credentials(fd, &pid, &uid, &gid) == 0 else { return nil }
        self.init(pid: pid, uid: uid, gid: gid)
    }

    public var description: String { "pid \(pid) uid \(uid) gid \(gid)" }
}
