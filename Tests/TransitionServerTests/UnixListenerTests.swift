// SPDX-License-Identifier: MIT
import CLinux
import Foundation
import Glibc
import Testing
import TransitionProtocol
import TransitionServer

@Suite struct UnixListenerTests {
    /// A listening socket bound at `path` with no lock file: a server that died (when closed),
    /// or one another program runs (when left open).
    func rawListener(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(fd, 4) == 0 else { throw TestClientError("bind \(path) failed") }
        return fd
    }

    @Test func aStaleSocketIsReplaced() throws {
        let directory = try makeTemporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/transitiond.sock"
        close(try rawListener(at: path)) // the file stays, nobody listens: connect() gets ECONNREFUSED
        let listener = try UnixListener.bind(path: path)
        #expect(listener.replacedStaleSocket)
        _ = try TestClient(path: path) // connects to the new socket
        listener.close()
        #expect(access(path, F_OK) != 0)
    }

    @Test func aLiveSecondInstanceIsRefused() throws {
        let directory = try makeTemporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/transitiond.sock"
        let first = try UnixListener.bind(path: path)
        #expect(throws: ListenerError.alreadyRunning(path: path)) { try UnixListener.bind(path: path) }
        #expect(ListenerError.alreadyRunning(path: path).description
            == "another transitiond is already listening on \(path) (stop it, or give this one another --socket)")
        // The first one is untouched.
        _ = try TestClient(path: path)
        first.close()
        // Once it is gone, a new one binds without complaint.
        let second = try UnixListener.bind(path: path)
        #expect(!second.replacedStaleSocket)
    }

    @Test func aSocketAnsweredByAnotherProgramIsRefusedToo() throws {
        let directory = try makeTemporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/transitiond.sock"
        let other = try rawListener(at: path) // e.g. systemd's socket unit, no lock file
        defer { close(other) }
        #expect(throws: ListenerError.alreadyRunning(path: path)) { try UnixListener.bind(path: path) }
        #expect(access(path, F_OK) == 0, "the live socket is left alone")
    }

    @Test func somethingThatIsNotASocketIsNeverReplaced() throws {
        let directory = try makeTemporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/transitiond.sock"
        #expect(FileManager.default.createFile(atPath: path, contents: Array("keep me".utf8).withUnsafeBytes { Data($0) }))
        #expect(throws: ListenerError.notASocket(path: path)) { try UnixListener.bind(path: path) }
        #expect(FileManager.default.contents(atPath: path).map { Array($0) } == Array("keep me".utf8))
    }

    @Test func theSocketGetsItsModeAndGroupAndItsDirectoryIsCreated() throws {
        let directory = try makeTemporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/run/transitiond.sock"
        let listener = try UnixListener.bind(path: path, group: String(getgid()))
        defer { listener.close() }
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(st.st_mode & S_IFMT == S_IFSOCK)
        #expect(st.st_mode & 0o777 == 0o660)
        #expect(st.st_gid == getgid())
        #expect(stat("\(directory)/run", &st) == 0)
        #expect(st.st_mode & 0o777 == 0o750)
        #expect(throws: ListenerError.unknownGroup("no-such-group-here")) {
            try UnixListener.bind(path: "\(directory)/other.sock", group: "no-such-group-here")
        }
        let long = "/tmp/" + String(repeating: "x", count: 120)
        #expect(throws: ListenerError.pathTooLong(path: long)) { try UnixListener.bind(path: long) }
    }

    @Test func anInheritedListeningSocketIsUsedAsIs() throws {
        let path = try makeTemporaryDirectory() + "/activated.sock"
        defer { _ = try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let fd = try rawListener(at: path)
        let harness = try ServerHarness(listener: { _ in try UnixListener.adopt(fd: fd, path: path) })
        let client = try TestClient(path: path)
        #expect(try client.hello().protocolVersion == 1)
        harness.stop()
        #expect(access(path, F_OK) == 0, "systemd owns the socket file: it stays")

        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        #expect(throws: ListenerError.self) { try UnixListener.adopt(fd: fds[0]) }
        close(fds[0]); close(fds[1])
        let unbound = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(throws: ListenerError.notAListeningSocket(fd: unbound, reason: "not listening")) { try UnixListener.adopt(fd: unbound) }
        close(unbound)
    }
}

@Suite struct SocketLocationTests {
    @Test func serverDefaults() {
        #expect(SocketLocation.serverDefault(environment: ["RUNTIME_DIRECTORY": "/run/transitiond:/other"], uid: 0)
            == "/run/transitiond/transitiond.sock")
        #expect(SocketLocation.serverDefault(environment: [:], uid: 0) == "/run/transitiond/transitiond.sock")
        #expect(SocketLocation.serverDefault(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], uid: 1000)
            == "/run/user/1000/transitiond/transitiond.sock")
        #expect(SocketLocation.serverDefault(environment: [:], uid: 1000) == nil)
    }

    @Test func clientCandidates() {
        #expect(SocketLocation.clientCandidates(explicit: "/x.sock", environment: ["TRANSITIOND_SOCKET": "/y.sock"], uid: 1000) == ["/x.sock"])
        #expect(SocketLocation.clientCandidates(explicit: nil, environment: ["TRANSITIOND_SOCKET": "/y.sock"], uid: 1000) == ["/y.sock"])
        #expect(SocketLocation.clientCandidates(explicit: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], uid: 1000)
            == ["/run/user/1000/transitiond/transitiond.sock", "/run/transitiond/transitiond.sock"])
        #expect(SocketLocation.clientCandidates(explicit: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/0"], uid: 0)
            == ["/run/transitiond/transitiond.sock"])
    }
}
