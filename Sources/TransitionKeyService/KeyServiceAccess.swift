// SPDX-License-Identifier: MIT
import TransitionKeys
import TransitionProtocol
import TransitionServer

/// Who may press keys through the uinput key service: the daemon's own active-session rule
/// (``DeliveryPolicy`` in active-session mode, with no `[access] always` uids), in the key
/// service's words: root always; anyone else only while they are the user of the seat's active
/// session and it is not locked. Without logind no session is ever active, so only root may.
/// Pure: the service asks it for every request, with the session as logind says then.
enum KeyServiceAccess {
    /// `nil` when a peer of `uid` may press keys now; else why not. `session` is the seat's active
    /// session (`nil`: none, or no logind as `logind` says); `unmappedUID` as
    /// ``UserNamespaceMap/unmappedPeerUID()`` says.
    static func refusal(uid: UInt32, seat: String, session: SessionInfo?, logind: Bool,
                        unmappedUID: UInt32? = nil) -> (reason: KeyServiceRefusal, message: String)? {
        let policy = DeliveryPolicy(mode: .activeSession, modeReason: "the key service", seat: seat, session: session,
                                    unmappedUID: unmappedUID)
        switch policy.decide(uid: uid) {
        case .active:
            return nil
        case .paused(.locked):
            return (.locked, "your session \(session?.id ?? "") on \(seat) is locked")
        case .paused(.noSession) where !logind:
            return (.notActive, "logind does not run here, so no session is active: only root may press keys")
        case .paused(.noSession):
            return (.notActive, "no session is active on \(seat)")
        case .paused(.unidentified):
            return (.notActive, "the key service cannot tell who uid \(uid) is (a user namespace maps only some uids)")
        case .paused:
            return (.notActive, "uid \(uid) is not the user of \(seat)'s active session")
        }
    }
}
