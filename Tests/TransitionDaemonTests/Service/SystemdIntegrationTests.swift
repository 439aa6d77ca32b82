// SPDX-License-Identifier: MIT
import Foundation
import TransitionTestSupport
import Glibc
import Testing
import TransitionClient

/// The daemon as systemd runs it, without systemd as PID 1: `systemd-socket-activate` passes the
/// listening socket (sd_listen_fds), and a datagram socket made here stands in for systemd's
/// `$NOTIFY_SOCKET` (sd_notify: READY, STATUS, WATCHDOG, RELOADING, STOPPING).
@Suite(.serialized, .requires(SystemdTools.socketActivate != nil,
                              "systemd-socket-activate is not installed (apt install systemd)"))
struct SystemdIntegrationTests {

    static let goodConfig = """
    log_level = "debug"
    [[transition]]
    name = "workspace-next"
    binding = "swipe3-left"
    """

    /// Starts `systemd-socket-activate -l SOCKET` with `flags`, running
    /// `transitiond --no-input --config CONFIG` with `NOTIFY_SOCKET` and `WATCHDOG_USEC` set.
    func activated(_ dir: URL, notify: NotifyListener, flags: [String] = ["-l"], socket: String,
                   extraArguments: [String] = [], watchdogUs: Int = 300_000) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SystemdTools.socketActivate!)
        process.arguments = flags + [socket,
                                     "-E", "NOTIFY_SOCKET=\(notify.path)", "-E", "WATCHDOG_USEC=\(watchdogUs)",
                                     DaemonProcess.executable("transitiond").path,
                                     "--no-input", "--config", dir.appendingPathComponent("config.toml").path]
            + extraArguments
        process.environment = TestHome.environment()
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, stderr)
    }

    @Test func socketActivationReadinessWatchdogReloadAndStop() throws {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.toml").path
        try Self.goodConfig.replaceFile(config)
        let notify = try NotifyListener(path: dir.appendingPathComponent("notify").path)
        let socket = dir.appendingPathComponent("socket").path
        let (process, stderr) = try activated(dir, notify: notify, socket: socket)
        defer { if process.isRunning { process.terminate() } }

        // systemd-socket-activate listens first; the first client starts the daemon.
        #expect(waitUntil { FileManager.default.fileExists(atPath: socket) })
        let client = try LineConnection(path: socket)
        let hello = try client.receiveLine().map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(hello.contains("\"hello\""), "first line: \(hello)")
        #expect(hello.contains("workspace-next"), "the configured transition is announced: \(hello)")

        // READY=1 with a STATUS= line.
        let ready = notify.waitFor { $0.contains("READY=1") }
        #expect(ready != nil, "no READY=1; got \(notify.received)")
        let status = ready.flatMap { Self.field("STATUS", in: $0) } ?? ""
        #expect(status.range(of: #"^\d+ devices?.*, \d+ clients?$"#, options: .regularExpression) != nil, "STATUS=\(status)")

        // WATCHDOG=1 at half of WATCHDOG_USEC: two pings prove it repeats.
        #expect(notify.waitFor { $0 == "WATCHDOG=1" } != nil, "no WATCHDOG=1; got \(notify.received)")
        #expect(notify.waitFor { $0 == "WATCHDOG=1" } != nil, "only one WATCHDOG=1")

        // A broken reload: RELOADING=1 (with MONOTONIC_USEC), then READY=1 again, old config kept.
        try (Self.goodConfig + "\nstifness = 3\n").replaceFile(config)
        kill(process.processIdentifier, SIGHUP)
        let reloading = notify.waitFor { $0.contains("RELOADING=1") }
        #expect(reloading?.contains("MONOTONIC_USEC=") == true, "got \(notify.received)")
        #expect(notify.waitFor { $0.contains("READY=1") } != nil, "no READY=1 after the reload")

        // SIGTERM: STOPPING=1, exit 0, and the socket systemd made is left to systemd.
        process.terminate()
        #expect(notify.waitFor { $0.contains("STOPPING=1") } != nil, "no STOPPING=1; got \(notify.received)")
        let log = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "log:\n\(log)")
        #expect(FileManager.default.fileExists(atPath: socket), "the daemon must not remove a socket it did not create")

        // The log is in the journal's format: a <N> priority on every line (after
        // systemd-socket-activate's own lines, up to "Execing ...").
        let all = log.split(separator: "\n")
        let lines = all.drop { !$0.hasPrefix("Execing ") }.dropFirst()
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.range(of: #"^<[0-7]>"#, options: .regularExpression) != nil, "not journal format: \(line)")
        }
        #expect(log.contains("<3>"), "the reload error is logged at error priority:\n\(log)")
        #expect(log.contains("<3>\(config):5:1: unknown key 'stifness' in [[transition]] 'workspace-next'"), "log:\n\(log)")
    }

    @Test func withoutActivationTheDaemonBindsItsOwnSocketAndStillNotifies() throws {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.goodConfig.replaceFile(dir.appendingPathComponent("config.toml").path)
        let notify = try NotifyListener(path: dir.appendingPathComponent("notify").path)
        let socket = dir.appendingPathComponent("own.sock").path
        let process = Process()
        process.executableURL = DaemonProcess.executable("transitiond")
        process.arguments = ["--no-input", "--socket", socket, "--config", dir.appendingPathComponent("config.toml").path]
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = notify.path
        environment.removeValue(forKey: "WATCHDOG_USEC")
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        #expect(notify.waitFor { $0.contains("READY=1") } != nil, "no READY=1; got \(notify.received)")
        #expect(FileManager.default.fileExists(atPath: socket), "READY=1 comes after the socket is served")
        process.terminate()
        #expect(notify.waitFor { $0.contains("STOPPING=1") } != nil)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(!notify.received.contains("WATCHDOG=1"), "no pings without WATCHDOG_USEC")
        #expect(!FileManager.default.fileExists(atPath: socket), "the daemon removes the socket it created")
    }

    @Test func aPassedSocketThatIsNotAStreamListenerIsRefused() throws {
        let dir = try DaemonProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.goodConfig.replaceFile(dir.appendingPathComponent("config.toml").path)
        let notify = try NotifyListener(path: dir.appendingPathComponent("notify").path)
        let datagram = dir.appendingPathComponent("dgram").path
        let own = dir.appendingPathComponent("own.sock").path
        let (process, stderr) = try activated(dir, notify: notify, flags: ["-d", "-l"], socket: datagram,
                                              extraArguments: ["--socket", own])
        defer { if process.isRunning { process.terminate() } }
        #expect(waitUntil { FileManager.default.fileExists(atPath: datagram) })
        try NotifyListener.send("wake up", to: datagram)  // a datagram socket activates on its first datagram

        #expect(notify.waitFor { $0.contains("READY=1") } != nil, "no READY=1; got \(notify.received)")
        #expect(FileManager.default.fileExists(atPath: own), "the daemon fell back to its own socket")
        process.terminate()
        let log = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(log.contains("fd 3: not a listening AF_UNIX stream socket"), "log:\n\(log)")
    }

    static func field(_ name: String, in message: String) -> String? {
        message.split(separator: "\n").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    private func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<200 {
            if condition() { return true }
            usleep(50_000)
        }
        return false
    }
}

