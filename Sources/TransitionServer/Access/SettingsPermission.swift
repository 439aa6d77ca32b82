// SPDX-License-Identifier: MIT
import TransitionProtocol

extension DeliveryPolicy {
    /// Why a peer with `uid` may not send its own settings, or `nil` when it may.
    ///
    /// In active-session mode only the user of the seat's active session may (locked or not:
    /// a lock does not change whose gestures they are); root and the `always` uids are no
    /// exception, since the settings are a person's. In group mode everyone who can connect
    /// receives every event, so everyone may: the last settings sent are in force.
    public func settingsRefusal(uid: UInt32) -> String? {
        guard mode == .activeSession else { return nil }
        if let unmappedUID, uid == unmappedUID { return explanation(.unidentified) }
        guard let session else { return "no session is active on \(seat); only the active session's user may send settings" }
        guard session.uid == uid else {
            return "only the user of the active session on \(seat) (uid \(session.uid)) may send settings, not uid \(uid)"
        }
        return nil
    }

    /// Whether settings sent by `uid` stay in force under this policy (a session switch or a
    /// log-out ends them).
    public func keepsSettings(of uid: UInt32) -> Bool { settingsRefusal(uid: uid) == nil }
}
