// SPDX-License-Identifier: MIT
import CLinux
import Glibc
public import Logging
public import TransitionCore
import TransitionProtocol

/// The protocol server: accepts clients on a Unix socket, answers their requests through a
/// ``TransitionServerDelegate``, and streams every published ``TransitionEvent`` to the clients
/// whose subscription wants it.
///
/// Single-threaded: create it, ``start()`` it and call everything on the thread that runs
/// `loop`. Nothing a client does blocks the loop: sockets are non-blocking, each client has a
/// bounded queue (coalescing `updated`/`frame`, never dropping lifecycle events), and a client
/// that falls too far behind is disconnected.
public final class TransitionServer {
    public let loop: EventLoop
    /// The settings in force; ``setConnectionLimits(maxClients:maxClientsPerUser:evictionGraceMs:)``
    /// changes the connection limits while running.
    public internal(set) var configuration: ServerConfiguration
    /// Answers `list`, `status`, `trigger`, `cancel` and provides the snapshot. Without one the
    /// server lists no transitions and refuses `trigger`/`cancel` (`unavailable`).
    public weak var delegate: (any TransitionServerDelegate)?

    let logger: Logger
    let listener: UnixListener
    var listenWatch: WatchID?
    var acceptPauseTimer: TimerID?
    // Touched per client on every update: no dynamic exclusivity checks (see ClientConnection).
    @exclusivity(unchecked) var clients: [UInt64: ClientConnection] = [:]
    var nextClientID: UInt64 = 1
    /// Bytes waiting to be written to all clients together (each client's ``ClientConnection/countedBytes``).
    @exclusivity(unchecked) public internal(set) var queuedBytes = 0
    @exclusivity(unchecked) var encoder = MessageEncoder()
    var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    @exclusivity(unchecked) var counters = ServerCounters()
    /// Rate-limits the lines about refused and evicted connections.
    var admissionLog = AdmissionLog(intervalUs: 10_000_000)
    /// Due when ``admissionLog`` has a summary to write; absent otherwise.
    var admissionLogTimer: TimerID?
    let startedUs: UInt64
    var isStopped = false
    /// The Touchégg endpoint, once ``serveTouchegg(listener:access:nextGesture:openGestures:)`` started it.
    var touchegg: ToucheggEndpoint?

    /// Completion animations in flight, by transition, for `frame` events.
    var animations: [String: RunningAnimation] = [:]
    var frameTimer: TimerID?
    var frameTimerDeadline: UInt64?

    /// Who receives transition events (``setDeliveryPolicy(_:)``): everyone until told otherwise.
    public internal(set) var deliveryPolicy = DeliveryPolicy.everyone
    /// Reads a new connection's peer credentials: SO_PEERCRED. Tests replace it to give their
    /// connections other uids.
    public var peerCredentials: (Int32) -> PeerCredentials? = { PeerCredentials(socket: $0) }
    /// Reads a new connection's supplementary groups: SO_PEERGROUPS. Tests replace it.
    public var peerGroups: (Int32) -> [UInt32]? = { PeerGroups.supplementary(socket: $0) }

    /// While a `trigger` runs: the transition, and the gesture id of the `began` it published.
    var triggerCapture: (transition: String, gesture: UInt64?)?

    /// The socket path, when known.
    public var socketPath: String? { listener.path }
    /// The native socket's path, also for a descriptor systemd passed.
    public var nativeSocketPath: String? { listener.path ?? listener.boundPath }
    /// Connected clients.
    public var clientCount: Int { clients.count }

    /// Creates a server for `listener` on `loop`; call ``start()`` to accept clients.
    public init(loop: EventLoop, listener: UnixListener, configuration: ServerConfiguration = ServerConfiguration(),
                logger: Logger = Logger(label: "transitiond.server")) {
        self.loop = loop
        self.listener = listener
        self.configuration = configuration
        self.logger = logger
        self.startedUs = MonotonicClock.nowUs()
    }

    /// Starts accepting clients.
    public func start() throws(SystemError) {
        listenWatch = try loop.watch(fd: listener.fd) { [unowned self] _ in acceptClients(on: listener.fd) { admit($0) } }
        if let path = listener.path {
            logger.info("listening on \(path)\(listener.replacedStaleSocket ? " (replaced a stale socket)" : "")")
        } else {
            logger.info("listening on inherited socket fd \(listener.fd)")
        }
    }

