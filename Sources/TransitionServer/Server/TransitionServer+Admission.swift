// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import Logging
import TransitionProtocol

extension TransitionServer {
    /// Takes a new connection, evicts an idle one to make room for it, or refuses it, as the
    /// ``AdmissionPolicy`` decides; says `hello` to an admitted one.
    /// `speaks` makes the connection's protocol (native unless told) from its credentials.
    func admit(_ fd: Int32, credentials known: PeerCredentials? = nil,
               speaks: (PeerCredentials) -> ConnectionProtocol = { _ in .native(NativeSession()) }) {
        let credentials = known ?? peerCredentials(fd) ?? PeerCredentials(pid: 0, uid: UInt32.max, gid: UInt32.max)
        let id = nextClientID
        nextClientID += 1
        let now = MonotonicClock.nowUs()
        let client = ClientConnection(id: id, fd: fd, credentials: credentials, limits: configuration.limits, nowUs: now,
                                      speaks: speaks(credentials))
        switch configuration.admissionPolicy.decide(uid: credentials.uid, nowUs: now, connections: clients.values.lazy.map(\.admission)) {
        case .admit:
            break
        case .evict(let victim, let limit):
            if let victim = clients[victim] { evict(victim, limit: limit, nowUs: now) }
        case .rebalance(let victim, let owner, let holding, _):
            if let victim = clients[victim] { makeRoom(from: victim, owner: owner, holding: holding, for: credentials, nowUs: now) }
        case .refuse(let limit):
            counters.clientsRefused += 1
            let outcome: AdmissionLog.Outcome = if case .perUser = limit { .refusedPerUser } else { .refusedGlobal }
            note(outcome, uid: credentials.uid, line: "refused a connection (\(credentials)): \(limit.refusal)", nowUs: now)
            disconnect(client, reason: .tooManyClients, message: limit.refusal)
            return
        }
        counters.clientsAccepted += 1
        logger.debug("client \(id) connected (\(credentials))")
        do {
            client.watch = try loop.watch(fd: fd) { [unowned self, unowned client] events in
                handle(events, for: client)
            }
        } catch {
            logger.error("client \(id): cannot watch its socket: \(error)")
            Glibc.close(fd)
            return
        }
        clients[id] = client
        if case .touchegg = client.speaks {
            startTouchegg(client, nowUs: now)
            return
        }
        let hello = Hello(server: configuration.serverName, pid: getpid(), timeUs: now,
                          transitions: delegate?.transitionInfos() ?? [], limits: configuration.limits)
        let kind = encoder.encodeBody(hello)
        deliver(to: client, kind: kind, body: encoder.body)
        admitDelivery(of: client, nowUs: now)
    }

    /// Replaces the connection limits (a configuration reload). They govern the connections
    /// that come from now on: nobody is disconnected because a limit went down. A user or a
    /// server left above a lowered cap keeps its connections; while it is above, a new
    /// connection is admitted only in exchange for an evictable one (as at the cap), else
    /// refused. Returns whether anything changed.
    @discardableResult
    public func setConnectionLimits(maxClients: Int, maxClientsPerUser: Int, evictionGraceMs: Int) -> Bool {
        var new = configuration
        new.maxClients = maxClients; new.maxClientsPerUser = maxClientsPerUser; new.evictionGraceMs = evictionGraceMs
        guard new.admissionPolicy != configuration.admissionPolicy else { return false }
        configuration = new
        return true
    }

    /// Closes `victim` (`goodbye` `evicted`) to make room under `limit`.
    private func evict(_ victim: ClientConnection, limit: AdmissionPolicy.Limit, nowUs: UInt64) {
        counters.clientsEvicted += 1
        let idle = (nowUs - min(victim.lastActiveUs, nowUs)) / 1_000_000
        let full = switch limit {
        case .perUser(let uid, let max): "uid \(uid) reached its limit of \(max) connections"
        case .global(let max): "the server reached its limit of \(max) clients"
        }
        note(.evicted, uid: victim.credentials.uid,
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
        note(.evicted, uid: owner,
             line: "evicted client \(victim.id) (\(victim.credentials)), idle for \(idle) s, to make room for uid \(newcomer.uid): \(full)",
             nowUs: nowUs)
        disconnect(victim, reason: .evicted,
                   message: "\(full); this one, idle for \(idle) s, was closed to make room for another user's")
    }

    /// Logs `line` at once, or counts it for the next summary and makes sure a timer will write
    /// that summary. The timer exists only while something is counted.
    private func note(_ outcome: AdmissionLog.Outcome, uid: UInt32, line: String, nowUs: UInt64) {
        if let line = admissionLog.record(outcome, uid: uid, line: line, nowUs: nowUs) { logger.notice("\(line)") }
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
