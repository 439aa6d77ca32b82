// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionKeyService
import TransitionKeys
import TransitionProtocol

/// Who may press keys through the uinput key service: root, and the active session's user while
/// it is unlocked; nobody else, and only root without logind.
@Suite struct KeyServiceAccessTests {
    private let alice = SessionInfo(id: "2", uid: 1000, user: "alice")

    private func reason(_ uid: UInt32, _ session: SessionInfo?, logind: Bool = true, unmapped: UInt32? = nil) -> KeyServiceRefusal? {
        KeyServiceAccess.refusal(uid: uid, seat: "seat0", session: session, logind: logind, unmappedUID: unmapped)?.reason
    }

    @Test func theActiveUserMay() {
        #expect(reason(1000, alice) == nil)
    }

    @Test func anotherUserMayNot() {
        let refusal = KeyServiceAccess.refusal(uid: 1001, seat: "seat0", session: alice, logind: true)
        #expect(refusal?.reason == .notActive)
        #expect(refusal?.message == "uid 1001 is not the user of seat0's active session")
    }

    @Test func nobodyButRootWithoutASession() {
        #expect(KeyServiceAccess.refusal(uid: 1000, seat: "seat0", session: nil, logind: true)?.message
                == "no session is active on seat0")
        #expect(reason(0, nil) == nil)
        #expect(reason(0, alice) == nil)
    }

    @Test func aLockedSessionPressesNothing() {
        var locked = alice
        locked.locked = true
        #expect(reason(1000, locked) == .locked)
        #expect(reason(0, locked) == nil)
    }

    @Test func withoutLogindOnlyRoot() {
        let refusal = KeyServiceAccess.refusal(uid: 1000, seat: "seat0", session: nil, logind: false)
        #expect(refusal?.reason == .notActive)
        #expect(refusal?.message.contains("only root") == true)
        #expect(reason(0, nil, logind: false) == nil)
    }

    @Test func aPeerTheNamespaceDoesNotMapIsRefused() {
        let overflow = SessionInfo(id: "3", uid: 65534)
        #expect(reason(65534, overflow, unmapped: 65534) == .notActive)
    }
}
