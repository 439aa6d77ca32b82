// SPDX-License-Identifier: MIT
/// Who receives transition events: only the user of the seat's active session
/// (``activeSession``), or every client that may connect (``group``).
public enum AccessMode: String, Sendable, Hashable, CaseIterable {
    /// Root, the configured exempt uids and the user of the seat's active, unlocked session.
    case activeSession = "active-session"
    /// Everyone who can connect (the socket's group decides).
    case group
}

/// The seat's active session, as `status` reports it.
public struct SessionInfo: Sendable, Hashable {
    /// logind's session id (`c2`, `3`).
    public var id: String
    /// Its user.
    public var uid: UInt32
    /// The user's name, when it resolves.
    public var user: String?
    /// Its locked hint (set by a screen locker).
    public var locked: Bool
    /// logind's class (`user`, `greeter`, `lock-screen`), when known.
    public var sessionClass: String?
    /// logind's state (`online`, `active`, `closing`), when known.
    public var state: String?

    public init(id: String, uid: UInt32, user: String? = nil, locked: Bool = false,
                sessionClass: String? = nil, state: String? = nil) {
        self.id = id; self.uid = uid; self.user = user; self.locked = locked
        self.sessionClass = sessionClass; self.state = state
    }
}

/// The `access` member of a `status` reply: the mode in force and the session it follows.
public struct AccessInfo: Sendable, Hashable {
    public var mode: AccessMode
    /// Why this mode: configured, or chosen at startup (e.g. "default: logind runs").
    public var modeReason: String
    /// The seat followed (active-session mode).
    public var seat: String?
    /// Uids that always receive events (besides root).
    public var always: [UInt32]
    /// The seat's active session, `nil` when none (or in group mode).
    public var session: SessionInfo?

    public init(mode: AccessMode, modeReason: String, seat: String? = nil, always: [UInt32] = [],
                session: SessionInfo? = nil) {
        self.mode = mode; self.modeReason = modeReason; self.seat = seat; self.always = always
        self.session = session
    }
}
