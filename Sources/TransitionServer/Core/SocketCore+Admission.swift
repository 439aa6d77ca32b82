// SPDX-License-Identifier: MIT
import Glibc
import Logging
import TransitionProtocol
import TransitionLog

extension SocketCore {
    /// Takes a new connection, makes room for it, or refuses it, as the ``AdmissionPolicy``
    /// decides; an admitted one gets its delivery and its handler's ``ConnectionHandler/opened(nowUs:)``.
    /// `handler` makes the connection's protocol side; a refused connection gets only its
    /// ``ConnectionHandler/farewell(_:message:)``. Returns the connection when admitted.
    @discardableResult
    package func admit(_ fd: Int32, credentials known: PeerCredentials? = nil,
               handler: (ClientConnection) -> any ConnectionHandler) -> ClientConnection? {
        let credentials = known ?? peerCredentials(fd) ?? PeerCredentials(pid: 0, uid: UInt32.max, gid: UInt32.max)
        let id = nextID
        nextID += 1
        let now = MonotonicClock.nowUs()
        let connection = ClientConnection(id: id, fd: fd, credentials: credentials, limits: configuration.limits, nowUs: now)
        connection.handler = handler(connection)
        switch configuration.admissionPolicy.decide(uid: credentials.uid, nowUs: now, connections: connections.values.lazy.map(\.admission)) {
        case .admit:
            break
        case .evict(let victim, let limit):
            if let victim = connections[victim] { evict(victim, limit: limit, nowUs: now) }
        case .rebalance(let victim, let owner, let holding, _):
            if let victim = connections[victim] { makeRoom(from: victim, owner: owner, holding: holding, for: credentials, nowUs: now) }
        case .refuse(let limit):
            counters.clientsRefused += 1
            let what = if case .perUser = limit { "connections of uid \(credentials.uid) over its limit" }
                       else { "connections of uid \(credentials.uid) at the server's limit" }
            note(what, line: "refused a connection (\(credentials)): \(limit.refusal)", nowUs: now)
            disconnect(connection, reason: .tooManyClients, message: describeRefusal(limit))
            return nil
        }
        counters.clientsAccepted += 1
        logger.debug("client \(id) connected (\(credentials))")
        do {
            connection.watch = try loop.watch(fd: fd) { [unowned self, unowned connection] events in
                handle(events, for: connection)
            }
        } catch {
            logger.error("client \(id): cannot watch its socket: \(error)")
            connection.isClosed = true
            Glibc.close(fd)
            return nil
        }
        connections[id] = connection
        connection.delivery = deliveryPolicy.decide(uid: credentials.uid)
        connection.handler.opened(nowUs: now)
        return connection
    }

    /// Closes `victim` (`goodbye` `evicted`), idle and never subscribed, to make room under `limit`.
    private func evict(_ victim: ClientConnection, limit: AdmissionPolicy.Limit, nowUs: UInt64) {
        counters.clientsEvicted += 1
        let idle = (nowUs - min(victim.lastActiveUs, nowUs)) / 1_000_000
        let full = switch limit {
        case .perUser(let uid, let max): "uid \(uid) reached its limit of \(max) connections"
        case .global(let max): "the server reached its limit of \(max) clients"
        }
        note("idle connections of uid \(victim.credentials.uid) evicted",
             line: "evicted client \(victim.id) (\(victim.credentials)), idle for \(idle) s and never subscribed: \(full)",
             nowUs: nowUs)
        disconnect(victim, reason: .evicted,
                   message: "\(full), and this connection had been idle for \(idle) s without subscribing: closed to make room for a new one")
    }

    /// Closes `victim` (`goodbye` `evicted`), the connection idle longest of `owner`, who holds
    /// the most connections of a full server, so that `newcomer`'s user gets a share.
    private func makeRoom(from victim: ClientConnection, owner: UInt32, holding: Int, for newcomer: PeerCredentials,
                          nowUs: UInt64) {
        counters.clientsEvicted += 1
        let idle = (nowUs - min(victim.lastActiveUs, nowUs)) / 1_000_000
        let full = "the server reached its limit of \(configuration.maxClients) clients and uid \(owner) holds the most connections (\(holding))"
        note("connections of uid \(owner) evicted to make room for another user",
             line: "evicted client \(victim.id) (\(victim.credentials)), idle for \(idle) s, to make room for uid \(newcomer.uid): \(full)",
             nowUs: nowUs)
        disconnect(victim, reason: .evicted,
                   message: "\(full); this one, idle for \(idle) s, was closed to make room for another user's")
    }

    /// Logs `line` at once, or counts it under `what` (what happened, to whose connections) for
    /// the next summary (``RefusalLog``) and makes sure a timer will write that summary. The
    /// timer exists only while something is counted.
    func note(_ what: String, line: String, nowUs: UInt64) {
        if let line = admissionLog.record(line, what: what, nowUs: nowUs) { logger.notice("\(line)") }
        guard admissionLogTimer == nil, let due = admissionLog.summaryDueUs else { return }
        admissionLogTimer = loop.schedule(atUs: due) { [unowned self] in
            admissionLogTimer = nil
            flushAdmissionLog()
        }
    }

    /// Writes the summary of refusals and evictions not yet logged, if any.
    func flushAdmissionLog() {
        if let timer = admissionLogTimer {
            loop.cancelTimer(timer)
            admissionLogTimer = nil
        }
        if let line = admissionLog.summary(nowUs: MonotonicClock.nowUs()) { logger.notice("\(line)") }
    }
}
