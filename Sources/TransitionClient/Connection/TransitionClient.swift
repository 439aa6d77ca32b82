// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import Synchronization
import TransitionCore
public import TransitionProtocol

/// An asynchronous transitiond client for Swift apps: a stream of decoded messages, requests
/// answered by their replies, and automatic reconnection with backoff (re-subscribing each time,
/// so the `snapshot` that follows puts the app back in sync). ``transitions`` follows the
/// daemon's configured transitions across reloads and restarts.
///
/// A dedicated thread does the blocking reads; requests are written from the caller's task
/// under a lock. Safe to share between tasks.
///
/// ```swift
/// let client = TransitionClient(options: .init(subscription: Subscription(transitions: ["workspace"])))
/// var tracker = TransitionTracker(transition: "workspace")
/// for await event in client.events {
///     if case .message(let received) = event { tracker.apply(received.message) }
/// }
/// ```
public final class TransitionClient: Sendable {
    /// How to connect and what to ask for.
    public struct Options: Sendable {
        /// The socket; `nil` follows ``SocketLocation/clientCandidates(explicit:environment:uid:)``.
        public var socketPath: String?
        /// Sent on every (re)connection; `nil` for a client that only makes requests.
        public var subscription: Subscription?
        /// Reconnect after the connection drops (or cannot be made); otherwise the event stream
        /// ends with the first disconnection.
        public var reconnect: Bool
        /// First and longest wait between attempts, seconds (doubling in between).
        public var initialBackoff: Double
        public var maxBackoff: Double

        public init(socketPath: String? = nil, subscription: Subscription? = nil, reconnect: Bool = true,
                    initialBackoff: Double = 0.1, maxBackoff: Double = 5) {
            self.socketPath = socketPath; self.subscription = subscription; self.reconnect = reconnect
            self.initialBackoff = initialBackoff; self.maxBackoff = maxBackoff
        }
    }

    /// What the event stream carries.
    public enum Event: Sendable {
        /// A connection is up; the server's `hello`.
        case connected(Hello)
        /// A message other than a reply to this client's own requests.
        case message(ReceivedMessage)
        /// The connection dropped or could not be made (reported once per outage).
        case disconnected(ClientError)
    }

    /// Every event, in order. Buffers without bound: consume it.
    public let events: AsyncStream<Event>

    /// The configured transitions, as the daemon last said: its `hello`, then every
    /// `transitions_changed` (a configuration reload, which also arrives on ``events`` as a
    /// ``ServerMessage/transitionsChanged(_:)`` message). Empty before the first connection.
    public var transitions: [TransitionInfo] { state.withLock { $0.transitions } }

    private struct State {
        var fd: Int32?
        var path = ""
        var nextID: Int64 = 1
        var pending: [Int64: CheckedContinuation<ReplyResult, any Error>] = [:]
        var subscription: Subscription?
        /// The transitions this client declared, in order, each with its current page: sent
        /// again on reconnection (a declaration lives as long as its connection).
        var declarations: [DeclareRequest] = []
        var transitions: [TransitionInfo] = []
        var closed = false
    }

    private let options: Options
    private let candidates: [String]
    private let state: Mutex<State>
    private let continuation: AsyncStream<Event>.Continuation

