// SPDX-License-Identifier: MIT
import CLinux
import Glibc

/// Connecting to transitiond's Unix socket: the one place every client here (``LineConnection``,
/// `transitionctl run`'s loop) makes its socket.
public enum UnixSocket {
    /// A connected, blocking, close-on-exec `SOCK_STREAM` socket to `path`; the caller owns it.
    /// Throws ``ClientError/pathTooLong(_:)`` for a path `sockaddr_un` cannot hold,
    /// ``ClientError/unreachable(_:)`` when nothing accepts there, ``ClientError/io(_:)`` when no
    /// socket can be made.
    public static func connect(path: String) throws(ClientError) -> Int32 {
        let bytes = Array(path.utf8)
        var address = sockaddr_un()
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw .pathTooLong(path) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .io("socket: \(String(cString: strerror(clinux_errno())))") }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1))
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(clinux_errno()))
            Glibc.close(fd)
            throw .unreachable([(path, reason)])
        }
        return fd
    }
}
