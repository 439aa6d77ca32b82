// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import TransitionCore
import TransitionProtocol

struct TestClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A blocking protocol client over a real Unix socket, for tests. Reads give up after 10 s (a
/// safety net against hangs, not a timing assertion).
final class TestClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    /// Messages read while looking for something else, in order.
    var received: [ReceivedMessage] = []

    init(path: String, receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestClientError("socket failed") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            let e = clinux_errno()
            // deinit runs after this throw (the object is whole) and closes fd.
            throw TestClientError("connect \(path): \(String(cString: strerror(e)))")
        }
    }

    deinit { Glibc.close(fd) }

    func send(_ text: String) { sendRaw(Array(text.utf8)) }

    func sendRaw(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// The next line without its newline, or `nil` at end of stream.
    func readLine() throws -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return nil }
            if n < 0 {
                let e = clinux_errno()
                if e == EINTR { continue }
                if e == ECONNRESET { return nil }
                throw TestClientError("read: \(String(cString: strerror(e)))")
            }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// The next message; throws at end of stream.
    func next() throws -> ReceivedMessage {
        guard let line = try readLine() else { throw TestClientError("end of stream") }
        return try decodeServerMessage(line)
    }

    /// Reads until `predicate` holds; returns everything read, the match last.
    @discardableResult
    func read(until predicate: (ReceivedMessage) -> Bool) throws -> [ReceivedMessage] {
        var messages: [ReceivedMessage] = []
        while true {
            let message = try next()
            messages.append(message)
            received.append(message)
            if predicate(message) { return messages }
        }
    }

    /// Sends a request and reads until its reply; returns the reply and what came before it.
    func request(_ json: String) throws -> (reply: Reply, before: [ReceivedMessage]) {
        send(json + "\n")
        let messages = try read { if case .reply = $0.message { true } else { false } }
        guard case .reply(let reply) = messages.last!.message else { fatalError() }
        return (reply, Array(messages.dropLast()))
    }

    /// Reads the hello.
    @discardableResult
    func hello() throws -> Hello {
        let message = try next()
        guard case .hello(let hello) = message.message else { throw TestClientError("expected hello, got \(message)") }
        return hello
    }

    /// Reads everything up to the end of the stream.
    func readToEnd() throws -> [ReceivedMessage] {
        var messages: [ReceivedMessage] = []
        while let line = try readLine() { messages.append(try decodeServerMessage(line)) }
        return messages
    }

    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Hangs up both ways (the descriptor itself closes with the object).
    func close() { shutdown(fd, Int32(SHUT_RDWR)) }
}

extension ReceivedMessage {
    var transitionEvent: TransitionEvent? { if case .transition(let e) = message { e } else { nil } }
    var reply: Reply? { if case .reply(let r) = message { r } else { nil } }
    var goodbye: Goodbye? { if case .goodbye(let g) = message { g } else { nil } }
    var frame: FrameEvent? { if case .frame(let f) = message { f } else { nil } }
    var snapshot: Snapshot? { if case .snapshot(let s) = message { s } else { nil } }
}
