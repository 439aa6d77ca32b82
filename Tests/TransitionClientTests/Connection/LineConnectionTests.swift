// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TransitionClient
import TransitionIO

/// ``LineConnection/receiveAvailableLines()``: what `watch` reads when its loop says the socket
/// is readable: every complete line there is, never waiting, and the end of the stream.
@Suite struct LineConnectionTests {
    /// A listening socket in a fresh directory, and the connection to it with the accepted end.
    static func pair() throws -> (LineConnection, Int32, cleanup: () -> Void) {
        let directory = "/tmp/line-connection-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        #expect(mkdir(directory, 0o700) == 0)
        let path = directory + "/s"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(UnixAddress.with(path) { bind(listener, $0, $1) } == 0)
        #expect(listen(listener, 1) == 0)
        let connection = try LineConnection(path: path)
        let server = accept(listener, nil, nil)
        #expect(server >= 0)
        close(listener)
        return (connection, server, { unlink(path); rmdir(directory) })
    }

    static func send(_ fd: Int32, _ text: String) { #expect(WriteAll.write(fd, Array(text.utf8)) == nil) }

    @Test func completeLinesOnlyWithoutWaitingThenTheEnd() throws {
        let (connection, server, cleanup) = try Self.pair()
        defer { cleanup() }
        // Nothing there: no line, no end, and no wait.
        var read = try connection.receiveAvailableLines()
        #expect(read.lines.isEmpty && !read.ended)
        Self.send(server, "one\ntwo\nthr")
        read = try connection.receiveAvailableLines()
        #expect(read.lines.map { String(decoding: $0, as: UTF8.self) } == ["one", "two"] && !read.ended)
        Self.send(server, "ee\n")
        close(server)
        read = try connection.receiveAvailableLines()
        #expect(read.lines.map { String(decoding: $0, as: UTF8.self) } == ["three"] && read.ended)
    }

    @Test func aLineLeftByTheBlockingReadIsNotLost() throws {
        let (connection, server, cleanup) = try Self.pair()
        defer { cleanup(); close(server) }
        Self.send(server, "hello\nsecond\n")
        #expect(try connection.receiveLine().map { String(decoding: $0, as: UTF8.self) } == "hello")
        let read = try connection.receiveAvailableLines()
        #expect(read.lines.map { String(decoding: $0, as: UTF8.self) } == ["second"] && !read.ended)
    }
}
