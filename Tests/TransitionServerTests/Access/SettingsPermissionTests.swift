// SPDX-License-Identifier: MIT
import Testing
import TransitionProtocol
@testable import TransitionServer

/// Who may send their own settings: the active session's user only (locked or not), nobody
/// else, not even root or the `always` uids; everyone in group mode.
@Suite struct SettingsPermissionTests {
    typealias P = DeliveryPolicyTests

    @Test func onlyTheActiveSessionsUserInActiveSessionMode() {
        for session in P.sessions {
            for uid: UInt32 in [0, P.alice, P.bob, P.greeter, P.overflow, 4242] {
                let policy = P.policy(session: session, unmapped: P.overflow)
                let allowed = session != nil && session?.uid == uid && uid != P.overflow
                #expect((policy.settingsRefusal(uid: uid) == nil) == allowed, "uid \(uid), \(String(describing: session))")
                #expect(policy.keepsSettings(of: uid) == allowed)
            }
        }
    }

    @Test func everyoneInGroupMode() {
        for session in P.sessions {
            for uid: UInt32 in [0, P.alice, P.bob, 4242] {
                #expect(P.policy(.group, session: session).settingsRefusal(uid: uid) == nil)
            }
        }
    }

    @Test func theRefusalSaysWhoMay() {
        let policy = P.policy(session: SessionInfo(id: "c2", uid: P.bob, user: "bob"))
        #expect(policy.settingsRefusal(uid: P.alice) == "only the user of the active session on seat0 (uid 1001) may send settings, not uid 1000")
        #expect(P.policy(session: nil).settingsRefusal(uid: P.alice)?.hasPrefix("no session is active on seat0") == true)
    }
}