    /// Says `goodbye` (reason `shutdown`) to every client, writing what their sockets take
    /// without waiting, closes them and the listener (removing the socket file it created).
    public func shutdown(message: String = "transitiond is stopping") {
        guard !isStopped else { return }
        isStopped = true
        for client in clients.values.sorted(by: { $0.id < $1.id }) {
            disconnect(client, reason: .shutdown, message: message)
        }
        if let listenWatch { loop.unwatch(listenWatch) }
        if let watch = touchegg?.watch { loop.unwatch(watch) }
        touchegg?.listener.close()
        if let acceptPauseTimer { loop.cancelTimer(acceptPauseTimer) }
        if let frameTimer { loop.cancelTimer(frameTimer) }
        flushAdmissionLog()
        listener.close()
    }

    // MARK: Publishing

    /// Streams `event` to every subscriber that wants it. Call it for every event the engine
    /// emits, in order, on the loop's thread. Encodes the event once, whatever the number of
    /// clients; `updated` events are coalesced for clients with a backlog.
    public func publish(_ event: TransitionEvent) {
        counters.eventsPublished += 1
        trackAnimation(event)
        if case .began = event.payload, triggerCapture?.transition == event.transition, triggerCapture?.gesture == nil {
            triggerCapture?.gesture = event.gesture
        }
        let kind = event.payload.kind
        // One pass over the clients; the body is encoded once, for the first one that wants it.
        var messageKind: MessageKind?
        for client in clients.values where client.takes(kind, of: event.transition) {
            let encoded = messageKind ?? encoder.encodeBody(event)
            messageKind = encoded
            if kind.isCoalescable {
                deliverCoalescable(to: client, transition: event.transition, kind: kind)
            } else {
                deliver(to: client, kind: encoded, body: encoder.body)
            }
        }
    }

    // MARK: Accepting

