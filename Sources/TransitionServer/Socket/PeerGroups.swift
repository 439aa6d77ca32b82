// SPDX-License-Identifier: MIT
import CLinux
import Glibc

/// The groups of a connected peer: its primary gid (SO_PEERCRED) and its supplementary groups
/// (SO_PEERGROUPS), as they were when it connected.
public enum PeerGroups {
    /// The peer's supplementary gids; `nil` if the kernel will not say.
    public static func supplementary(socket fd: Int32) -> [UInt32]? {
        var gids = [UInt32](repeating: 0, count: 256)
        var n = gids.withUnsafeMutableBufferPointer { clinux_peer_groups(fd, $0.baseAddress, Int32($0.count)) }
        if n < 0 && clinux_errno() == ERANGE {
            gids = [UInt32](repeating: 0, count: 65536)
            n = gids.withUnsafeMutableBufferPointer { clinux_peer_groups(fd, $0.baseAddress, Int32($0.count)) }
        }
        guard n >= 0 else { return nil }
        return Array(gids.prefix(Int(n)))
    }
}
