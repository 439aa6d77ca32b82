// SPDX-License-Identifier: MIT
import Logging
import TransitionCore
import TransitionProtocol

extension TransitionServer {
    /// Replaces the policy that decides who receives transition events (a session switch, a
    /// lock or unlock, a reload) and applies it to every connection at once:
    ///
    /// - a connection that loses delivery first gets, for every transition in flight that its
    ///   subscription covers, `ended` (outcome `cancel`, reason `session_changed`, back to 0 with
    ///   no animation) and `completed` (`finished: false`), so nothing is left hanging; then a
    ///   `delivery` `paused` with the reason;
    /// - a paused connection whose reason changes gets a new `delivery` `paused`;
    /// - a connection that regains delivery gets `delivery` `resumed` and, when subscribed, a
    ///   `snapshot`: a gesture in flight continues for it from there, as after `subscribe`.
    ///
    /// Connections losing delivery are handled before those gaining it. The engine is not
    /// touched: a gesture in flight goes on for whoever receives it now.
    public func setDeliveryPolicy(_ policy: DeliveryPolicy) {
        guard policy != deliveryPolicy else { return }
        deliveryPolicy = policy
        let now = MonotonicClock.nowUs()
        var states: [TransitionState]?
        var resumed: [ClientConnection] = []
        var paused = 0
        for client in clients.values.sorted(by: { $0.id < $1.id }) {
            let new = policy.decide(uid: client.credentials.uid)
            guard new != client.delivery else { continue }
            switch (client.delivery, new) {
            case (.active, .paused(let reason)):
                if states == nil { states = delegate?.transitionStates(atUs: now) ?? [] }
                endInFlight(for: client, states ?? [], nowUs: now)
                endToucheggGestures(for: client, nowUs: now)
                client.delivery = new
                notify(client, DeliveryNotice(state: .paused, reason: reason, message: policy.explanation(reason), timeUs: now))
                declaringClientPaused(client.id)
                paused += 1
            case (.paused, .paused(let reason)):
                client.delivery = new
                notify(client, DeliveryNotice(state: .paused, reason: reason, message: policy.explanation(reason), timeUs: now))
            case (_, .active):
                resumed.append(client)
            }
        }
        for client in resumed where !client.isClosed {
            client.delivery = .active
            notify(client, DeliveryNotice(state: .resumed, message: "transition events flow again", timeUs: now))
            if client.speaks.native?.subscription != nil { sendSnapshot(to: client) }
        }
        if paused + resumed.count > 0 {
            logger.info("delivery paused for \(paused) connection\(paused == 1 ? "" : "s"), resumed for \(resumed.count)")
        }
        rescheduleFrames()
    }

    /// A new connection's delivery; a paused one is told right after `hello`.
    func admitDelivery(of client: ClientConnection, nowUs: UInt64) {
        client.delivery = deliveryPolicy.decide(uid: client.credentials.uid)
        guard case .paused(let reason) = client.delivery else { return }
        logger.debug("client \(client.id) (\(client.credentials)) starts paused: \(reason)")
        notify(client, DeliveryNotice(state: .paused, reason: reason, message: deliveryPolicy.explanation(reason), timeUs: nowUs))
    }

    /// `trigger` and `cancel` need delivery: a background user must not drive the seat.
    func requireDelivery(_ client: ClientConnection, _ request: String) throws(ProtocolError) {
        guard case .paused(let reason) = client.delivery else { return }
        throw ProtocolError(.deliveryPaused, "\(request) refused: delivery is paused for this connection (\(reason)): "
                            + deliveryPolicy.explanation(reason))
    }

    /// What `snapshot`, `list` and `status` show a connection of the transitions: while it is
    /// paused, every transition idle, so a background user cannot watch by polling.
    func visibleStates(to client: ClientConnection, atUs nowUs: UInt64) -> [TransitionState] {
        guard client.isPaused else { return delegate?.transitionStates(atUs: nowUs) ?? [] }
        return (delegate?.transitionInfos() ?? []).map {
            TransitionState(name: $0.name, phase: .idle, gesture: nil, progress: 0, velocity: 0)
        }
    }

    /// Ends every transition in flight for `client` only: `ended` (cancel, `session_changed`,
    /// no animation, back to 0) and `completed`, as its subscription lets through.
    private func endInFlight(for client: ClientConnection, _ states: [TransitionState], nowUs: UInt64) {
        guard let subscription = client.speaks.native?.subscription else { return }
        // Its own encoder: `encoder` may hold a body a caller is still broadcasting.
        var encoder = MessageEncoder()
        for state in states where state.phase != .idle {
            guard let gesture = state.gesture else { continue }
            if subscription.accepts(.ended, of: state.name) {
                let ended = EndedEvent(outcome: .cancel, reason: .sessionChanged, from: state.progress, to: 0,
                                       velocity: 0, animation: .none(to: 0))
                let kind = encoder.encodeBody(TransitionEvent(transition: state.name, gesture: gesture, timeUs: nowUs,
                                                              payload: .ended(ended)))
                deliver(to: client, kind: kind, body: encoder.body)
            }
            if subscription.accepts(.completed, of: state.name) {
                let kind = encoder.encodeBody(TransitionEvent(transition: state.name, gesture: gesture, timeUs: nowUs,
                                                              payload: .completed(CompletedEvent(finished: false, progress: 0))))
                deliver(to: client, kind: kind, body: encoder.body)
            }
        }
    }

    private func notify(_ client: ClientConnection, _ notice: DeliveryNotice) {
        guard case .native = client.speaks else { return }
        var encoder = MessageEncoder()
        let kind = encoder.encodeBody(notice)
        deliver(to: client, kind: kind, body: encoder.body)
    }
}
