// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import TransitionClient
@testable import TransitionDaemon

@Suite struct SocketAudienceTests {
    @Test func aSocketForRootAloneIsWarnedAboutWithWhatToConfigure() {
        let bound = SocketAudience(uid: 0, gid: 0, mode: 0o660, activated: false)
        #expect(bound.warning(path: "/run/transitiond/transitiond.sock")
                == "the socket /run/transitiond/transitiond.sock is reachable by root alone (root:root 0660): no user's client can connect; "
                + "set socket_group = \"transitiond\" in /etc/transitiond/config.toml (under systemd, the socket unit's SocketGroup= decides), "
                + "and add the users to that group (`sudo usermod -aG transitiond USER`; docs/service.md)")
        let activated = SocketAudience(uid: 0, gid: 0, mode: 0o600, activated: true)
        #expect(activated.warning(path: "/run/transitiond/transitiond.sock")
                == "the socket /run/transitiond/transitiond.sock is reachable by root alone (root:root 0600): no user's client can connect; "
                + "set SocketGroup=transitiond in transitiond.socket (a drop-in: `systemctl edit transitiond.socket`), "
                + "and add the users to that group (`sudo usermod -aG transitiond USER`; docs/service.md)")
    }

    @Test func aSocketOthersCanReachIsNot() {
        #expect(SocketAudience(uid: 0, gid: 998, mode: 0o660, activated: false).warning(path: "/s") == nil)   // a group
        #expect(SocketAudience(uid: 0, gid: 0, mode: 0o666, activated: true).warning(path: "/s") == nil)      // everyone
        #expect(SocketAudience(uid: 0, gid: 0, mode: 0o755, activated: true).warning(path: "/s") != nil)      // read, not write
        #expect(SocketAudience(uid: 1000, gid: 1000, mode: 0o660, activated: false).warning(path: "/s") == nil) // a user's daemon
    }
}

/// The warning from the daemon itself, on a socket systemd-socket-activate made as root
/// (root:root, its umask's 0644: nobody else may write, so nobody else may connect).
@Suite struct SocketAudienceWarningTests {
    static let socketActivate = ["/usr/bin/systemd-socket-activate", "/bin/systemd-socket-activate"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: getuid() == 0 && socketActivate != nil, "needs root and systemd-socket-activate"))
    func anActivatedSocketForRootAloneIsWarnedAbout() throws {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("socket").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.socketActivate!)
        process.arguments = ["-l", socket, DaemonProcess.executable("transitiond").path, "--no-input"]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        for _ in 0..<500 where !FileManager.default.fileExists(atPath: socket) { usleep(10_000) }
        // The first client starts the daemon, which warns before it serves.
        let client = try LineConnection(path: socket)
        #expect(try client.receiveLine() != nil)
        process.terminate()
        let log = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(log.contains("<4>the socket \(socket) is reachable by root alone (root:root 0644): no user's client can connect; "
                             + "set SocketGroup=transitiond in transitiond.socket"), "log:\n\(log)")
    }
}