/// systemd's tools, where installed.
enum SystemdTools {
    static let socketActivate: String? = ["/usr/bin/systemd-socket-activate", "/bin/systemd-socket-activate"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// A datagram socket standing in for systemd's notification socket.
final class NotifyListener {
    let path: String
    private let fd: Int32
    /// Every datagram received so far, in order.
    private(set) var received: [String] = []
    private var consumed = 0

    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw NotifyError("socket: errno \(errno)") }
        var address = NotifyListener.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw NotifyError("bind \(path): errno \(errno)") }
    }

    deinit { close(fd) }

    /// The next message (after those already returned) that satisfies `matches`, waiting up to
    /// 20 s for it; `nil` if none comes.
    func waitFor(_ matches: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(20)
        while true {
            while consumed < received.count {
                let message = received[consumed]
                consumed += 1
                if matches(message) { return message }
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(left * 1000)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { received.append(String(decoding: buffer[0..<n], as: UTF8.self)) }
        }
    }

    /// Sends one datagram to the socket at `path`.
    static func send(_ text: String, to path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw NotifyError("socket: errno \(errno)") }
        defer { close(fd) }
        var address = address(path)
        let sent = Array(text.utf8).withUnsafeBytes { bytes in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd, bytes.baseAddress, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        }
        guard sent == text.utf8.count else { throw NotifyError("sendto \(path): errno \(errno)") }
    }

    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
        }
        return address
    }
}

struct NotifyError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
