// SPDX-License-Identifier: MIT
import TransitionProtocol

extension NativeProtocol {
    /// `settings`: only the user at the screen tunes the gestures (``DeliveryPolicy/settingsRefusal(uid:)``);
    /// the delegate validates and applies them.
    func answerSettings(_ request: SettingsRequest, from client: ClientConnection) throws(ProtocolError) -> ReplyResult {
        guard let delegate else { throw ProtocolError(.unavailable, "no engine is attached to this server") }
        if let refusal = core.deliveryPolicy.settingsRefusal(uid: client.credentials.uid) {
            throw ProtocolError(.notPermitted, "settings refused: \(refusal)")
        }
        let sender = SettingsSender(clientID: client.id, uid: client.credentials.uid, pid: client.credentials.pid)
        return .settings(try delegate.applySettings(request, from: sender))
    }
}

/// Who sent a `settings` request: the connection (its settings end with it) and its peer's
/// credentials (SO_PEERCRED).
public struct SettingsSender: Sendable, Hashable {
    /// The connection's id, as in `status`.
    public var clientID: UInt64
    /// The peer's uid.
    public var uid: UInt32
    /// The peer's pid, for the log.
    public var pid: Int32

    /// A sender.
    public init(clientID: UInt64, uid: UInt32, pid: Int32) { self.clientID = clientID; self.uid = uid; self.pid = pid }
}
