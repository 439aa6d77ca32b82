// SPDX-License-Identifier: MIT
import Glibc
import Logging
import TransitionCore
public import TransitionServer

/// A real ``TransitionServer`` on a Unix socket in /tmp with `count` subscribed clients connected
/// to it, each a non-blocking socket the benchmark drains between measurements. Nothing is
/// mocked: an event published here goes through the server's broadcast path (subscription filter,
/// one encode, a line per client with its own `seq`, `send(2)`) exactly as in the daemon.
public final class ServerFixture {
    public let loop: EventLoop
    public let server: TransitionServer
    /// The clients' ends of the connections.
    public private(set) var clients: [Int32] = []
    private let path: String
    private var scratch = [UInt8](repeating: 0, count: 1 << 16)

    /// Starts the server and connects `count` subscribers (waiting until each has its `hello`
    /// and the reply to its `subscribe`).
    public init(clients count: Int) throws {
        loop = try EventLoop()
        path = "/tmp/transitiond-bench-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).sock"
        let listener = try UnixListener.bind(path: path)
        server = TransitionServer(
            loop: loop, listener: listener,
            configuration: ServerConfiguration(maxClients: count + 1),
            logger: Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() }))
        try server.start()
        let subscribe = Array(#"{"request":"subscribe","id":1}"#.utf8) + [10]
        for _ in 0..<count {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard fd >= 0, connected == 0 else { throw FixtureError("connect \(path): errno \(errno)") }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = subscribe.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            clients.append(fd)
            // Let the server accept before the listen backlog (128) fills and connect() blocks.
            if clients.count % 32 == 0 { pump(milliseconds: 1) }
        }
        // Accept, hello, subscribe, reply: pump the loop until every client read two lines.
        var lines = [Int](repeating: 0, count: count)
        var rounds = 0
        while lines.contains(where: { $0 < 2 }) {
            rounds += 1
            guard rounds < 2000 else { throw FixtureError("clients were not served: \(lines)") }
            pump(milliseconds: 1)
            for (i, fd) in clients.enumerated() { lines[i] += drain(fd) }
        }
    }

    deinit {
        for fd in clients { close(fd) }
        server.shutdown()
    }

    /// Runs the loop for about `milliseconds`.
    public func pump(milliseconds: UInt64) {
        loop.schedule(atUs: MonotonicClock.nowUs() + milliseconds * 1000) { [loop] in loop.stop() }
        try? loop.run()
    }

    /// Reads everything waiting on every client; returns the number of lines read.
    @discardableResult
    public func drainAll() -> Int {
        var lines = 0
        for fd in clients { lines += drain(fd) }
        return lines
    }

    private func drain(_ fd: Int32) -> Int {
        var lines = 0
        while true {
            let n = scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return lines }
            for i in 0..<n where scratch[i] == 10 { lines += 1 }
        }
    }
}

/// A fixture that could not be set up.
public struct FixtureError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
