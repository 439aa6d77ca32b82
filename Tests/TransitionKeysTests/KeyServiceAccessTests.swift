// SPDX-License-Identifier: MIT
import Testing
import TransitionKeys

/// Who may press keys: root, and the active session's user while it is unlocked.
@Suite struct KeyServiceAccessTests {
    private let alice = KeyServiceAccess.Session(id: "2", uid: 1000, locked: false)

    @Test func theActiveUserMay() {
        #expect(KeyServiceAccess.decide(uid: 1000, seat: "seat0", session: alice, logind: true) == .allowed(session: "2"))
    }

    @Test func anotherUserMayNot() {
        let decision = KeyServiceAccess.decide(uid: 1001, seat: "seat0", session: alice, logind: true)
        #expect(decision == .refused(.notActive, "uid 1001 is not the user of seat0's active session"))
    }

    @Test func nobodyButRootWithoutASession() {
        #expect(KeyServiceAccess.decide(uid: 1000, seat: "seat0", session: nil, logind: true)
                == .refused(.notActive, "no session is active on seat0"))
        #expect(KeyServiceAccess.decide(uid: 0, seat: "seat0", session: nil, logind: true) == .allowed(session: nil))
    }

    @Test func aLockedSessionPressesNothing() {
        var locked = alice
        locked.locked = true
        guard case .refused(.locked, _) = KeyServiceAccess.decide(uid: 1000, seat: "seat0", session: locked, logind: true) else {
            Issue.record("a locked session was allowed")
            return
        }
    }

    @Test func withoutLogindOnlyRoot() {
        guard case .refused(.notActive, let why) = KeyServiceAccess.decide(uid: 1000, seat: "seat0", session: nil, logind: false) else {
            Issue.record("a user was allowed without logind")
            return
        }
        #expect(why.contains("only root"))
        #expect(KeyServiceAccess.decide(uid: 0, seat: "seat0", session: nil, logind: false) == .allowed(session: nil))
    }
}
