// SPDX-License-Identifier: MIT
import Logging
import TransitionCore
import TransitionProtocol

extension NativeProtocol {
    /// A native connection's delivery changed (``TransitionServer/setDeliveryPolicy(_:)``):
    ///
    /// - losing it, it first gets, for every transition in flight that its subscription covers,
    ///   `ended` (outcome `cancel`, reason `session_changed`, back to 0 with no animation) and
    ///   `completed` (`finished: false`), so nothing is left hanging; then a `delivery` `paused`
    ///   with the reason; the transitions it declared are withdrawn;
    /// - paused for another reason, a new `delivery` `paused`;
    /// - regaining it, `delivery` `resumed` and, when subscribed, a `snapshot`: a gesture in
    ///   flight continues for it from there, as after `subscribe`.
    func deliveryChanged(_ session: NativeSession, from old: ClientDelivery, nowUs: UInt64) {
        switch session.connection.delivery {
        case .paused(let reason):
            if old == .active { endInFlight(for: session, delegate?.transitionStates(atUs: nowUs) ?? [], nowUs: nowUs) }
            notify(session, DeliveryNotice(state: .paused, reason: reason, message: core.deliveryPolicy.explanation(reason), timeUs: nowUs))
            if old == .active { declaringClientPaused(session.connection.id) }
        case .active:
            notify(session, DeliveryNotice(state: .resumed, message: "transition events flow again", timeUs: nowUs))
            if session.subscription != nil { sendSnapshot(to: session) }
        }
    }

    /// `trigger` and `cancel` need delivery: a background user must not drive the seat.
    func requireDelivery(_ client: ClientConnection, _ request: String) throws(ProtocolError) {
        guard case .paused(let reason) = client.delivery else { return }
        throw ProtocolError(.deliveryPaused, "\(request) refused: delivery is paused for this connection (\(reason)): "
                            + core.deliveryPolicy.explanation(reason))
    }

    /// What `snapshot`, `list` and `status` show a connection of the transitions: while it is
    /// paused, every transition idle, so a background user cannot watch by polling.
    func visibleStates(to client: ClientConnection, atUs nowUs: UInt64) -> [TransitionState] {
        guard client.isPaused else { return delegate?.transitionStates(atUs: nowUs) ?? [] }
        return (delegate?.transitionInfos() ?? []).map {
            TransitionState(name: $0.name, phase: .idle, gesture: nil, progress: 0, velocity: 0)
        }
    }

    /// Ends every transition in flight for `session` only: `ended` (cancel, `session_changed`,
    /// no animation, back to 0) and `completed`, as its subscription lets through.
    private func endInFlight(for session: NativeSession, _ states: [TransitionState], nowUs: UInt64) {
        guard let subscription = session.subscription else { return }
        // Its own encoder: `encoder` may hold a body a caller is still broadcasting.
        var encoder = MessageEncoder()
        for state in states where state.phase != .idle {
            guard let gesture = state.gesture else { continue }
            if subscription.accepts(.ended, of: state.name) {
                let ended = EndedEvent(outcome: .cancel, reason: .sessionChanged, from: state.progress, to: 0,
                                       velocity: 0, animation: .none(to: 0))
                let kind = encoder.encodeBody(TransitionEvent(transition: state.name, gesture: gesture, timeUs: nowUs,
                                                              payload: .ended(ended)))
                deliver(to: session.connection, kind: kind, body: encoder.body)
            }
            if subscription.accepts(.completed, of: state.name) {
                let kind = encoder.encodeBody(TransitionEvent(transition: state.name, gesture: gesture, timeUs: nowUs,
                                                              payload: .completed(CompletedEvent(finished: false, progress: 0))))
                deliver(to: session.connection, kind: kind, body: encoder.body)
            }
        }
    }

    func notify(_ session: NativeSession, _ notice: DeliveryNotice) {
        var encoder = MessageEncoder()
        let kind = encoder.encodeBody(notice)
        deliver(to: session.connection, kind: kind, body: encoder.body)
    }
}
