// SPDX-License-Identifier: MIT

/// Who may press keys through the uinput key service: root, and the user of the seat's active
/// session while that session is not locked. Without logind no session is ever active, so only
/// root may. Pure: the service asks it for every request, with the session as logind says now.
public enum KeyServiceAccess {
    /// The seat's active session, as far as access goes.
    public struct Session: Equatable, Sendable {
        public var id: String
        public var uid: UInt32
        public var locked: Bool
        public init(id: String, uid: UInt32, locked: Bool) { self.id = id; self.uid = uid; self.locked = locked }
    }

    /// The answer for one request.
    public enum Decision: Equatable, Sendable {
        /// Press the keys; the session they go to (`nil`: root without an active session).
        case allowed(session: String?)
        /// Do not; the reason and the words for the peer.
        case refused(KeyServiceRefusal, String)
    }

    /// Whether a peer of `uid` may press keys now on `seat`, whose active session is `session`
    /// (`nil`: none, or no logind, as `logind` says).
    public static func decide(uid: UInt32, seat: String, session: Session?, logind: Bool) -> Decision {
        if uid == 0 { return .allowed(session: session?.id) }
        guard logind else {
            return .refused(.notActive, "logind does not run here, so no session is active: only root may press keys")
        }
        guard let session else { return .refused(.notActive, "no session is active on \(seat)") }
        guard session.uid == uid else {
            return .refused(.notActive, "uid \(uid) is not the user of \(seat)'s active session")
        }
        guard !session.locked else { return .refused(.locked, "your session \(session.id) on \(seat) is locked") }
        return .allowed(session: session.id)
    }
}
