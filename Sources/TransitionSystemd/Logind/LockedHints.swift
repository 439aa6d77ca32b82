// SPDX-License-Identifier: MIT
/// The locked hints known of logind's sessions, and what becomes of them when the system bus
/// goes away and comes back. Pure: ``LockedHintWatcher`` feeds it replies, signals and the bus's
/// state, and asks it what to ask logind.
///
/// While the bus is away, nothing logind says can be heard: a hint known then may be stale. A
/// session that was locked stays locked (fail closed: nobody starts receiving a locked session's
/// gestures because the bus restarted); one that was unlocked stays unlocked. Once the bus is
/// back, every followed session is asked again, and the answers replace the old hints.
struct LockedHints: Sendable, Hashable {
    /// Session id → locked hint, from replies and signals (possibly from before a loss).
    private(set) var hints: [String: Bool] = [:]
    /// Sessions whose hint has been asked for and not answered yet.
    private(set) var asked: Set<String> = []
    /// The sessions of the seat, as last followed.
    private(set) var followed: [String] = []

    /// The session's hint, when known (while the bus is away: as it was).
    func locked(_ session: String) -> Bool? { hints[session] }

    /// The seat's sessions are now `sessions`: forgets the others; returns the sessions to ask
    /// about (neither known nor asked for yet).
    mutating func follow(_ sessions: [String]) -> [String] {
        followed = sessions
        let keep = Set(sessions)
        hints = hints.filter { keep.contains($0.key) }
        asked.formIntersection(keep)
        return sessions.filter { hints[$0] == nil && !asked.contains($0) }
    }

    /// A question went out.
    mutating func didAsk(_ session: String) { asked.insert(session) }

    /// A question was answered: `locked`, or `nil` when logind did not say. Returns whether the
    /// hint changed.
    mutating func answered(_ session: String, locked: Bool?) -> Bool {
        asked.remove(session)
        guard let locked else { return false }
        return set(session, locked)
    }

    /// A signal said `locked`. Returns whether the hint changed.
    mutating func set(_ session: String, _ locked: Bool) -> Bool {
        guard hints[session] != locked else { return false }
        hints[session] = locked
        return true
    }

    /// A signal invalidated the hint: returns whether to ask for it (not already asked).
    mutating func invalidated(_ session: String) -> Bool {
        hints[session] = nil
        return !asked.contains(session)
    }

    /// The bus went away: questions in flight will never be answered. The hints stay as they
    /// were (a locked session stays locked).
    mutating func busLost() { asked = [] }

    /// The bus is back (or logind came back on it): every followed session is to be asked again;
    /// until the answers come, the old hints stand.
    mutating func busRecovered() -> [String] {
        asked = []
        return followed
    }
}
