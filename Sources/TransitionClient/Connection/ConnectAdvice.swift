// SPDX-License-Identifier: MIT
import Glibc

/// Why connecting to a socket path failed, in words that say what to do next: the one place
/// every client here (`transitionctl`'s commands, its runner, ``TransitionClient``) gets them,
/// through ``UnixSocket``. Pure: the facts about the path are gathered by ``SocketPathFacts``.
public enum ConnectAdvice {
    /// The reason for `connect(2)`'s `error` on `path`, given what is there.
    ///
    /// - `EACCES`: the group that may connect and the command that joins it; a socket only root
    ///   may use says what the administrator configures; a group the user was added to since
    ///   logging in says to log in again.
    /// - A directory or a file that is not a socket (`ECONNREFUSED` from the kernel) is named as such.
    /// - Otherwise the system's text for `error`.
    public static func reason(path: String, error: Int32, facts: SocketPathFacts) -> String {
        let text = String(cString: strerror(error))
        switch (error, facts.type) {
        case (_, .directory):
            return "\(path) is a directory, not a socket; pass the socket in it (such as --socket \(path.hasSuffix("/") ? path : path + "/")transitiond.sock)"
        case (_, .other(let kind)):
            return "\(path) is \(kind), not a socket; pass transitiond's socket (`transitionctl status` without --socket names it)"
        case (EACCES, _):
            return text + ": " + access(facts)
        case (ECONNREFUSED, .socket):
            return text + " (nothing listens on it: transitiond stopped, or this is a leftover socket; start it, or check `systemctl status transitiond`)"
        default:
            return text
        }
    }

    private static func access(_ facts: SocketPathFacts) -> String {
        let what = facts.type == .socket ? "the socket" : "its directory \(facts.checkedPath)"
        guard let owner = facts.owner else { return "you may not open it" }
        if owner.gid == 0 && owner.uid == 0 {
            return "\(what) is reachable by root alone (root:root); the administrator gives it a group: "
                + "socket_group = \"transitiond\" in /etc/transitiond/config.toml, or SocketGroup= in transitiond.socket (docs/service.md)"
        }
        let group = owner.groupName ?? "\(owner.gid)"
        if facts.userInGroup, let mode = owner.mode, facts.type == .socket {
            let octal = "0" + String(mode & 0o777, radix: 8)
            return "you are in the group \(group) that the socket belongs to, but its mode \(octal) does not let the group connect "
                + "(that takes write permission); the administrator makes it 0660 (SocketMode= in transitiond.socket)"
        }
        if facts.userJoinedSinceLogin {
            return "you are in the group \(group) that \(what) belongs to, but not yet in this session: log out and in again (or run `newgrp \(group)`)"
        }
        return "\(what) belongs to the group \(group), which you are not in; join it with `sudo usermod -aG \(group) $USER`, then log out and in again"
    }
}

/// What is at a socket path, as far as the user can see: for ``ConnectAdvice``.
public struct SocketPathFacts: Sendable, Hashable {
    /// The kind of file at the path.
    public enum FileType: Sendable, Hashable {
        case socket
        case directory
        /// Something else, in words: `a regular file`.
        case other(String)
        /// Nothing, or nothing the user may look at.
        case unknown
    }

    /// Who owns the path, or the nearest directory above it the user may look at.
    public struct Owner: Sendable, Hashable {
        public var uid: UInt32
        public var gid: UInt32
        public var groupName: String?
        /// The permission bits (`0o660`), when known.
        public var mode: UInt32?
        public init(uid: UInt32, gid: UInt32, groupName: String?, mode: UInt32? = nil) {
            self.uid = uid; self.gid = gid; self.groupName = groupName; self.mode = mode
        }
    }

    public var type: FileType
    /// The path `owner` is of: the socket's, or the directory that stopped the user.
    public var checkedPath: String
    public var owner: Owner?
    /// Whether the user is a member of `owner`'s group in the group database but not in this
    /// process's groups (added since logging in).
    public var userJoinedSinceLogin: Bool
    /// Whether this process is in `owner`'s group already.
    public var userInGroup: Bool

    public init(type: FileType, checkedPath: String, owner: Owner?, userJoinedSinceLogin: Bool = false, userInGroup: Bool = false) {
        self.type = type; self.checkedPath = checkedPath; self.owner = owner
        self.userJoinedSinceLogin = userJoinedSinceLogin; self.userInGroup = userInGroup
    }
}
