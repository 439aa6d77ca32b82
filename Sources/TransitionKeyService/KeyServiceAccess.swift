// SPDX-License-Identifier: MIT
import TransitionKeys
import TransitionProtocol
import TransitionServer

/// Who may press keys through the uinput key service: root always; anyone else only from a
/// process **in** the seat's active session (its session as logind gives it,
/// ``KeyServicePeerCheck``) or, having none, in the systemd manager of that session's user (as
/// polkit counts it in the user's display session), whose user is that session's, while the
/// session is known to be unlocked. Without logind no session is ever active, so only root may. Pure: the service asks
/// it at accept (without the lock: ``LockState`` `nil`) and for every request, with the lock
/// state read from logind for that request.
enum KeyServiceAccess {
    /// The active session's lock state, as read for one request.
    enum LockState: Equatable, Sendable {
        case unlocked
        case locked
        /// logind did not answer (or the service could not ask): fail closed.
        case unknown(String)
    }

    /// `nil` when a peer of `uid` may press keys now; else why not. `peer` is the peer process's
    /// session (`nil`: not checked, for a decision about a uid alone); `session` the seat's
    /// active session (`nil`: none, or no logind as `logind` says), whose cached locked hint
    /// counts unless `lock` (read for this request) is given; `unmappedUID` as
    /// ``UserNamespaceMap/unmappedPeerUID()`` says.
    static func refusal(uid: UInt32, peer: KeyServicePeerCheck.PeerSession? = nil, lock: LockState? = nil,
                        seat: String, session: SessionInfo?, logind: Bool,
                        unmappedUID: UInt32? = nil) -> (reason: KeyServiceRefusal, message: String)? {
        var active = session
        if lock != nil { active?.locked = false }
        let policy = DeliveryPolicy(mode: .activeSession, modeReason: "the key service", seat: seat, session: active,
                                    unmappedUID: unmappedUID)
        switch policy.decide(uid: uid) {
        case .active:
            break
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
        guard uid != 0, let active else { return nil }
        switch peer {
        case nil:
            break
        case .some(.session(active.id)):
            break
        case .some(.session(let other)):
            return (.notActive, "the peer is in session \(other), not in \(seat)'s active session \(active.id) "
                        + "(an ssh login, another seat or a session in the background): only its processes may press keys")
        case .some(.userManager(owner: uid, unit: _)):
            // The session's user's own manager: the applications of GNOME and KDE Plasma, which
            // systemd starts outside the session's scope.
            break
        case .some(.userManager(let owner, let unit)):
            return (.notActive, "the peer runs as \(unit) in uid \(owner)'s service manager, not uid \(uid)'s: "
                        + "only processes of \(seat)'s active session \(active.id) and of its user's own manager may press keys")
        case .some(.none(let why)):
            return (.notActive, "the peer is in no login session (\(why): a cron job, a system service): "
                        + "only processes of \(seat)'s active session \(active.id) and of its user's own manager may press keys")
        }
        switch lock {
        case nil, .unlocked?:
            return nil
        case .locked?:
            return (.locked, "your session \(active.id) on \(seat) is locked")
        case .unknown(let why)?:
            return (.locked, "cannot tell whether session \(active.id) on \(seat) is locked (\(why)): nothing is pressed until logind says")
        }
    }
}
