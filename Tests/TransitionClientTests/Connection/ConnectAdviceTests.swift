// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TransitionClient

/// Each failed connection's whole reason: what went wrong and what to do next.
@Suite struct ConnectAdviceTests {
    static let path = "/run/transitiond/transitiond.sock"

    static func socket(uid: UInt32 = 0, gid: UInt32, group: String?, joined: Bool = false) -> SocketPathFacts {
        SocketPathFacts(type: .socket, checkedPath: path, owner: .init(uid: uid, gid: gid, groupName: group), userJoinedSinceLogin: joined)
    }

    @Test func permissionNamesTheGroupAndTheCommandThatJoinsIt() {
        #expect(ConnectAdvice.reason(path: Self.path, error: EACCES, facts: Self.socket(gid: 998, group: "transitiond"))
                == "Permission denied: the socket belongs to the group transitiond, which you are not in; "
                + "join it with `sudo usermod -aG transitiond $USER`, then log out and in again")
    }

    @Test func aGroupJoinedSinceLoggingInSaysToLogInAgain() {
        #expect(ConnectAdvice.reason(path: Self.path, error: EACCES, facts: Self.socket(gid: 998, group: "transitiond", joined: true))
                == "Permission denied: you are in the group transitiond that the socket belongs to, but not yet in this session: "
                + "log out and in again (or run `newgrp transitiond`)")
    }

    @Test func aGroupTheModeShutsOutSaysWhatTheAdministratorChanges() {
        var facts = SocketPathFacts(type: .socket, checkedPath: Self.path,
                                    owner: .init(uid: 0, gid: 998, groupName: "transitiond", mode: 0o640), userInGroup: true)
        #expect(ConnectAdvice.reason(path: Self.path, error: EACCES, facts: facts)
                == "Permission denied: you are in the group transitiond that the socket belongs to, but its mode 0640 does not let the "
                + "group connect (that takes write permission); the administrator makes it 0660 (SocketMode= in transitiond.socket)")
        facts.userInGroup = false
        #expect(ConnectAdvice.reason(path: Self.path, error: EACCES, facts: facts).contains("which you are not in"))
    }

    @Test func aSocketForRootAloneSaysWhatTheAdministratorConfigures() {
        #expect(ConnectAdvice.reason(path: Self.path, error: EACCES, facts: Self.socket(gid: 0, group: "root"))
                == "Permission denied: the socket is reachable by root alone (root:root); the administrator gives it a group: "
                + "socket_group = \"transitiond\" in /etc/transitiond/config.toml, or SocketGroup= in transitiond.socket (docs/service.md)")
    }

    @Test func aDirectoryThatStopsTheUserIsNamed() {
        let facts = SocketPathFacts(type: .unknown, checkedPath: "/run/transitiond",
                                    owner: .init(uid: 0, gid: 998, groupName: "transitiond"))
        #expect(ConnectAdvice.reason(path: Self.path, error: EACCES, facts: facts)
                == "Permission denied: its directory /run/transitiond belongs to the group transitiond, which you are not in; "
                + "join it with `sudo usermod -aG transitiond $USER`, then log out and in again")
        #expect(ConnectAdvice.reason(path: Self.path, error: EACCES, facts: SocketPathFacts(type: .unknown, checkedPath: Self.path, owner: nil))
                == "Permission denied: you may not open it")
    }

    @Test func aDirectoryOrAFileIsNamedAsSuch() {
        #expect(ConnectAdvice.reason(path: "/run/transitiond", error: ECONNREFUSED,
                                     facts: SocketPathFacts(type: .directory, checkedPath: "/run/transitiond", owner: nil))
                == "/run/transitiond is a directory, not a socket; pass the socket in it (such as --socket /run/transitiond/transitiond.sock)")
        #expect(ConnectAdvice.reason(path: "/tmp/x", error: ECONNREFUSED,
                                     facts: SocketPathFacts(type: .other("a regular file"), checkedPath: "/tmp/x", owner: nil))
                == "/tmp/x is a regular file, not a socket; pass transitiond's socket (`transitionctl status` without --socket names it)")
    }

    @Test func aSocketNobodyListensOnSaysSo() {
        #expect(ConnectAdvice.reason(path: Self.path, error: ECONNREFUSED, facts: Self.socket(gid: 998, group: "transitiond"))
                == "Connection refused (nothing listens on it: transitiond stopped, or this is a leftover socket; "
                + "start it, or check `systemctl status transitiond`)")
        #expect(ConnectAdvice.reason(path: Self.path, error: ENOENT, facts: SocketPathFacts(type: .unknown, checkedPath: Self.path, owner: nil))
                == "No such file or directory")
    }

    /// Of several paths tried, the one that had a socket is the message; several that fail alike stay listed.
    @Test func theOnePathWithASocketIsTheMessage() {
        let refused = "Permission denied: the socket belongs to the group transitiond, which you are not in; "
            + "join it with `sudo usermod -aG transitiond $USER`, then log out and in again"
        #expect(ClientError.unreachable([("/run/user/1000/transitiond/transitiond.sock", "No such file or directory"),
                                         (Self.path, refused)]).description
                == "cannot connect to transitiond at \(Self.path): \(refused)")
        #expect(ClientError.unreachable([("/a", "No such file or directory"), ("/b", "No such file or directory")]).description
                == "cannot connect to transitiond (tried /a: No such file or directory; /b: No such file or directory); "
                + "is it running? Set $TRANSITIOND_SOCKET or pass --socket")
    }

    /// The facts are read from the file system: a directory, a file, a socket.
    @Test func factsComeFromThePath() throws {
        let directory = "/tmp/connect-advice-\(getpid())"
        #expect(mkdir(directory, 0o755) == 0)
        defer { _ = unlink("\(directory)/file"); _ = rmdir(directory) }
        #expect(SocketPathFacts.read(path: directory).type == .directory)
        let fd = open("\(directory)/file", O_CREAT | O_WRONLY, 0o644)
        close(fd)
        #expect(SocketPathFacts.read(path: "\(directory)/file").type == .other("a regular file"))
        #expect(SocketPathFacts.read(path: "\(directory)/none").type == .unknown)
    }
}
