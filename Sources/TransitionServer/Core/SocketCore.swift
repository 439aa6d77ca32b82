// SPDX-License-Identifier: MIT
import CLinux
import Glibc
package import Logging
package import TransitionProtocol
import TransitionLog

/// The socket core under every protocol the daemon serves: it knows connections, not what
/// they say.
///
/// - **Accept**, on every listener it is given, with one pause for all of them when the process
///   runs out of descriptors (EMFILE and the like): a listener left watched would wake the loop
///   again and again.
/// - **Peer credentials and admission**: SO_PEERCRED, then the ``AdmissionPolicy`` (per uid, and
///   fair at the global limit).
/// - **Output**: each connection's bounded ``OutputQueue`` (coalescing by the protocol's rule),
///   writes as far as the socket takes them, backpressure by the connection's own limits and by
///   a total budget across connections (the largest backlog is dropped first).
/// - **Timers and timeouts**: a connection's request deadline is cancelled when it closes.
///
/// What a connection says is its ``ConnectionHandler``'s business: the core hands it the bytes
/// read and asks it for a last message before closing. Single-threaded: everything runs on the
/// thread that runs `loop`.
package final class SocketCore {
    let loop: EventLoop
    package let logger: Logger
    var configuration: ServerConfiguration
    // Touched per client on every update: no dynamic exclusivity checks (see ClientConnection).
    @exclusivity(unchecked) var connections: [UInt64: ClientConnection] = [:]
    var nextID: UInt64 = 1
    @exclusivity(unchecked) var counters = ServerCounters()
    /// Bytes waiting to be written to all connections together (each one's ``ClientConnection/countedBytes``).
    @exclusivity(unchecked) var queuedBytes = 0
    var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Who receives transition events, and who may connect where access depends on it.
    var deliveryPolicy = DeliveryPolicy.everyone
    /// Reads a new connection's peer credentials: SO_PEERCRED. Tests replace it.
    var peerCredentials: (Int32) -> PeerCredentials? = { PeerCredentials(socket: $0) }
    /// Reads a new connection's supplementary groups: SO_PEERGROUPS. Tests replace it.
    var peerGroups: (Int32) -> [UInt32]? = { PeerGroups.supplementary(socket: $0) }
    /// Rate-limits the lines about refused and evicted connections.
    var admissionLog = RefusalLog(intervalUs: 10_000_000, noun: "connections", verb: "refused or evicted")
    /// Due when ``admissionLog`` has a summary to write; absent otherwise.
    var admissionLogTimer: TimerID?
    var isStopped = false
    /// What a connection refused at a limit is told (its handler's ``ConnectionHandler/farewell(_:message:)``).
    package var describeRefusal: (AdmissionPolicy.Limit) -> String = { $0.refusal }

    /// A listening socket and what to do with each connection accepted on it.
    final class Listening {
        let fd: Int32
        let accepted: (Int32) -> Void
        var watch: WatchID?
        init(fd: Int32, accepted: @escaping (Int32) -> Void) { self.fd = fd; self.accepted = accepted }
    }
    private var listeners: [Listening] = []
    private var acceptPauseTimer: TimerID?

    package init(loop: EventLoop, configuration: ServerConfiguration, logger: Logger) {
        self.loop = loop
        self.configuration = configuration
        self.logger = logger
    }

    // MARK: Accepting

    /// Accepts on `fd` from now on and hands each new connection (non-blocking, close-on-exec)
    /// to `accepted`, which admits it (``admit(_:credentials:handler:)``) or closes it.
    package func listen(on fd: Int32, accepted: @escaping (Int32) -> Void) throws(SystemError) {
        let listening = Listening(fd: fd, accepted: accepted)
        try watch(listening)
        listeners.append(listening)
    }

    private func watch(_ listening: Listening) throws(SystemError) {
        listening.watch = try loop.watch(fd: listening.fd) { [unowned self, unowned listening] _ in acceptAll(on: listening) }
    }

    /// Accepts what `listening` has waiting (up to 64 at a time).
    private func acceptAll(on listening: Listening) {
        for _ in 0..<64 {
            let fd = accept(listening.fd, nil, nil)
            if fd < 0 {
                let error = clinux_errno()
                switch error {
                case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED:
                    return
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    logger.error("accept: \(String(cString: strerror(error))); pausing accepts for 1 s")
                    pauseAccepting()
                    return
                default:
                    logger.error("accept: \(String(cString: strerror(error)))")
                    return
                }
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if var size = configuration.socketSendBufferBytes.map(Int32.init(clamping:)) {
                _ = setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            listening.accepted(fd)
        }
    }

    /// Out of descriptors: stops accepting on every listener for a second.
    private func pauseAccepting() {
        guard acceptPauseTimer == nil else { return }
        for listening in listeners {
            if let watch = listening.watch { loop.unwatch(watch) }
            listening.watch = nil
        }
        acceptPauseTimer = loop.schedule(atUs: MonotonicClock.nowUs() + 1_000_000) { [unowned self] in
            acceptPauseTimer = nil
            guard !isStopped else { return }
            for listening in listeners {
                do {
                    try watch(listening)
                } catch {
                    logger.critical("cannot watch a listening socket again: \(error)")
                }
            }
        }
    }

    /// Stops accepting on every listener (they are closed by their owners).
    func stopListening() {
        for listening in listeners {
            if let watch = listening.watch { loop.unwatch(watch) }
            listening.watch = nil
        }
        listeners = []
        if let acceptPauseTimer { loop.cancelTimer(acceptPauseTimer) }
        acceptPauseTimer = nil
    }

    /// Says `goodbye` (as each protocol does) to every connection and closes it; stops accepting.
    package func shutdown(message: String) {
        guard !isStopped else { return }
        isStopped = true
        for connection in connections.values.sorted(by: { $0.id < $1.id }) {
            disconnect(connection, reason: .shutdown, message: message)
        }
        stopListening()
        flushAdmissionLog()
    }

    // MARK: Reading

    func handle(_ events: IOEvents, for connection: ClientConnection) {
        if events.contains(.writable) { flush(connection) }
        guard !connection.isClosed else { return }
        if events.contains(.readable) || events.contains(.hangup) || events.contains(.error) {
            read(from: connection)
        }
    }

    /// Reads what the socket has into the connection's inbox and hands it to its handler.
    private func read(from connection: ClientConnection) {
        let n = readBuffer.withUnsafeMutableBytes { Glibc.read(connection.fd, $0.baseAddress, $0.count) }
        if n == 0 {
            close(connection, because: "closed the connection")
            return
        }
        if n < 0 {
            let error = clinux_errno()
            if error == EAGAIN || error == EINTR { return }
            close(connection, because: "read failed: \(String(cString: strerror(error)))")
            return
        }
        connection.inbox.append(contentsOf: readBuffer[0..<n])
        connection.handler.received()
    }

    // MARK: Deadlines

    /// Closes `connection` with `reason` unless ``clearDeadline(of:)`` is called before
    /// `atUs` (a request half-sent, a handshake not finished). Replaces an earlier deadline.
    package func setDeadline(of connection: ClientConnection, atUs: UInt64, reason: GoodbyeReason?, message: String) {
        clearDeadline(of: connection)
        connection.requestTimer = loop.schedule(atUs: atUs) { [unowned self, weak connection] in
            guard let connection, !connection.isClosed else { return }
            connection.requestTimer = nil
            counters.clientsDroppedTimeout += 1
            if let reason { disconnect(connection, reason: reason, message: message) } else { close(connection, because: message) }
        }
    }

    /// Cancels the connection's deadline, if it has one.
    package func clearDeadline(of connection: ClientConnection) {
        if let timer = connection.requestTimer {
            loop.cancelTimer(timer)
            connection.requestTimer = nil
        }
    }
}