    /// Accepts what `listeningFD` has waiting (up to 64 at a time) and hands each to `admit`.
    func acceptClients(on listeningFD: Int32, admit: (Int32) -> Void) {
        for _ in 0..<64 {
            let fd = accept(listeningFD, nil, nil)
            if fd < 0 {
                let error = clinux_errno()
                switch error {
                case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED:
                    return
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: stop accepting for a moment rather than spin.
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
            admit(fd)
        }
    }

    /// Stops accepting on every listener for a second (out of descriptors: a listener left
    /// watched would wake the loop at once, again and again).
    private func pauseAccepting() {
        guard acceptPauseTimer == nil else { return }
        if let watch = listenWatch { loop.unwatch(watch) }
        listenWatch = nil
        if let watch = touchegg?.watch { loop.unwatch(watch) }
        touchegg?.watch = nil
        acceptPauseTimer = loop.schedule(atUs: MonotonicClock.nowUs() + 1_000_000) { [unowned self] in
            acceptPauseTimer = nil
            guard !isStopped else { return }
            do {
                listenWatch = try loop.watch(fd: listener.fd) { [unowned self] _ in acceptClients(on: listener.fd) { admit($0) } }
                if let endpoint = touchegg {
                    endpoint.watch = try loop.watch(fd: endpoint.listener.fd) { [unowned self] _ in
                        acceptClients(on: endpoint.listener.fd) { admitTouchegg($0) }
                    }
                }
            } catch {
                logger.critical("cannot watch the listening socket again: \(error)")
            }
        }
    }

    // MARK: Client IO

    func handle(_ events: IOEvents, for client: ClientConnection) {
        if events.contains(.writable) { flush(client) }
        guard !client.isClosed else { return }
        if events.contains(.readable) || events.contains(.hangup) || events.contains(.error) {
            readRequests(from: client)
        }
    }

    private func readRequests(from client: ClientConnection) {
        let n = readBuffer.withUnsafeMutableBytes { read(client.fd, $0.baseAddress, $0.count) }
        if n == 0 {
            close(client, because: "closed the connection")
            return
        }
        if n < 0 {
            let error = clinux_errno()
            if error == EAGAIN || error == EINTR { return }
            close(client, because: "read failed: \(String(cString: strerror(error)))")
            return
        }
        client.inbox.append(contentsOf: readBuffer[0..<n])
        switch client.speaks {
        case .native: processLines(of: client)
        case .touchegg(let session): processDBus(of: client, session)
        }
    }

    /// Handles every whole line in the client's inbox; polices the partial rest.
    private func processLines(of client: ClientConnection) {
        let limit = configuration.limits.maxLineBytes
        var start = 0
        var completedLine = false
        var scanned = 0
        while !client.isClosed, let found = LineSplitter.nextLine(in: client.inbox, from: start, scannedTo: &scanned) {
            var end = found.line.upperBound
            if end > start && client.inbox[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let length = end - start
            guard length <= limit else {
                counters.clientsDroppedLineTooLong += 1
                disconnect(client, reason: .lineTooLong, message: "request line longer than \(limit) bytes")
                return
            }
            completedLine = true
            let line = client.inbox[start..<end]
            start = found.next
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            handleRequestLine(line, from: client)
        }
        guard !client.isClosed else { return }
        client.inbox.removeFirst(start)
        if client.inbox.count > limit {
            counters.clientsDroppedLineTooLong += 1
            disconnect(client, reason: .lineTooLong, message: "request line longer than \(limit) bytes")
            return
        }
        if client.inbox.isEmpty {
            if let timer = client.requestTimer { loop.cancelTimer(timer); client.requestTimer = nil }
        } else if client.requestTimer == nil || completedLine {
            if let timer = client.requestTimer { loop.cancelTimer(timer) }
            let deadline = MonotonicClock.nowUs() + UInt64(configuration.limits.requestTimeoutMs) * 1000
            client.requestTimer = loop.schedule(atUs: deadline) { [unowned self, weak client] in
                guard let client, !client.isClosed else { return }
                client.requestTimer = nil
                counters.clientsDroppedTimeout += 1
                disconnect(client, reason: .requestTimeout,
                           message: "request incomplete after \(configuration.limits.requestTimeoutMs) ms (no newline)")
            }
        }
    }

    /// Queues a message that must not be dropped, or writes it at once to an idle socket.
    func deliver(to client: ClientConnection, kind: MessageKind, body: [UInt8]) {
        guard !client.isClosed else { return }
        counters.messagesQueued += 1
        if client.isIdle {
            client.resetOut()
            MessageEncoder.appendLine(kind: kind, seq: client.queue.takeSeq(), body: body, to: &client.out)
            flush(client)
        } else {
            client.queue.append(kind: kind, body: body)
            checkBacklog(of: client)
        }
    }

    /// Queues the body in `encoder` as an `updated`/`frame`, latest wins, or writes it at once.
    func deliverCoalescable(to client: ClientConnection, transition: String, kind: EventKind) {
        guard !client.isClosed else { return }
        counters.messagesQueued += 1
        if client.isIdle {
            client.resetOut()
            let seq = client.queue.takeSeq()
            encoder.withBody { MessageEncoder.appendLine(kind: MessageKind(kind), seq: seq, body: $0, to: &client.out) }
            flush(client)
        } else {
            let replaced = encoder.withBody { client.queue.coalesce(transition: transition, kind: kind, body: $0) }
            if replaced { counters.messagesCoalesced += 1 }
            checkBacklog(of: client)
        }
    }

    func checkBacklog(of client: ClientConnection) {
        recount(client)
        if client.queue.isOverflowing(extraBytes: client.unwrittenBytes) {
            counters.clientsDroppedBacklog += 1
            let limits = configuration.limits
            logger.warning("client \(client.id) (\(client.credentials)) does not read: more than \(limits.maxQueuedMessages) messages or \(limits.maxQueuedBytes) bytes queued; disconnecting")
            disconnect(client, reason: .backlogOverflow,
                       message: "more than \(limits.maxQueuedMessages) messages or \(limits.maxQueuedBytes) bytes waiting to be read")
        } else {
            setWritable(true, for: client)
            if queuedBytes > configuration.maxTotalQueuedBytes { dropLargestBacklogs() }
        }
    }

    /// Brings `client`'s share of ``queuedBytes`` up to date (a few instructions: asked after
    /// every write and every queued message).
    @inline(__always)
    func recount(_ client: ClientConnection) {
        let now = client.backlogBytes
        if now != client.countedBytes {
            queuedBytes += now - client.countedBytes
            client.countedBytes = now
        }
    }

    /// The total output budget is spent: disconnects the client with the largest backlog
    /// (`backlog_overflow`), then the next largest, until the total is within the budget again.
    /// The well-behaved clients, whose backlogs coalesce to a few lines, are the last to go.
    func dropLargestBacklogs() {
        let budget = configuration.maxTotalQueuedBytes
        while queuedBytes > budget, let largest = clients.values.max(by: { ($0.countedBytes, $1.id) < ($1.countedBytes, $0.id) }) {
            counters.clientsDroppedBacklog += 1
            counters.clientsDroppedBudget += 1
            let held = largest.countedBytes
            logger.warning("client \(largest.id) (\(largest.credentials)) has the largest backlog, \(held) bytes, and all clients together have more than \(budget) bytes waiting; disconnecting")
            disconnect(largest, reason: .backlogOverflow,
                       message: "\(held) bytes waiting to be read, the largest backlog while the server's clients together have more than \(budget) waiting")
        }
    }

    /// Writes as much as the socket takes; keeps `.writable` interest only while bytes remain.
    func flush(_ client: ClientConnection) {
        while !client.isClosed {
            if client.outOffset == client.out.count {
                client.outOffset = 0
                if client.out.capacity > 256 * 1024 { client.out = [] } else { client.out.removeAll(keepingCapacity: true) }
                client.queue.drain(into: &client.out, limit: 64 * 1024)
                if client.out.isEmpty { break }
            }
            let n = client.out.withUnsafeBytes { bytes in
                send(client.fd, bytes.baseAddress! + client.outOffset, bytes.count - client.outOffset,
                     Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if n > 0 {
                client.outOffset += n
                counters.bytesWritten += UInt64(n)
                continue
            }
            let error = clinux_errno()
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK {
                setWritable(true, for: client)
                recount(client)
                return
            }
            close(client, because: "write failed: \(String(cString: strerror(error)))")
            return
        }
        guard !client.isClosed else { return }
        setWritable(false, for: client)
        // Everything was written: nothing of it is counted any more.
        if client.countedBytes != 0 {
            queuedBytes -= client.countedBytes
            client.countedBytes = 0
        }
    }

    private func setWritable(_ writable: Bool, for client: ClientConnection) {
        guard client.wantsWritable != writable, let watch = client.watch else { return }
        do {
            try loop.modify(watch, events: writable ? [.readable, .writable] : .readable)
            client.wantsWritable = writable
        } catch {
            close(client, because: "cannot poll its socket: \(error)")
        }
    }

    /// Sends a last `goodbye` after whatever is queued (as far as the socket takes it without
    /// blocking), then closes.
    func disconnect(_ client: ClientConnection, reason: GoodbyeReason, message: String) {
        guard !client.isClosed else { return }
        // D-Bus has no goodbye: whatever is queued goes out as far as the socket takes it.
        if case .touchegg = client.speaks {
            client.queue.drain(into: &client.out, limit: Int.max)
            writeWithoutWaiting(client)
            close(client, because: "\(reason): \(message)")
            return
        }
        // Its own encoder: this may run in the middle of a broadcast that is using `encoder`.
        var goodbyeEncoder = MessageEncoder()
        let kind = goodbyeEncoder.encodeBody(Goodbye(reason: reason, message: message))
        client.queue.append(kind: kind, body: goodbyeEncoder.body)
        client.queue.drain(into: &client.out, limit: Int.max)
        writeWithoutWaiting(client)
        close(client, because: "\(reason): \(message)")
    }

    /// Sends what `out` holds as far as the socket takes it now.
    private func writeWithoutWaiting(_ client: ClientConnection) {
        let pending = client.unwrittenBytes
        if pending > 0 {
            _ = client.out.withUnsafeBytes { bytes in
                send(client.fd, bytes.baseAddress! + client.outOffset, pending, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
        }
    }

    func close(_ client: ClientConnection, because reason: String) {
        guard !client.isClosed else { return }
        client.isClosed = true
        if let watch = client.watch { loop.unwatch(watch) }
        if let timer = client.requestTimer { loop.cancelTimer(timer) }
        Glibc.close(client.fd)
        clients[client.id] = nil
        queuedBytes -= client.countedBytes
        client.countedBytes = 0
        closedTouchegg(client)
        delegate?.clientClosed(client.id)
        logger.debug("client \(client.id) disconnected: \(reason)")
        rescheduleFrames()
    }
}

/// The server's own counters, reported by `status`.
struct ServerCounters {
    var clientsAccepted: UInt64 = 0
    var clientsRefused: UInt64 = 0
    var clientsEvicted: UInt64 = 0
    var clientsDroppedBacklog: UInt64 = 0
    var clientsDroppedLineTooLong: UInt64 = 0
    var clientsDroppedTimeout: UInt64 = 0
    /// Of ``clientsDroppedBacklog``, those dropped for the total output budget.
    var clientsDroppedBudget: UInt64 = 0
    var eventsPublished: UInt64 = 0
    var messagesQueued: UInt64 = 0
    var messagesCoalesced: UInt64 = 0
    var framesSent: UInt64 = 0
    var bytesWritten: UInt64 = 0
    var requests: UInt64 = 0
    var requestErrors: UInt64 = 0

    var dictionary: [String: UInt64] {
        ["clients_accepted": clientsAccepted, "clients_refused": clientsRefused, "clients_evicted": clientsEvicted,
         "clients_dropped_backlog": clientsDroppedBacklog, "clients_dropped_line_too_long": clientsDroppedLineTooLong,
         "clients_dropped_timeout": clientsDroppedTimeout, "clients_dropped_output_budget": clientsDroppedBudget,
         "events_published": eventsPublished,
         "messages_queued": messagesQueued, "messages_coalesced": messagesCoalesced, "frames_sent": framesSent,
         "bytes_written": bytesWritten, "requests": requests, "request_errors": requestErrors]
    }
}
