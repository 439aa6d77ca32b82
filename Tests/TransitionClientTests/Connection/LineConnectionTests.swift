// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import TransitionClient
import TransitionIO
import TransitionProtocol

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

    /// A peer that sends an endless line (`hello`, then bytes without a newline) from a thread of
    /// its own while `reading` reads, until the client closes (or past 8 MiB: then it ends the
    /// stream); returns what `reading` threw once the peer has stopped.
    static func flood(_ server: Int32, reading: () throws -> Void) -> (any Error)? {
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = WriteAll.write(server, Array("{\"event\":\"hello\"}\n".utf8), mode: .socket)
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65536)
            var sent = 0
            // Stops at EPIPE once the client has closed (no SIGPIPE with .socket).
            while sent <= 2 * ServerLimits.maxServerLineBytes, WriteAll.write(server, chunk, mode: .socket) == nil { sent += chunk.count }
            shutdown(server, Int32(SHUT_WR))
            done.signal()
        }.start()
        var failure: (any Error)?
        do { try reading() } catch { failure = error }
        done.wait()
        return failure
    }

    /// A line longer than any of transitiond's (4 MiB) ends the read with an error, whichever
    /// read it is, instead of growing the buffer without bound.
    @Test func anEndlessLineIsAnErrorForTheBlockingRead() throws {
        let (connection, server, cleanup) = try Self.pair()
        defer { cleanup(); close(server) }
        let failure = Self.flood(server) {
            defer { connection.close() }
            #expect(try connection.receiveLine().map { String(decoding: $0, as: UTF8.self) } == "{\"event\":\"hello\"}")
            _ = try connection.receiveLine()
        }
        #expect((failure as? ClientError)?.description.contains("a line longer than 4194304 bytes") == true, "\(String(describing: failure))")
    }

    @Test func anEndlessLineIsAnErrorForTheEventLoopsRead() throws {
        let (connection, server, cleanup) = try Self.pair()
        defer { cleanup(); close(server) }
        var lines = 0
        let failure = Self.flood(server) {
            defer { connection.close() }
            while true {
                var ready = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, 10_000)
                let read = try connection.receiveAvailableLines()
                lines += read.lines.count
                if read.ended { return }
            }
        }
        #expect(lines == 1)
        #expect((failure as? ClientError)?.description.contains("a line longer than 4194304 bytes") == true, "\(String(describing: failure))")
    }
}
