// SPDX-License-Identifier: MIT
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import TransitionFiles

@Suite struct FileBytesTests {
    /// A file holding `bytes` in a fresh temporary directory; returns its path.
    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        var template = Array("/tmp/transitiond-filebytes.XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0)
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            try #require(n > 0)
            offset += n
        }
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    @Test func readsAFileLongerThanOneChunkWhole() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = try temporaryFile(bytes)
        defer { unlink(path) }
        #expect(try FileBytes.read(path: path) == bytes)
    }

    @Test func anEmptyFileIsNoBytes() throws {
        let path = try temporaryFile([])
        defer { unlink(path) }
        #expect(try FileBytes.read(path: path) == [])
    }

    @Test func aMissingFileFailsToOpenWithItsErrno() {
        #expect(throws: FileBytes.Failure.open(errno: ENOENT)) {
            try FileBytes.read(path: "/nonexistent/transitiond-test")
        }
        let failure = FileBytes.Failure.open(errno: ENOENT)
        #expect(failure.operation == "open")
        #expect(failure.reason == "No such file or directory")
    }

    @Test func aDirectoryFailsToRead() {
        #expect(throws: FileBytes.Failure.read(errno: EISDIR)) { try FileBytes.read(path: "/") }
    }

    @Test func aFileOverTheLimitIsRefusedAndOneAtItIsRead() throws {
        let path = try temporaryFile(Array(repeating: 7, count: 100))
        defer { unlink(path) }
        #expect(throws: FileBytes.Failure.tooLarge(limit: 99)) { try FileBytes.read(path: path, limit: 99) }
        #expect(try FileBytes.read(path: path, limit: 100).count == 100)
    }
}
