// SPDX-License-Identifier: MIT
public import TransitionProtocol

/// Who receives transition events: the access mode in force, the uids exempt from it, and the
/// seat's active session. Pure: the server asks it about each connection's peer uid whenever
/// the policy or the session changes, and once when a client connects.
///
/// In ``AccessMode/group`` mode everyone who can connect receives events. In
/// ``AccessMode/activeSession`` mode, root and the ``always`` uids do; anyone else only while
/// they are the user of the seat's active session and that session is not locked.
public struct DeliveryPolicy: Sendable, Hashable {
    /// The mode in force.
    public var mode: AccessMode
    /// Why this mode (configured, or the default and what decided it), for the log and `status`.
    public var modeReason: String
    /// Uids that always receive events, besides root (`[access] always`).
    public var always: Set<UInt32>
    /// The seat whose active session counts.
    public var seat: String
    /// The seat's active session; `nil` when none is active.
    public var session: SessionInfo?
    /// The uid SO_PEERCRED reports for a peer whose uid this process's user namespace does not
    /// map (the kernel's overflow uid), when the namespace leaves uids unmapped; `nil` when every
    /// uid is mapped. Such a peer cannot be told apart from any other: it is never delivered to
    /// in active-session mode (reason ``PauseReason/unidentified``).
    public var unmappedUID: UInt32?

    /// A policy with these parts.
    public init(mode: AccessMode, modeReason: String, always: Set<UInt32> = [], seat: String = "seat0",
                session: SessionInfo? = nil, unmappedUID: UInt32? = nil) {
        self.mode = mode; self.modeReason = modeReason; self.always = always; self.seat = seat
        self.session = session; self.unmappedUID = unmappedUID
    }

    /// Everyone receives events: the server's default until the daemon says otherwise.
    public static let everyone = DeliveryPolicy(mode: .group, modeReason: "default")

    /// Whether a peer with `uid` receives transition events, and if not, why.
    public func decide(uid: UInt32) -> ClientDelivery {
        guard mode == .activeSession else { return .active }
        if uid == 0 || always.contains(uid) { return .active }
        if let unmappedUID, uid == unmappedUID { return .paused(.unidentified) }
        guard let session else { return .paused(.noSession) }
        guard session.uid == uid else { return .paused(.inactive) }
        return session.locked ? .paused(.locked) : .active
    }

    /// The `message` of a `delivery` `paused` for `reason`.
    public func explanation(_ reason: PauseReason) -> String {
        switch reason {
        case .inactive: "another user's session is active on \(seat): transition events resume when yours is"
        case .locked: "your session on \(seat) is locked: transition events resume when it is unlocked"
        case .noSession: "no session is active on \(seat): transition events resume when yours is"
        case .unidentified:
            "transitiond cannot tell which user this connection belongs to (its user namespace does not map your uid); "
                + "see docs/service.md"
        default: "transition events are paused (\(reason))"
        }
    }

    /// For `status`.
    public var info: AccessInfo {
        AccessInfo(mode: mode, modeReason: modeReason, seat: mode == .activeSession ? seat : nil,
                   always: always.sorted(), session: mode == .activeSession ? session : nil)
    }
}
