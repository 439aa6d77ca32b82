// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TransitionIO

@Suite struct WriteAllTests {
    /// Every byte arrives, through a pipe and through a socket.
    @Test func everyByteArrivesThroughAPipeAndASocket() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        #expect(WriteAll.write(fds[1], "héllo\n") == nil)
        #expect(WriteAll.write(fds[1], [1, 2, 3]) == nil)
        close(fds[1])
        #expect(readAll(fds[0]) == Array("héllo\n".utf8) + [1, 2, 3])

        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]) }
        let big = [UInt8](repeating: 7, count: 300_000) // more than the socket buffer: many writes
        let reader = Thread { readAll(pair[0]) }
        #expect(WriteAll.write(pair[1], big, mode: .socket) == nil)
        close(pair[1])
        #expect(reader.join() == big)
    }

    /// A closed reader is an error (EPIPE), not a signal.
    @Test func aGoneReaderIsEPIPE() {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        close(pair[0])
        defer { close(pair[1]) }
        #expect(WriteAll.write(pair[1], "x", mode: .socket) == EPIPE)
        #expect(WriteAll.write(-1, "x") == EBADF)
    }

    /// A full non-blocking socket waits for room instead of failing.
    @Test func aFullNonBlockingSocketWaitsForRoom() throws {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &pair) == 0)
        defer { close(pair[0]) }
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) & ~O_NONBLOCK)
        let big = [UInt8](repeating: 9, count: 1_000_000)
        let reader = Thread { readAll(pair[0]) }
        #expect(WriteAll.write(pair[1], big, mode: .socketWaitingWhenFull) == nil)
        close(pair[1])
        #expect(reader.join() == big)
    }
}

/// Reads `fd` to its end.
private func readAll(_ fd: Int32) -> [UInt8] {
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return out }
        out += chunk[0..<n]
    }
}

/// A POSIX thread returning a value (the test's reader while the writer blocks).
private final class Thread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: () -> [UInt8]
    private var result: [UInt8] = []

    init(_ body: @escaping () -> [UInt8]) {
        self.body = body
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { raw in
            let me = Unmanaged<Thread>.fromOpaque(raw!).takeRetainedValue()
            me.result = me.body()
            return nil
        }, context)
    }

    func join() -> [UInt8] {
        pthread_join(thread, nil)
        return result
    }
}
