// SPDX-License-Identifier: MIT
import Glibc
import Logging
import TransitionCore
import TransitionProtocol

/// transitiond's own protocol, JSON lines (protocol.md), over the ``SocketCore``: `hello`, the
/// requests and their replies, and the transition events each ``NativeSession`` subscribed to.
/// The only protocol that writes JSON lines: `transitions_changed`, `delivery` notices and
/// `goodbye` reach native connections only.
///
/// Adding a request is one case in ``answer(_:for:)`` (NativeProtocol+Requests).
final class NativeProtocol {
    /// Strong (the core holds no reference back): an `unowned(unsafe)` one cost a retain and a
    /// release at every use on the fan-out (callgrind).
    let core: SocketCore
    /// Answers `list`, `status`, `trigger`, `cancel`, `settings` and provides the snapshot.
    weak var delegate: (any TransitionServerDelegate)?
    var logger: Logger { core.logger }
    // Read for every client on every event: no dynamic exclusivity checks (see ClientConnection).
    @exclusivity(unchecked) var sessions: [UInt64: NativeSession] = [:]
    @exclusivity(unchecked) var encoder = MessageEncoder()
    let startedUs: UInt64
    /// Counters another protocol adds to `status` (the Touchégg clients).
    var moreCounters: () -> [String: UInt64] = { [:] }

    /// Completion animations in flight, by transition, for `frame` events.
    var animations: [String: RunningAnimation] = [:]
    var frameTimer: TimerID?
    var frameTimerDeadline: UInt64?

    /// While a `trigger` runs: the transition, and the gesture id of the `began` it published.
    var triggerCapture: (transition: String, gesture: UInt64?)?
    /// Which connections declared which transitions (`NativeProtocol+Declare`).
    var declarations = DeclaredTransitions()

    init(core: SocketCore) {
        self.core = core
        self.startedUs = MonotonicClock.nowUs()
    }

    /// Takes a connection accepted on the native socket.
    func accept(_ fd: Int32) {
        core.admit(fd) { NativeSession(connection: $0, native: self) }
    }

    /// An admitted connection: `hello`, and, when it starts paused, a `delivery` right after.
    func opened(_ session: NativeSession, nowUs: UInt64) {
        let connection = session.connection
        sessions[connection.id] = session
        let hello = Hello(server: core.configuration.serverName, pid: getpid(), timeUs: nowUs,
                          transitions: delegate?.transitionInfos() ?? [], limits: core.configuration.limits)
        let kind = encoder.encodeBody(hello)
        deliver(to: connection, kind: kind, body: encoder.body)
        guard case .paused(let reason) = connection.delivery else { return }
        logger.debug("client \(connection.id) (\(connection.credentials)) starts paused: \(reason)")
        notify(session, DeliveryNotice(state: .paused, reason: reason, message: core.deliveryPolicy.explanation(reason), timeUs: nowUs))
    }

    /// A connection closed: its settings end, its declared transitions, and its frames.
    func closed(_ session: NativeSession) {
        let id = session.connection.id // still held by the core, which is closing it
        sessions[id] = nil
        delegate?.clientClosed(id)
        declaringClientClosed(id)
        rescheduleFrames()
    }

    func stop() {
        if let frameTimer { core.loop.cancelTimer(frameTimer) }
        frameTimer = nil
    }

    // MARK: Publishing

    /// Streams `event` to every subscriber that wants it, encoded once; `updated` and `frame`
    /// coalesce for a client with a backlog.
    func publish(_ event: TransitionEvent) {
        core.counters.eventsPublished += 1
        trackAnimation(event)
        if case .began = event.payload, triggerCapture?.transition == event.transition, triggerCapture?.gesture == nil {
            triggerCapture?.gesture = event.gesture
        }
        let kind = event.payload.kind
        // One pass over the sessions; the body is encoded once, for the first one that wants it.
        var messageKind: MessageKind?
        for session in sessions.values where session.takes(kind, of: event.transition) {
            let encoded = messageKind ?? encoder.encodeBody(event)
            messageKind = encoded
            if kind.isCoalescable {
                deliverCoalescable(to: session.connection, transition: event.transition, kind: kind)
            } else {
                deliver(to: session.connection, kind: encoded, body: encoder.body)
            }
        }
    }

