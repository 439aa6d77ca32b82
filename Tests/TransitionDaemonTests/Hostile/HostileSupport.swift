// SPDX-License-Identifier: MIT
import Foundation
import TransitionTestSupport
import Glibc
import Synchronization

/// CLOCK_MONOTONIC in microseconds (the clock of every `time_us`).
func monotonicUs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000 + UInt64(ts.tv_nsec) / 1000
}

enum Descriptors {
    /// Raises this process's RLIMIT_NOFILE (the daemon started from it inherits the limit).
    static func raiseLimit(to wanted: UInt) {
        var limit = rlimit()
        getrlimit(RLIMIT_NOFILE_VALUE, &limit)
        limit.rlim_cur = min(max(limit.rlim_cur, rlim_t(wanted)), limit.rlim_max)
        setrlimit(RLIMIT_NOFILE_VALUE, &limit)
    }

    private static var RLIMIT_NOFILE_VALUE: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}

/// A replay trace for the hostile test: a lead-in (so that the clients are connected first),
/// then `count` three-finger swipes to the right, 40 samples 8 ms apart, 400 ms apart.
enum HostileTrace {
    static let leadInUs: UInt64 = 6_000_000

    static func swipes(count: Int) -> String {
        // A removal of a device that drives nothing: a harmless first sample that starts the clock.
        var text = #"{"type":"device_removed","device":99,"time_us":1000000}"# + "\n"
        var start = 1_000_000 + leadInUs
        for _ in 0..<count {
            text += Traces.swipe(steps: 40, dx: 8, dy: 0, start: start)
            start += 40 * 8000 + 400_000
        }
        return text
    }
}

/// One daemon replaying a trace, its stderr in a file (a pipe nobody reads would fill up and
/// block the daemon's logging, and with it the daemon).
final class HostileDaemon {
    let process = Process()
    let logPath: String

    init(socket: String, trace: String, logPath: String, extraArguments: [String] = []) throws {
        self.logPath = logPath
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.executableURL = DaemonProcess.executable("transitiond")
        process.arguments = ["--no-input", "--socket", socket, "--replay", trace] + extraArguments
        process.environment = TestHome.environment()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: logPath)
        try process.run()
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) {
            guard process.isRunning else { break }
            usleep(50_000)
        }
    }

    private func status(_ key: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return -1 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? -1
    }

    func rssKiB() -> Int { status("VmRSS") }
    func peakRSSKiB() -> Int { status("VmHWM") }

    func stop() -> (status: Int32, stderrTail: String) {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return (process.terminationStatus, log.split(separator: "\n").suffix(20).joined(separator: "\n"))
    }
}

/// A daemon plus the paths of one run.
struct HostileRun {
    let socket: String
    let daemon: HostileDaemon

    /// `arguments` are added to the daemon's command line (`--config FILE`).
    init(dir: URL, name: String, trace: String, arguments: [String] = []) throws {
        socket = dir.appendingPathComponent("\(name).sock").path
        daemon = try HostileDaemon(socket: socket, trace: trace, logPath: dir.appendingPathComponent("\(name).log").path,
                                   extraArguments: arguments)
    }

    /// Connects the well-behaved client and subscribes it.
    func watch() throws -> Watcher { try Watcher(socket: socket) }
}

/// A blocking Unix-socket connection, or nil.
func connectUnix(_ path: String) -> Int32? {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (i, byte) in path.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
    }
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard result == 0 else { close(fd); return nil }
    return fd
}

@discardableResult
func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
}

/// The value of `"key":` in a JSON line, as the raw text up to the next `,` or `}`.
func rawMember(_ key: String, in line: Substring) -> Substring? {
    guard let range = line.range(of: "\"\(key)\":") else { return nil }
    let rest = line[range.upperBound...]
    let end = rest.firstIndex(where: { $0 == "," || $0 == "}" }) ?? rest.endIndex
    return rest[..<end]
}

