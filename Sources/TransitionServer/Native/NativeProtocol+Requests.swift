// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import Logging
import TransitionCore
import TransitionLog
import TransitionProtocol

extension NativeProtocol {
    /// Decodes and answers one request line with exactly one reply.
    func handleRequestLine(_ line: ArraySlice<UInt8>, from session: NativeSession) {
        let client = session.connection
        core.counters.requests += 1
        client.lastActiveUs = MonotonicClock.nowUs()
        let request: Request
        do {
            request = try decodeRequest(line)
        } catch {
            reply(to: client, Reply(id: error.id, request: nil, result: .failure(error)))
            return
        }
        do throws(ProtocolError) {
            let result = try answer(request.command, for: session)
            reply(to: client, Reply(id: request.id, request: request.name, result: .success(result)))
            if case .subscribe = request.command { sendSnapshot(to: session) }
        } catch {
            var error = error
            error.id = request.id
            reply(to: client, Reply(id: request.id, request: request.name, result: .failure(error)))
        }
    }

    private func reply(to client: ClientConnection, _ reply: Reply) {
        if case .failure(let error) = reply.result {
            core.counters.requestErrors += 1
            logger.debug("client \(client.id): request failed: \(escaped: error)")
        }
        let kind = encoder.encodeBody(reply)
        deliver(to: client, kind: kind, body: encoder.body)
    }

    /// One request's answer: adding a request to the protocol is one case here.
    private func answer(_ command: Request.Command, for session: NativeSession) throws(ProtocolError) -> ReplyResult {
        let client = session.connection
        switch command {
        case .subscribe(let subscription):
            let maxRate = core.configuration.limits.maxFrameRate
            guard subscription.frameRate <= maxRate else {
                throw ProtocolError(.invalidRequest, "\"frame_rate\" must be at most \(maxRate) on this server, got \(subscription.frameRate)")
            }
            if let names = subscription.transitions {
                let known = Set((delegate?.transitionInfos() ?? []).map(\.name))
                if let unknown = names.subtracting(known).sorted().first {
                    throw ProtocolError(.unknownTransition, "no transition named \"\(unknown)\" (configured: \(known.sorted().joined(separator: ", ")))")
                }
            }
            session.subscription = subscription
            session.nextFrameUs = 0
            logger.debug("client \(client.id) subscribed")
            rescheduleFrames()
            return .subscribed
        case .list:
            let infos = delegate?.transitionInfos() ?? []
            let states = Dictionary(visibleStates(to: client, atUs: MonotonicClock.nowUs()).map { ($0.name, $0) },
                                    uniquingKeysWith: { first, _ in first })
            return .list(infos.map { info in
                TransitionListing(info: info, state: states[info.name]
                    ?? TransitionState(name: info.name, phase: .idle, gesture: nil, progress: 0, velocity: 0))
            })
        case .status:
            let now = MonotonicClock.nowUs()
            var counters = core.counters.dictionary
            counters["clients_connected"] = UInt64(core.connections.count)
            counters["queued_bytes"] = UInt64(max(0, core.queuedBytes))
            for (name, value) in moreCounters() { counters[name] = value }
            for (name, value) in delegate?.statusCounters() ?? [:] { counters[name] = value }
            let visible = StatusVisibility.clients(core.connections.values.sorted { $0.id < $1.id }.map { $0.info(subscription: sessions[$0.id]?.subscription) },
                                                   shownTo: client.credentials.uid)
            return .status(StatusInfo(
                server: core.configuration.serverName, protocolVersion: ProtocolVersion.current, pid: getpid(),
                uptimeUs: now - startedUs, devices: delegate?.deviceInfos() ?? [],
                clients: visible.shown, otherClients: visible.others,
                counters: counters, transitions: visibleStates(to: client, atUs: now), access: core.deliveryPolicy.info))
        case .trigger(let request):
            try requireDelivery(client, "trigger")
            let delegate = try requireDelegate()
            try requireTransition(request.transition, delegate)
            logger.info("client \(client.id) triggers \(escaped: request.transition)\(request.reverse ? " (reverse)" : "")")
            triggerCapture = (request.transition, nil)
            defer { triggerCapture = nil }
            do {
                try delegate.runTrigger(request)
            } catch {
                throw ProtocolError(.failed, error.message)
            }
            return .triggered(gesture: triggerCapture?.gesture)
        case .cancel(let transition):
            try requireDelivery(client, "cancel")
            let delegate = try requireDelegate()
            if let transition { try requireTransition(transition, delegate) }
            logger.info("client \(client.id) cancels \(escaped: transition, else: "every transition")")
            do {
                return .cancelled(count: try delegate.cancelTransitions(transition))
            } catch {
                throw ProtocolError(.failed, error.message)
            }
        case .sync:
            return .synced
        case .settings(let request):
            return try answerSettings(request, from: client)
        case .declare, .update, .withdraw:
            return try answerDeclaration(command, for: client)
        }
    }

    private func requireDelegate() throws(ProtocolError) -> any TransitionServerDelegate {
        guard let delegate else { throw ProtocolError(.unavailable, "no engine is attached to this server") }
        return delegate
    }

    private func requireTransition(_ name: String, _ delegate: any TransitionServerDelegate) throws(ProtocolError) {
        let known = delegate.transitionInfos().map(\.name)
        guard known.contains(name) else {
            throw ProtocolError(.unknownTransition, "no transition named \"\(name)\" (configured: \(known.joined(separator: ", ")))")
        }
    }

    /// The state of every subscribed transition, right after the `subscribe` reply.
    func sendSnapshot(to session: NativeSession) {
        guard let subscription = session.subscription else { return }
        let client = session.connection
        let now = MonotonicClock.nowUs()
        let states = visibleStates(to: client, atUs: now).filter { subscription.accepts(transition: $0.name) }
        let kind = encoder.encodeBody(Snapshot(timeUs: now, transitions: states))
        deliver(to: client, kind: kind, body: encoder.body)
    }
}
