// SPDX-License-Identifier: MIT
import CLinux
import Glibc
public import TransitionProtocol

/// A blocking connection to transitiond: requests out, JSON lines in. For tools and for the
/// reader thread of ``TransitionClient``.
///
/// Not thread-safe except for ``shutdown()``, which another thread may call to wake a
/// blocked ``receiveLine()``.
public final class LineConnection {
    /// The socket path connected to.
    public let path: String
    /// The socket (for ``TransitionClient``'s writer, which sends under its own lock).
    let fd: Int32
    private var lines = LineSplitter()
    private var closed = false

    /// Connects to the first path of `candidates` that answers (see
    /// ``SocketLocation/clientCandidates(explicit:environment:uid:)``).
    public static func connect(candidates: [String]) throws(ClientError) -> LineConnection {
        var attempts: [(path: String, reason: String)] = []
        for path in candidates {
            do {
                return try LineConnection(path: path)
            } catch .unreachable(let failed) {
                attempts += failed
            } catch {
                throw error
            }
        }
        throw .unreachable(attempts)
    }

    /// Connects to `path`.
    public init(path: String) throws(ClientError) {
        self.path = path
        // A throw leaves fd unset, so deinit does not run and nothing is closed twice.
        fd = try UnixSocket.connect(path: path)
    }

    deinit { close() }

    /// Sends one request line.
    public func send(_ request: Request) throws(ClientError) {
        try send(encodeRequest(request))
    }

    /// Sends raw bytes (a request line, newline included).
    public func send(_ bytes: [UInt8]) throws(ClientError) {
        try Self.send(bytes, to: fd, path: path)
    }

    static func send(_ bytes: [UInt8], to fd: Int32, path: String) throws(ClientError) {
        if let error = WriteAll.write(fd, bytes, mode: .socket) {
            throw .io("write to \(path): \(String(cString: strerror(error)))")
        }
    }

    /// The next line, without its newline; `nil` at the end of the stream.
    public func receiveLine() throws(ClientError) -> ArraySlice<UInt8>? {
        while true {
            if let line = lines.nextLine() { return line }
            lines.compact()
            var chunk = [UInt8](repeating: 0, count: 16384)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return nil }
            if n < 0 {
                let error = clinux_errno()
                if error == EINTR { continue }
                if error == ECONNRESET || error == EBADF || error == ENOTCONN { return nil }
                throw .io("read from \(path): \(String(cString: strerror(error)))")
            }
            lines.append(contentsOf: chunk[0..<n])
            try checkLineLength()
        }
    }

    /// Throws once the line being read is longer than any line of transitiond's
    /// (``TransitionProtocol/ServerLimits/maxServerLineBytes``): the caller closes the
    /// connection, and the buffer never grows past the bound.
    private func checkLineLength() throws(ClientError) {
        if partialLineTooLong {
            throw .malformed("a line longer than \(ServerLimits.maxServerLineBytes) bytes from \(path)")
        }
    }

    /// Whether the line being read is already longer than any line of transitiond's.
    private var partialLineTooLong: Bool { lines.partialCount > ServerLimits.maxServerLineBytes }

    /// The socket, for an event loop to watch (readable: ``receiveAvailableLines()`` has lines
    /// or the end). The connection still owns it.
    public var descriptor: Int32 { fd }

    /// Every complete line that has arrived, without waiting for more (`MSG_DONTWAIT`), and
    /// whether the stream ended. For a caller whose event loop watches ``descriptor``: a
    /// readable socket is read until it would block, so no line is left behind unseen.
    public func receiveAvailableLines() throws(ClientError) -> (lines: [ArraySlice<UInt8>], ended: Bool) {
        var complete: [ArraySlice<UInt8>] = []
        while let line = lines.nextLine() { complete.append(line) }
        lines.compact()
        if complete.isEmpty { try checkLineLength() }   // a line too long, left by the last read
        var chunk = [UInt8](repeating: 0, count: 16384)
        var ended = false
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 {
                lines.append(contentsOf: chunk[0..<n])
                while let line = lines.nextLine() { complete.append(line) }
                lines.compact()
                // The complete lines before a line too long are handed on first: the error
                // comes with the next read, and nothing that arrived whole is lost.
                if !complete.isEmpty, partialLineTooLong { return (complete, false) }
                try checkLineLength()
                continue
            }
            if n == 0 { ended = true; break }
            let error = clinux_errno()
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK { break }
            if error == ECONNRESET || error == EBADF || error == ENOTCONN { ended = true; break }
            throw .io("read from \(path): \(String(cString: strerror(error)))")
        }
        return (complete, ended)
    }

    /// The next message, decoded; `nil` at the end of the stream.
    public func receive() throws(ClientError) -> ReceivedMessage? {
        guard let line = try receiveLine() else { return nil }
        do {
            return try decodeServerMessage(line)
        } catch {
            throw .malformed(error.message)
        }
    }

    /// Reads the `hello` that opens every connection.
    public func receiveHello() throws(ClientError) -> Hello {
        guard let message = try receive() else { throw .disconnected(nil) }
        switch message.message {
        case .hello(let hello): return hello
        case .goodbye(let goodbye): throw .disconnected(goodbye)
        default: throw .malformed("expected hello first, got \(message.message.eventName)")
        }
    }

    /// Sends `request` and reads until its reply; `other` sees every message read before it.
    public func perform(_ request: Request, other: (ReceivedMessage) -> Void = { _ in }) throws(ClientError) -> ReplyResult {
        try send(request)
        while true {
            guard let message = try receive() else { throw .disconnected(nil) }
            switch message.message {
            case .reply(let reply) where reply.id == request.id:
                switch reply.result {
                case .success(let result): return result
                case .failure(let error): throw .rejected(error)
                }
            case .goodbye(let goodbye):
                throw .disconnected(goodbye)
            default:
                other(message)
            }
        }
    }

    /// Wakes a thread blocked in ``receiveLine()`` (which then returns `nil`); safe from any thread.
    public func shutdown() {
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Closes the socket. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }
}
