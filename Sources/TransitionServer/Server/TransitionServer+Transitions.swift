// SPDX-License-Identifier: MIT
public import TransitionProtocol

extension TransitionServer {
    /// Tells every connected native client, subscribed or not, that the configured transitions
    /// changed (call it after a configuration reload, with the list from before): sends
    /// `transitions_changed` with the delegate's list, unless that list equals `previous`.
    /// Returns whether it was sent. Touchégg's clients get nothing: the line is native JSON, and
    /// on their D-Bus socket GDBus reads it as a malformed message and closes the connection.
    @discardableResult
    public func transitionsChanged(from previous: [TransitionInfo]) -> Bool {
        let current = delegate?.transitionInfos() ?? []
        guard current != previous, !isStopped else { return false }
        let kind = encoder.encodeBody(TransitionsChanged(timeUs: MonotonicClock.nowUs(), transitions: current))
        for client in clients.values.sorted(by: { $0.id < $1.id }) where client.speaks.native != nil {
            deliver(to: client, kind: kind, body: encoder.body)
        }
        return true
    }
}
