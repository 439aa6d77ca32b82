// SPDX-License-Identifier: MIT
import CLinux
import Glibc

/// Connecting to transitiond's Unix socket: the one place every client here (``LineConnection``,
/// `transitionctl run`'s loop) makes its socket.
public enum UnixSocket {
    /// A connected, blocking, close-on-exec `SOCK_STREAM` socket to `path`; the caller owns it.
    /// Throws ``ClientError/pathTooLong(_:)`` for a path `sockaddr_un` cannot hold,
    /// ``ClientError/unreachable(_:)`` when nothing accepts there (with ``ConnectAdvice``'s reason:
    /// the group to join, a directory named as such), ``ClientError/io(_:)`` when no socket can be made.
    public static func connect(path: String) throws(ClientError) -> Int32 {
        guard UnixAddress.fits(path) else { throw .pathTooLong(path) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .io("socket: \(String(cString: strerror(clinux_errno())))") }
        guard UnixAddress.with(path, { Glibc.connect(fd, $0, $1) }) == 0 else {
            let error = clinux_errno()
            Glibc.close(fd)
            let reason = ConnectAdvice.reason(path: path, error: error, facts: SocketPathFacts.read(path: path))
            throw .unreachable([(path, reason)])
        }
        return fd
    }
}
