// SPDX-License-Identifier: MIT
public import TransitionProtocol

extension TransitionServer {
    /// Tells every connected native client, subscribed or not, that the configured transitions
    /// changed (call it after a configuration reload, with the list from before): sends
    /// `transitions_changed` with the delegate's list, unless that list equals `previous`.
    /// Returns whether it was sent. Only the native protocol writes it: Touchégg's clients get
    /// nothing (on their D-Bus socket GDBus would read a JSON line as a malformed message and
    /// close the connection).
    @discardableResult
    public func transitionsChanged(from previous: [TransitionInfo]) -> Bool {
        native.transitionsChanged(from: previous)
    }
}