/// The well-behaved client: a thread blocked in read(2) that takes the time as soon as it
/// returns, then records each event's kind and, for `updated`, its latency (read time −
/// `time_us`, the sample's time).
final class Watcher: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        var latencies: [Double] = []
        var endedReasons: [String] = []
        var lastSeq: UInt64 = 0
        var seqGaps = 0
        var closed = false
    }
    private let state = Mutex(State())
    private let fd: Int32
    private let started = Date()

    init(socket: String) throws {
        guard let fd = connectUnix(socket) else { throw POSIXError(.ECONNREFUSED) }
        self.fd = fd
        sendAll(fd, Array(#"{"request":"subscribe","id":1}"#.utf8) + [10])
        Thread.detachNewThread { [self] in run() }
    }

    deinit { close(fd) }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var pending = ""
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            let now = monotonicUs()
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                state.withLock { $0.closed = true }
                return
            }
            pending += String(decoding: buffer[0..<n], as: UTF8.self)
            var lines = pending.split(separator: "\n", omittingEmptySubsequences: false)
            pending = String(lines.removeLast())
            state.withLock { state in
                for line in lines {
                    guard let kind = rawMember("event", in: line)?.trimmingCharacters(in: ["\""]) else { continue }
                    state.counts[kind, default: 0] += 1
                    if let seq = rawMember("seq", in: line).flatMap({ UInt64($0) }) {
                        if state.lastSeq != 0 && seq != state.lastSeq + 1 { state.seqGaps += 1 }
                        state.lastSeq = seq
                    }
                    if kind == "ended", let reason = rawMember("reason", in: line) {
                        state.endedReasons.append(reason.trimmingCharacters(in: ["\""]))
                    }
                    if kind == "updated", let t = rawMember("time_us", in: line).flatMap({ UInt64($0) }), now >= t {
                        state.latencies.append(Double(now - t))
                    }
                }
            }
        }
    }

    var elapsed: TimeInterval { Date().timeIntervalSince(started) }
    func count(_ kind: String) -> Int { state.withLock { $0.counts[kind, default: 0] } }
    var latencies: [Double] { state.withLock { $0.latencies } }
    /// `ended.reason` of each `ended`, in order.
    var endedReasons: [String] { state.withLock { $0.endedReasons } }
    /// How many times `seq` did not follow on from the previous message's.
    var seqGaps: Int { state.withLock { $0.seqGaps } }
    func hasCompleted(_ n: Int) -> Bool { count("completed") >= n }

    func waitForCompletions(_ n: Int, timeout: TimeInterval) {
        while !hasCompleted(n) && elapsed < timeout { usleep(50_000) }
    }

    func medianLatencyUs() -> Double {
        let sorted = latencies.sorted()
        return sorted.isEmpty ? .infinity : sorted[sorted.count / 2]
    }
}

/// The thousand bad clients.
struct HostileCrowd {
    enum Kind: String, CaseIterable { case garbage, halfLine = "half-line", huge, neverRead = "never-read" }

    struct Client {
        let fd: Int32
        let kind: Kind
        var hugeSent = 0
        var lastJunkUs: UInt64 = 0
        var inbox: [UInt8] = []
        var eof = false
    }

