// SPDX-License-Identifier: MIT
import CLinux
import CSystemd
import Glibc
import TransitionIO

/// Sockets handed over by systemd socket activation (`sd_listen_fds(3)`).
///
/// With `transitiond.socket`, systemd binds `/run/transitiond/socket` itself and passes the
/// listening socket to the daemon as file descriptor 3 (`SD_LISTEN_FDS_START`), announced by
/// `$LISTEN_FDS` and `$LISTEN_PID`. `systemd-socket-activate -l PATH transitiond` does the same by
/// hand. Without either, ``listeningFDs()`` is empty and the daemon binds its own socket.
public enum SocketActivation {
    /// An inherited descriptor that is not what the daemon can serve.
    public struct Rejected: Sendable, Hashable, CustomStringConvertible {
        /// The descriptor number.
        public var fd: Int32
        /// Why it was refused.
        public var reason: String
        /// `fd 4: not a listening AF_UNIX stream socket`.
        public var description: String { "fd \(fd): \(reason)" }
    }

    /// The descriptors passed for this process that are listening `AF_UNIX` `SOCK_STREAM` sockets.
    ///
    /// Calls `sd_listen_fds(1)`, which also unsets `$LISTEN_FDS`, `$LISTEN_PID` and
    /// `$LISTEN_FDNAMES` so no child inherits them, and marks the descriptors close-on-exec.
    /// Descriptors that are something else are left out; use ``inspect()`` to log them.
    public static func listeningFDs() -> [Int32] {
        inspect().accepted
    }

    /// Like ``listeningFDs()``, but also returns the passed descriptors that were refused, with
    /// the reason, so the daemon can log them (and close them) rather than ignore them silently.
    /// The environment is read once per process: a second call finds nothing.
    public static func inspect() -> (accepted: [Int32], rejected: [Rejected]) {
        let named = inspectNamed()
        return (named.accepted.map(\.fd), named.rejected)
    }

    /// Like ``inspect()``, with each accepted descriptor's name (`FileDescriptorName=`, by
    /// default the socket unit's name): a service activated by several socket units tells their
    /// descriptors apart by it.
    public static func inspectNamed() -> (accepted: [(fd: Int32, name: String)], rejected: [Rejected]) {
        var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = sd_listen_fds_with_names(1, &names)
        guard count > 0 else { return ([], []) }
        defer {
            if let names {
                for i in 0..<Int(count) { free(names[i]) }
                free(names)
            }
        }
        var accepted: [(fd: Int32, name: String)] = []
        var rejected: [Rejected] = []
        for fd in SD_LISTEN_FDS_START..<(SD_LISTEN_FDS_START + count) {
            // type SOCK_STREAM, listening = 1, any path (also abstract and unnamed).
            let result = sd_is_socket_unix(fd, Int32(SOCK_STREAM.rawValue), 1, nil, 0)
            if result > 0 {
                let name = names.flatMap { $0[Int(fd - SD_LISTEN_FDS_START)] }.map { String(cString: $0) } ?? ""
                accepted.append((fd, name))
            } else if result < 0 {
                rejected.append(Rejected(fd: fd, reason: String(cString: strerror(-result))))
            } else {
                rejected.append(Rejected(fd: fd, reason: "not a listening AF_UNIX stream socket"))
            }
        }
        return (accepted, rejected)
    }
}