    /// Tells every native connection, subscribed or not, that the configured transitions changed,
    /// unless the delegate's list equals `previous`. Returns whether it was sent.
    func transitionsChanged(from previous: [TransitionInfo]) -> Bool {
        let current = delegate?.transitionInfos() ?? []
        guard current != previous, !core.isStopped else { return false }
        let kind = encoder.encodeBody(TransitionsChanged(timeUs: MonotonicClock.nowUs(), transitions: current))
        for session in sessions.sorted(by: { $0.key < $1.key }).map(\.value) where session.isLive {
            deliver(to: session.connection, kind: kind, body: encoder.body)
        }
        return true
    }

    // MARK: Output

    /// Queues a line that must not be dropped, or writes it at once to an idle socket. Inlined
    /// into the fan-out, where a call kept a retain and a release of the connection per client.
    @inline(__always)
    func deliver(to connection: ClientConnection, kind: MessageKind, body: [UInt8]) {
        guard !connection.isClosed else { return }
        core.counters.messagesQueued += 1
        if connection.isIdle {
            connection.resetOut()
            MessageEncoder.appendLine(kind: kind, seq: connection.queue.takeSeq(), body: body, to: &connection.out)
            core.flush(connection)
        } else {
            connection.queue.append(kind: kind, body: body)
            core.checkBacklog(of: connection)
        }
    }

    /// Queues the body in `encoder` as an `updated`/`frame`, latest wins, or writes it at once.
    /// Inlined into the fan-out, as ``deliver(to:kind:body:)``.
    @inline(__always)
    func deliverCoalescable(to connection: ClientConnection, transition: String, kind: EventKind) {
        guard !connection.isClosed else { return }
        core.counters.messagesQueued += 1
        if connection.isIdle {
            connection.resetOut()
            let seq = connection.queue.takeSeq()
            encoder.withBody { MessageEncoder.appendLine(kind: MessageKind(kind), seq: seq, body: $0, to: &connection.out) }
            core.flush(connection)
        } else {
            let replaced = encoder.withBody { connection.queue.coalesce(transition: transition, kind: kind, body: $0) }
            if replaced { core.counters.messagesCoalesced += 1 }
            core.checkBacklog(of: connection)
        }
    }

    // MARK: Reading

    /// Handles every whole line in the connection's inbox; polices the partial rest.
    func processLines(of session: NativeSession) {
        let client = session.connection
        let limit = core.configuration.limits.maxLineBytes
        var start = 0
        var completedLine = false
        var scanned = 0
        while !client.isClosed, let found = LineSplitter.nextLine(in: client.inbox, from: start, scannedTo: &scanned) {
            var end = found.line.upperBound
            if end > start && client.inbox[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let length = end - start
            guard length <= limit else {
                core.counters.clientsDroppedLineTooLong += 1
                core.disconnect(client, reason: .lineTooLong, message: "request line longer than \(limit) bytes")
                return
            }
            completedLine = true
            let line = client.inbox[start..<end]
            start = found.next
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            handleRequestLine(line, from: session)
        }
        guard !client.isClosed else { return }
        client.inbox.removeFirst(start)
        if client.inbox.count > limit {
            core.counters.clientsDroppedLineTooLong += 1
            core.disconnect(client, reason: .lineTooLong, message: "request line longer than \(limit) bytes")
            return
        }
        if client.inbox.isEmpty {
            core.clearDeadline(of: client)
        } else if client.requestTimer == nil || completedLine {
            let timeoutMs = core.configuration.limits.requestTimeoutMs
            core.setDeadline(of: client, atUs: MonotonicClock.nowUs() + UInt64(timeoutMs) * 1000, reason: .requestTimeout,
                             message: "request incomplete after \(timeoutMs) ms (no newline)")
        }
    }
}
