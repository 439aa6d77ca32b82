// SPDX-License-Identifier: MIT
import Benchmark
import BenchmarkFixtures
import Glibc
import TransitionCore
import TransitionServer

/// The whole in-process input path: one gesture update through the engine, the server's broadcast
/// (one encode, a line per client, `send(2)` on a real Unix socket), for 1, 32 and 256 clients.
/// Clients are drained outside the measured region, so the socket buffers never fill and every
/// update takes the direct-write path a reading client gets.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .syscalls, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 200,
        maxDuration: .seconds(3),
        maxIterations: 50_000)

    // What a measured region with nothing in it costs (subtract it from the 1-client figures).
    Benchmark("Measurement overhead (empty region)") { benchmark in
        benchmark.startMeasurement()
        benchmark.stopMeasurement()
    }

    // The kernel's share: one ready-made line written with send(2) to one connected Unix socket
    // (what the server does per client, minus everything Swift).
    Benchmark("Floor: send(2) of one line to 1 socket", configuration: .init(
        metrics: Benchmark.defaultConfiguration.metrics, timeUnits: .nanoseconds, warmupIterations: 200,
        maxDuration: .seconds(3), maxIterations: 50_000,
        setup: { try FanOut.start(clients: 1) }, teardown: { FanOut.stop() })) { benchmark in
        guard let fanOut = FanOut.current else { fatalError("no fixture") }
        benchmark.startMeasurement()
        fanOut.sendRawLine()
        benchmark.stopMeasurement()
        fanOut.drainRaw()
    }

    for count in [1, 32, 256] {
        let label = count == 1 ? "1 client" : "\(count) clients"
        Benchmark("Update → engine → \(label)", configuration: .init(
            metrics: Benchmark.defaultConfiguration.metrics,
            timeUnits: count == 1 ? .nanoseconds : .microseconds,
            warmupIterations: 200,
            maxDuration: .seconds(3),
            maxIterations: count == 256 ? 5_000 : 50_000,
            setup: { try FanOut.start(clients: count) },
            teardown: { FanOut.stop() })) { benchmark in
            guard let fanOut = FanOut.current else { fatalError("no fixture") }
            benchmark.startMeasurement()
            fanOut.update()
            benchmark.stopMeasurement()
            fanOut.server.drainAll()
        }

        Benchmark("Publish updated → \(label) (server only)", configuration: .init(
            metrics: Benchmark.defaultConfiguration.metrics,
            timeUnits: count == 1 ? .nanoseconds : .microseconds,
            warmupIterations: 200,
            maxDuration: .seconds(3),
            maxIterations: count == 256 ? 5_000 : 50_000,
            setup: { try FanOut.start(clients: count) },
            teardown: { FanOut.stop() })) { benchmark in
            guard let fanOut = FanOut.current else { fatalError("no fixture") }
            benchmark.startMeasurement()
            fanOut.publishOnly()
            benchmark.stopMeasurement()
            fanOut.server.drainAll()
        }
    }
}

/// The engine mid-gesture wired to a server with subscribed clients, as the daemon wires them.
final class FanOut {
    nonisolated(unsafe) static var current: FanOut?

    let server: ServerFixture
    var engine = Fixture.interactiveEngine()
    var timeUs = Fixture.startUs + 100_000
    var sign = 1.0
    var event = Fixture.updatedEvent

    init(clients: Int) throws { server = try ServerFixture(clients: clients) }

    static func start(clients: Int) throws { current = try FanOut(clients: clients) }
    static func stop() { current = nil }

    /// One gesture update through engine and server (Daemon.handle's work for one sample).
    @inline(never)
    func update() {
        timeUs += 1000
        sign = -sign
        let server = server.server
        engine.handle(.update(GestureUpdate(device: Fixture.device, dx: 4 * sign, dy: 0, timeUs: timeUs)),
                      emit: { server.publish($0) })
    }

    /// A socket pair standing in for one client's connection, and a typical `updated` line.
    lazy var rawPair: (Int32, Int32) = {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { fatalError("socketpair") }
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        return (fds[0], fds[1])
    }()
    let rawLine = Array(#"{"event":"updated","seq":123456,"transition":"workspace-right","gesture":42,"time_us":1000100000,"progress":0.4375,"raw_progress":0.4375,"velocity":1.25}"#.utf8) + [10]
    var rawScratch = [UInt8](repeating: 0, count: 4096)

    /// Writes `rawLine` to the raw pair with send(2) (MSG_NOSIGNAL | MSG_DONTWAIT, as the server does)
    /// and reads it back on the other end (the drain), so the measured part is the write alone.
    @inline(never)
    func sendRawLine() {
        let (writer, _) = rawPair
        _ = rawLine.withUnsafeBytes { send(writer, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
    }

    func drainRaw() {
        let (_, reader) = rawPair
        while rawScratch.withUnsafeMutableBytes({ read(reader, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// One `updated` into the server's broadcast path.
    @inline(never)
    func publishOnly() {
        timeUs += 1000
        event.timeUs = timeUs
        server.server.publish(event)
    }
}