    private(set) var clients: [Client] = []
    private var junkIndex = 0
    static let hugeBytes = 100 * 1024
    static let junk: [[UInt8]] = [
        Array("not json at all\n".utf8),
        Array(#"{"request":42}"#.utf8) + [10],
        Array(#"{"request":"trigger","transition":"no-such-transition"}"#.utf8) + [10],
        Array(#"{"request":"subscribe","events":["nope"]}"#.utf8) + [10],
        Array(String(repeating: "[", count: 2000).utf8) + [10],
        [0xff, 0xfe, 0x00, 0x01, 0x7b, 0x22, 0xc3, 0x28, 10],
        Array(#"{"request":"cancel","transtion":"typo"}"#.utf8) + [10],
    ]

    /// Connects `count` clients, each sending its opening.
    init(socket: String, count: Int) throws {
        for i in 0..<count {
            guard let fd = connectUnix(socket) else { throw POSIXError(.ECONNREFUSED) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            let kind = Kind.allCases[i % Kind.allCases.count]
            clients.append(Client(fd: fd, kind: kind))
            switch kind {
            case .halfLine: sendAll(fd, Array(#"{"request":"subscr"#.utf8))
            case .neverRead: sendAll(fd, Array(#"{"request":"subscribe"}"#.utf8) + [10])
            case .garbage, .huge: break
            }
        }
    }

    /// Keeps up the abuse for about `milliseconds`, and reads what the daemon sends the clients
    /// that wait for a verdict (half-line, huge).
    mutating func harass(forMilliseconds milliseconds: UInt64) {
        let end = monotonicUs() + milliseconds * 1000
        repeat {
            let now = monotonicUs()
            for i in clients.indices where !clients[i].eof {
                switch clients[i].kind {
                case .garbage where now - clients[i].lastJunkUs >= 50_000:
                    clients[i].lastJunkUs = now
                    sendAll(clients[i].fd, Self.junk[junkIndex % Self.junk.count])
                    junkIndex += 1
                case .huge where clients[i].hugeSent < Self.hugeBytes:
                    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: min(16384, Self.hugeBytes - clients[i].hugeSent))
                    let n = sendAll(clients[i].fd, chunk)
                    if n > 0 { clients[i].hugeSent += n } else if errno == EPIPE || errno == ECONNRESET { drain(i) }
                    drain(i)
                case .halfLine, .huge:
                    drain(i)
                default:
                    break
                }
            }
            usleep(5000)
        } while monotonicUs() < end
    }

    private mutating func drain(_ i: Int) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(clients[i].fd, $0.baseAddress, $0.count) }
            if n > 0 { clients[i].inbox += buffer[0..<n]; continue }
            if n == 0 || (errno != EAGAIN && errno != EINTR) { clients[i].eof = true }
            return
        }
    }

    /// Whether every half-line and huge client has been dealt with (closed by the daemon).
    var allSettled: Bool { clients.allSatisfy { $0.kind == .garbage || $0.kind == .neverRead || $0.eof } }

    /// Per kind: how many clients ended which way ("<goodbye reason>", "closed" for a close
    /// without a goodbye, "error replies" for an open garbage client answered with errors, "open").
    mutating func verdicts() -> [String: [String: Int]] {
        var result: [String: [String: Int]] = [:]
        for i in clients.indices {
            drain(i)
            let text = String(decoding: clients[i].inbox, as: UTF8.self)
            let goodbye = text.split(separator: "\n").last { $0.contains(#""event":"goodbye""#) }
            let verdict: String
            if let goodbye, let reason = rawMember("reason", in: goodbye) {
                verdict = reason.trimmingCharacters(in: ["\""])
            } else if clients[i].eof {
                verdict = "closed"
            } else if clients[i].kind == .garbage && text.contains(#""error""#) {
                verdict = "error replies"
            } else {
                verdict = "open"
            }
            result[clients[i].kind.rawValue, default: [:]][verdict, default: 0] += 1
        }
        return result
    }

    /// The `message` of every `goodbye` received so far (call after ``verdicts()``).
    var goodbyeMessages: Set<String> {
        Set(clients.flatMap { client in
            String(decoding: client.inbox, as: UTF8.self).split(separator: "\n")
                .filter { $0.contains(#""event":"goodbye""#) }
                .compactMap { line -> String? in
                    guard let range = line.range(of: #""message":""#) else { return nil }
                    let rest = line[range.upperBound...]
                    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
                }
        })
    }

    func closeAll() { for c in clients { close(c.fd) } }
}

/// A fresh client asking `status`.
enum StatusProbe {
    static func ask(socket: String, timeout: TimeInterval) throws -> Bool {
        guard let fd = connectUnix(socket) else { return false }
        defer { close(fd) }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        sendAll(fd, Array(#"{"request":"status","id":"probe"}"#.utf8) + [10])
        var received = ""
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return false }
            received += String(decoding: buffer[0..<n], as: UTF8.self)
            if received.contains(#""id":"probe""#) { return true }
        }
    }
}
