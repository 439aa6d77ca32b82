// SPDX-License-Identifier: MIT
import CLinux
import Glibc

/// Writing a whole buffer to a descriptor: the one loop for it, retrying short writes and
/// `EINTR`.
public enum WriteAll {
    /// How the bytes go out.
    public enum Mode: Sendable {
        /// `write(2)`: files, pipes, terminals.
        case file
        /// `send(2)` with `MSG_NOSIGNAL`: a socket whose peer went away gives `EPIPE`, never SIGPIPE.
        case socket
        /// Like ``socket``, on a non-blocking socket: a full buffer (`EAGAIN`) waits in `poll(2)`
        /// (a second at most each time) until the socket takes more.
        case socketWaitingWhenFull
    }

    /// Writes every byte of `bytes` to `fd`. Returns `nil` when all were written, else the
    /// `errno` of the write that failed (bytes before it were written).
    @discardableResult
    public static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, mode: Mode = .file) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let n = switch mode {
            case .file: Glibc.write(fd, base + offset, bytes.count - offset)
            case .socket, .socketWaitingWhenFull: Glibc.send(fd, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n >= 0 { offset += n; continue }
            let error = clinux_errno()
            if error == EINTR { continue }
            if error == EAGAIN, case .socketWaitingWhenFull = mode {
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 1000)
                continue
            }
            return error
        }
        return nil
    }

    /// Writes every byte of `bytes` to `fd`; see ``write(_:_:mode:)-(_,UnsafeRawBufferPointer,_)``.
    @discardableResult
    public static func write(_ fd: Int32, _ bytes: [UInt8], mode: Mode = .file) -> Int32? {
        bytes.withUnsafeBytes { write(fd, $0, mode: mode) }
    }

    /// Writes `text` as UTF-8 to `fd`; see ``write(_:_:mode:)-(_,UnsafeRawBufferPointer,_)``.
    @discardableResult
    public static func write(_ fd: Int32, _ text: String, mode: Mode = .file) -> Int32? {
        var text = text
        return text.withUTF8 { write(fd, UnsafeRawBufferPointer($0), mode: mode) }
    }
}
