// SPDX-License-Identifier: MIT
import Glibc
/// Who may connect to a socket that has no file permissions of its own (the abstract
/// `@touchegg`): the same people as to the native socket, whose file decides (its owner and
/// group, or everyone when its mode lets others in), plus root, and in active-session mode the
/// user of the seat's active session. Pure: the server asks it about each new peer.
public struct PeerAccessRule: Sendable, Hashable {
    /// The native socket's owner.
    public var ownerUID: UInt32?
    /// The native socket's group.
    public var groupID: UInt32?
    /// The native socket's mode lets anyone connect.
    public var everyone: Bool

    /// A rule with these parts.
    public init(ownerUID: UInt32?, groupID: UInt32?, everyone: Bool = false) {
        self.ownerUID = ownerUID; self.groupID = groupID; self.everyone = everyone
    }

    /// Whether a peer of `uid`, in groups `gids` (primary and supplementary), may connect;
    /// `activeSessionUID` is the active session's user in active-session mode, else `nil`.
    public func admits(uid: UInt32, gids: [UInt32], activeSessionUID: UInt32?) -> Bool {
        if everyone || uid == 0 || uid == ownerUID || uid == activeSessionUID { return true }
        guard let groupID else { return false }
        return gids.contains(groupID)
    }

    /// `owner uid 0, group 990`, for the log.
    public var description: String {
        if everyone { return "everyone" }
        var parts: [String] = ["root"]
        if let ownerUID, ownerUID != 0 { parts.append("uid \(ownerUID)") }
        if let groupID { parts.append("group \(groupID)") }
        return parts.joined(separator: ", ")
    }
}

extension PeerAccessRule {
    /// The rule of the socket file at `path`: its owner, its group, and whether its mode lets
    /// others connect. Only root when the file cannot be read.
    public init(socketAt path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            self.init(ownerUID: nil, groupID: nil)
            return
        }
        self.init(ownerUID: st.st_uid, groupID: st.st_gid, everyone: st.st_mode & 0o002 != 0)
    }
}
