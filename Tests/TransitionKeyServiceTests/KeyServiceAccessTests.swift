// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionKeyService
import TransitionKeys
import TransitionProtocol

/// Who may press keys through the uinput key service: root, and a process in the active session,
/// of its user, while the session is known to be unlocked; nobody else, and only root without logind.
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

    // MARK: The peer's own session (issue 32)

    private func refusal(_ uid: UInt32, peer: KeyServicePeerCheck.PeerSession?,
                         lock: KeyServiceAccess.LockState? = .unlocked) -> (reason: KeyServiceRefusal, message: String)? {
        KeyServiceAccess.refusal(uid: uid, peer: peer, lock: lock, seat: "seat0", session: alice, logind: true)
    }

    @Test func aProcessOfTheActiveSessionMay() {
        #expect(refusal(1000, peer: .session("2")) == nil)
    }

    @Test func theActiveUsersProcessOutsideTheSessionMayNot() {
        let ssh = refusal(1000, peer: .session("7"))
        #expect(ssh?.reason == .notActive)
        #expect(ssh?.message.hasPrefix("the peer is in session 7, not in seat0's active session 2") == true)
        let cron = refusal(1000, peer: .none("pid 42 belongs to no session"))
        #expect(cron?.reason == .notActive)
        #expect(cron?.message.hasPrefix("the peer is in no login session (pid 42 belongs to no session") == true)
    }

    @Test func theActiveUsersOwnManagerMay() {
        // GNOME and KDE Plasma started by systemd: a terminal, the autostart, the user service.
        #expect(refusal(1000, peer: .userManager(owner: 1000, unit: "app-gnome-foot-1234.scope")) == nil)
        #expect(refusal(1000, peer: .userManager(owner: 1000, unit: "transitiond-actions.service")) == nil)
        #expect(refusal(1000, peer: .userManager(owner: 1000, unit: "a.service"), lock: .locked)?.reason == .locked)
    }

    @Test func theActiveUsersManagerIsRefusedOnceAnotherSessionIsInFront() {
        // alice's terminal in her manager, bob's session in front: refused on the uid.
        let bob = SessionInfo(id: "3", uid: 1001, user: "bob", locked: false)
        let refused = KeyServiceAccess.refusal(uid: 1000, peer: .userManager(owner: 1000, unit: "app-gnome-foot-1234.scope"),
                                               lock: .unlocked, seat: "seat0", session: bob, logind: true)
        #expect(refused?.reason == .notActive)
        #expect(refused?.message == "uid 1000 is not the user of seat0's active session")
    }

    @Test func theJournalNamesTheSessionOrTheManagersUnitEscaped() {
        #expect(KeyServicePeerCheck.PeerSession.session("2").journalName == "2")
        #expect(KeyServicePeerCheck.PeerSession.userManager(owner: 1000, unit: "app-gnome-foot-1234.scope").journalName
                    == "none (app-gnome-foot-1234.scope)")
        // libsystemd returns only valid unit names; a control character would still be escaped.
        #expect(KeyServicePeerCheck.PeerSession.userManager(owner: 1000, unit: "a\n<2>forged.service").journalName
                    == "none (a\\n<2>forged.service)")
        #expect(KeyServicePeerCheck.PeerSession.none("pid 42 belongs to no session").journalName == "none")
    }

    @Test func anotherUsersManagerMayNot() {
        let other = refusal(1000, peer: .userManager(owner: 1001, unit: "x.service"))
        #expect(other?.reason == .notActive)
        #expect(other?.message.hasPrefix("the peer runs as x.service in uid 1001's service manager, not uid 1000's") == true)
    }

    @Test func anotherUsersProcessInTheSessionMayNot() {
        // A uid that is not the session's is refused on the uid already (a setuid helper in it, say).
        #expect(refusal(1001, peer: .session("2"))?.message == "uid 1001 is not the user of seat0's active session")
    }

    @Test func rootNeedsNoSession() {
        #expect(refusal(0, peer: .none("pid 1 belongs to no session"), lock: .unknown("no bus")) == nil)
        #expect(refusal(0, peer: nil, lock: .locked) == nil)
    }

    // MARK: The lock state, read for each request: fails closed

    @Test func theLockReadForTheRequestDecides() {
        #expect(refusal(1000, peer: .session("2"), lock: .locked)?.reason == .locked)
        var cachedLocked = alice
        cachedLocked.locked = true
        // The request's read is newer than the cached hint, both ways.
        #expect(KeyServiceAccess.refusal(uid: 1000, peer: .session("2"), lock: .unlocked, seat: "seat0",
                                         session: cachedLocked, logind: true) == nil)
        #expect(KeyServiceAccess.refusal(uid: 1000, peer: .session("2"), lock: .locked, seat: "seat0",
                                         session: alice, logind: true)?.reason == .locked)
    }

    @Test func anUnknownLockStatePressesNothing() {
        let refused = refusal(1000, peer: .session("2"), lock: .unknown("logind did not answer within 250 ms"))
        #expect(refused?.reason == .locked)
        #expect(refused?.message == "cannot tell whether session 2 on seat0 is locked (logind did not answer within 250 ms): "
                + "nothing is pressed until logind says")
    }

    @Test func atAcceptTheCachedHintCounts() {
        var locked = alice
        locked.locked = true
        #expect(KeyServiceAccess.refusal(uid: 1000, peer: .session("2"), seat: "seat0", session: locked, logind: true)?.reason
                == .locked)
    }
}
