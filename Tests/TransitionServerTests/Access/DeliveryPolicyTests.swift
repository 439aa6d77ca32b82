// SPDX-License-Identifier: MIT
import Testing
import TransitionProtocol
@testable import TransitionServer
import TransitionSystemd

/// The access rules, every combination: mode × who the peer is × the seat's session.
@Suite struct DeliveryPolicyTests {
    static let alice: UInt32 = 1000, bob: UInt32 = 1001, greeter: UInt32 = 115, overflow: UInt32 = 65534

    static func policy(_ mode: AccessMode = .activeSession, session: SessionInfo?, always: Set<UInt32> = [greeter],
                       unmapped: UInt32? = nil) -> DeliveryPolicy {
        DeliveryPolicy(mode: mode, modeReason: "test", always: always, seat: "seat0", session: session, unmappedUID: unmapped)
    }

    static let sessions: [SessionInfo?] = [
        nil,
        SessionInfo(id: "c1", uid: alice, user: "alice"),
        SessionInfo(id: "c1", uid: alice, user: "alice", locked: true),
        SessionInfo(id: "c2", uid: bob, user: "bob"),
        SessionInfo(id: "c3", uid: greeter, sessionClass: "greeter"),
    ]

    @Test func groupModeDeliversToEveryone() {
        for session in Self.sessions {
            for uid: UInt32 in [0, Self.alice, Self.bob, Self.greeter, Self.overflow, 4242] {
                #expect(Self.policy(.group, session: session, unmapped: Self.overflow).decide(uid: uid) == .active)
            }
        }
    }

    @Test func rootAndTheExemptUidsAlwaysReceive() {
        for session in Self.sessions {
            #expect(Self.policy(session: session).decide(uid: 0) == .active)
            #expect(Self.policy(session: session).decide(uid: Self.greeter) == .active)
            // Root is exempt even when the namespace leaves uids unmapped (root is always mapped).
            #expect(Self.policy(session: session, unmapped: Self.overflow).decide(uid: 0) == .active)
        }
    }

    @Test func onlyTheActiveUnlockedSessionsUserReceives() {
        let table: [(SessionInfo?, UInt32, ClientDelivery)] = [
            (nil, Self.alice, .paused(.noSession)),
            (nil, Self.bob, .paused(.noSession)),
            (Self.sessions[1], Self.alice, .active),
            (Self.sessions[1], Self.bob, .paused(.inactive)),
            (Self.sessions[2], Self.alice, .paused(.locked)),
            (Self.sessions[2], Self.bob, .paused(.inactive)),
            (Self.sessions[3], Self.alice, .paused(.inactive)),
            (Self.sessions[3], Self.bob, .active),
            (Self.sessions[4], Self.alice, .paused(.inactive)),
        ]
        for (session, uid, expected) in table {
            #expect(Self.policy(session: session).decide(uid: uid) == expected, "\(String(describing: session)) uid \(uid)")
        }
    }

    @Test func aPeerTheNamespaceCannotMapIsNeverTakenForTheActiveUser() {
        // Even when the active session's uid is the overflow uid itself (it cannot be, but the
        // rule must not depend on it).
        let sessions = Self.sessions + [SessionInfo(id: "c9", uid: Self.overflow)]
        for session in sessions {
            #expect(Self.policy(session: session, unmapped: Self.overflow).decide(uid: Self.overflow) == .paused(.unidentified))
        }
        // Without an unmapped namespace, 65534 is just another user (nobody).
        #expect(Self.policy(session: SessionInfo(id: "c9", uid: Self.overflow)).decide(uid: Self.overflow) == .active)
    }

    @Test func everyPauseReasonHasASentence() {
        let policy = Self.policy(session: nil)
        for reason: PauseReason in [.inactive, .locked, .noSession, .unidentified, PauseReason(rawValue: "new")] {
            let text = policy.explanation(reason)
            #expect(!text.isEmpty)
            if reason != .unidentified { #expect(text.contains("seat0") || reason.rawValue == "new") }
        }
    }

    @Test func statusShowsTheSessionOnlyInActiveSessionMode() {
        let session = Self.sessions[1]
        let active = Self.policy(session: session).info
        #expect(active == AccessInfo(mode: .activeSession, modeReason: "test", seat: "seat0", always: [Self.greeter], session: session))
        let group = Self.policy(.group, session: session).info
        #expect(group.seat == nil && group.session == nil && group.mode == .group)
        #expect(DeliveryPolicy.everyone.decide(uid: 1234) == .active)
    }
}

/// Which mode is in force, from the configuration and logind.
@Suite struct AccessModeChoiceTests {
    @Test func theDefaultFollowsLogind() {
        let running = AccessModeChoice(configured: nil, logind: .running)
        #expect(running.mode == .activeSession)
        #expect(running.logLine == "access: active-session (default: logind runs)")
        #expect(running.warning == nil)
        let absent = AccessModeChoice(configured: nil, logind: .absent("systemd is not PID 1"))
        #expect(absent.mode == .group)
        #expect(absent.logLine == "access: group (default: no logind: systemd is not PID 1)")
    }

    @Test func aConfiguredModeIsTakenAsItIs() {
        for logind: LogindPresence in [.running, .absent("x")] {
            #expect(AccessModeChoice(configured: .group, logind: logind).logLine == "access: group (configured)")
            #expect(AccessModeChoice(configured: .activeSession, logind: logind).mode == .activeSession)
        }
        #expect(AccessModeChoice(configured: .activeSession, logind: .running).warning == nil)
        let lonely = AccessModeChoice(configured: .activeSession, logind: .absent("systemd is not PID 1"))
        #expect(lonely.warning?.contains("only root and [access] always") == true)
    }
}

/// `/proc/self/uid_map` as systemd's PrivateUsers=yes leaves it, and as the host has it.
@Suite struct UserNamespaceMapTests {
    @Test func theInitialNamespaceMapsEveryUid() {
        #expect(UserNamespaceMap.isComplete("         0          0 4294967295\n"))
    }

    @Test func privateUsersMapsOnlyRootAndTheServiceUser() {
        #expect(!UserNamespaceMap.isComplete("         0          0          1\n     61234      61234          1\n"))
        #expect(!UserNamespaceMap.isComplete(""))
        #expect(!UserNamespaceMap.isComplete("0 100000 65536\n"))
    }

    @Test func thisProcessHasAnAnswer() {
        // On the build machine (no user namespace) nothing is unmapped; in a container with a
        // partial map the overflow uid comes back.
        if let uid = UserNamespaceMap.unmappedPeerUID() { #expect(uid == UserNamespaceMap.overflowUID()) }
        #expect(UserNamespaceMap.overflowUID() > 0)
    }
}