    /// Starts connecting at once, on a thread of its own.
    public init(options: Options = Options()) {
        self.options = options
        var environment: [String: String] = [:]
        for name in [SocketLocation.environmentVariable, "XDG_RUNTIME_DIR"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        candidates = SocketLocation.clientCandidates(explicit: options.socketPath, environment: environment, uid: getuid())
        state = Mutex(State(subscription: options.subscription))
        (events, continuation) = AsyncStream.makeStream(of: Event.self)
        continuation.onTermination = { [weak self] _ in self?.close() }
        ReaderThread.start(name: "transitiond-client") { [self] in run() }
    }

    /// Sends a request and waits for its reply. A `subscribe` that succeeds becomes the
    /// subscription sent on reconnection; a `declare` that succeeds is declared again on
    /// reconnection (at the page its last `completed` or `update` left it on) until it is
    /// withdrawn.
    public func request(_ command: Request.Command) async throws(ClientError) -> ReplyResult {
        do {
            let result = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ReplyResult, any Error>) in
                let failure: ClientError? = state.withLock { state in
                    guard !state.closed else { return .closed }
                    guard let fd = state.fd else { return .disconnected(nil) }
                    let id = state.nextID
                    state.nextID += 1
                    do throws(ClientError) {
                        try LineConnection.send(encodeRequest(Request(id: .int(id), command)), to: fd, path: state.path)
                    } catch {
                        return error
                    }
                    state.pending[id] = continuation
                    return nil
                }
                if let failure { continuation.resume(throwing: failure) }
            }
            state.withLock { state in
                switch command {
                case .subscribe(let subscription): state.subscription = subscription
                case .declare(let declaration):
                    state.declarations.removeAll { $0.transition == declaration.transition }
                    state.declarations.append(declaration)
                case .update(let update):
                    guard let i = state.declarations.firstIndex(where: { $0.transition == update.transition }) else { break }
                    if let pages = update.pages { state.declarations[i].pages = pages }
                    if let page = update.page { state.declarations[i].page = page }
                case .withdraw(let name): state.declarations.removeAll { $0.transition == name }
                default: break
                }
            }
            return result
        } catch let error as ClientError {
            throw error
        } catch {
            throw .io("\(error)")
        }
    }

    /// Declares a transition this client owns while it is connected (and declares it again
    /// after a reconnection): `gestures` move it forward (`swipe3-left`, `edge1-right`); with
    /// `pages` its progress is a position among them, starting at `page`. Returns the gestures it
    /// owns. Fails with ``ClientError/rejected(_:)`` (`gesture_taken` naming the owner,
    /// `transition_exists`, `delivery_paused`).
    @discardableResult
    public func declare(_ declaration: DeclareRequest) async throws(ClientError) -> [String] {
        let result = try await request(.declare(declaration))
        guard case .declared(_, let gestures) = result else { return [] }
        return gestures
    }

    /// Changes the page count and/or the current page of a transition this client declared.
    public func update(_ transition: String, pages: Int? = nil, page: Int? = nil) async throws(ClientError) {
        _ = try await request(.update(UpdateRequest(transition: transition, pages: pages, page: page)))
    }

    /// Withdraws a transition this client declared.
    public func withdraw(_ transition: String) async throws(ClientError) {
        _ = try await request(.withdraw(transition: transition))
    }

    /// Disconnects for good: pending requests fail with ``ClientError/closed`` and the event
    /// stream ends.
    public func close() {
        let pending = state.withLock { state -> [CheckedContinuation<ReplyResult, any Error>] in
            state.closed = true
            if let fd = state.fd { _ = shutdown(fd, Int32(SHUT_RDWR)) }
            defer { state.pending = [:] }
            return Array(state.pending.values)
        }
        for continuation in pending { continuation.resume(throwing: ClientError.closed) }
    }

    private var isClosed: Bool { state.withLock { $0.closed } }

    // MARK: The reader thread

    private func run() {
        var backoff = ReconnectBackoff(initialUs: Self.micros(options.initialBackoff), maximumUs: Self.micros(options.maxBackoff))
        var reportedOutage = false
        while !isClosed {
            // Kept outside the `do` so it is closed only after writers stopped seeing its fd.
            var connection: LineConnection?
            do throws(ClientError) {
                let opened = try LineConnection.connect(candidates: candidates)
                connection = opened
                let hello = try opened.receiveHello()
                // Publish the socket for writers and (re)subscribe, under the writers' lock.
                try state.withLock { state throws(ClientError) in
                    state.fd = opened.fd
                    state.path = opened.path
                    state.transitions = hello.transitions
                    if state.closed { opened.shutdown() }
                    for declaration in state.declarations {
                        try opened.send(Request(id: .string("transitiond-client-declare"), .declare(declaration)))
                    }
                    if let subscription = state.subscription {
                        try opened.send(Request(id: .string("transitiond-client-subscribe"), .subscribe(subscription)))
                    }
                }
                backoff.reset()
                reportedOutage = false
                continuation.yield(.connected(hello))
                let goodbye = try readMessages(from: opened)
                failPending(.disconnected(goodbye))
                if !isClosed { continuation.yield(.disconnected(.disconnected(goodbye))) }
                reportedOutage = true
            } catch {
                failPending(error)
                if !reportedOutage && !isClosed { continuation.yield(.disconnected(error)) }
                reportedOutage = true
            }
            connection?.close()
            guard options.reconnect else { break }
            sleep(seconds: Double(backoff.nextDelayUs()) / 1e6)
        }
        close()
        continuation.finish()
    }

    /// Reads until the connection ends; returns the `goodbye`, if one came.
    private func readMessages(from connection: LineConnection) throws(ClientError) -> Goodbye? {
        var goodbye: Goodbye?
        while let message = try connection.receive() {
            if case .reply(let reply) = message.message, case .int(let id)? = reply.id,
               let waiting = state.withLock({ $0.pending.removeValue(forKey: id) }) {
                switch reply.result {
                case .success(let result): waiting.resume(returning: result)
                case .failure(let error): waiting.resume(throwing: ClientError.rejected(error))
                }
                continue
            }
            if case .goodbye(let bye) = message.message { goodbye = bye }
            if case .transitionsChanged(let changed) = message.message {
                state.withLock { $0.transitions = changed.transitions }
            }
            if case .transition(let event) = message.message { rest(after: event) }
            if DeliveryNotice(message.message)?.state == .resumed { redeclare(on: connection) }
            continuation.yield(.message(message))
        }
        return goodbye
    }

    /// Declares again what this client declared: the server withdrew it when this connection's
    /// delivery paused (another user's session in front, a lock).
    private func redeclare(on connection: LineConnection) {
        // Under the writers' lock, so the lines never interleave with a request's.
        state.withLock { state in
            for declaration in state.declarations {
                do throws(ClientError) {
                    try connection.send(Request(id: .string("transitiond-client-declare"), .declare(declaration)))
                } catch {
                    return      // the connection broke: the reconnection declares again
                }
            }
        }
    }

    /// A declared paged transition that completed rests on a new page: it is declared there on
    /// reconnection.
    private func rest(after event: TransitionEvent) {
        guard case .completed(let done) = event.payload, done.progress.isFinite else { return }
        state.withLock { state in
            guard let i = state.declarations.firstIndex(where: { $0.transition == event.transition }),
                  let pages = state.declarations[i].pages else { return }
            state.declarations[i].page = min(max(Int(done.progress.rounded()), 0), pages - 1)
        }
    }

    /// Forgets the socket and fails every request still waiting for a reply.
    private func failPending(_ error: ClientError) {
        let pending = state.withLock { state -> [CheckedContinuation<ReplyResult, any Error>] in
            state.fd = nil
            defer { state.pending = [:] }
            return Array(state.pending.values)
        }
        for waiting in pending { waiting.resume(throwing: error) }
    }

    /// Sleeps in short steps so ``close()`` is noticed promptly.
    private func sleep(seconds: Double) {
        var remaining = seconds
        while remaining > 0 && !isClosed {
            let step = min(remaining, 0.05)
            MonotonicClock.sleep(seconds: step)
            remaining -= step
        }
    }

    /// Seconds as the backoff's microseconds.
    private static func micros(_ seconds: Double) -> UInt64 {
        seconds.isFinite && seconds > 0 ? UInt64(min(seconds, 1e6) * 1e6) : 0
    }
}
