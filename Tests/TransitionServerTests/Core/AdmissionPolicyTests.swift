// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionServer

@Suite struct AdmissionPolicyTests {
    typealias Connection = AdmissionPolicy.Connection
    let policy = AdmissionPolicy(maxClients: 4, maxClientsPerUser: 2, evictionGraceUs: 10_000_000)
    let now: UInt64 = 100_000_000

    func connection(_ id: UInt64, uid: UInt32, subscribed: Bool = false, idleUs: UInt64) -> Connection {
        Connection(id: id, uid: uid, subscribed: subscribed, lastActiveUs: now - idleUs)
    }

    @Test func admitsBelowBothLimits() {
        let open = [connection(1, uid: 1000, idleUs: 0), connection(2, uid: 1001, idleUs: 0)]
        #expect(policy.decide(uid: 1000, nowUs: now, connections: open) == .admit)
        #expect(policy.decide(uid: 1002, nowUs: now, connections: []) == .admit)
    }

    @Test func refusesAUserAtItsLimitWhileOthersStillGetIn() {
        let open = [connection(1, uid: 1000, subscribed: true, idleUs: 60_000_000),
                    connection(2, uid: 1000, idleUs: 1_000_000)]
        #expect(policy.decide(uid: 1000, nowUs: now, connections: open) == .refuse(.perUser(uid: 1000, max: 2)))
        #expect(policy.decide(uid: 1001, nowUs: now, connections: open) == .admit)
        #expect(policy.decide(uid: 0, nowUs: now, connections: open) == .admit)
    }

    @Test func rootIsCountedLikeAnyUser() {
        let open = [connection(1, uid: 0, subscribed: true, idleUs: 0), connection(2, uid: 0, subscribed: true, idleUs: 0)]
        #expect(policy.decide(uid: 0, nowUs: now, connections: open) == .refuse(.perUser(uid: 0, max: 2)))
    }

    @Test func evictsTheUsersLongestIdleUnsubscribedConnectionAtItsLimit() {
        let open = [connection(1, uid: 1000, idleUs: 20_000_000), connection(2, uid: 1000, idleUs: 30_000_000),
                    connection(3, uid: 1001, idleUs: 90_000_000)]
        #expect(policy.decide(uid: 1000, nowUs: now, connections: open) == .evict(victim: 2, limit: .perUser(uid: 1000, max: 2)))
    }

    @Test func refusesAtTheGlobalLimitWhenNothingIsEvictable() {
        let open = [connection(1, uid: 1000, subscribed: true, idleUs: 90_000_000),
                    connection(2, uid: 1001, idleUs: 9_999_999),
                    connection(3, uid: 1002, subscribed: true, idleUs: 90_000_000),
                    connection(4, uid: 1003, idleUs: 0)]
        #expect(policy.decide(uid: 1004, nowUs: now, connections: open) == .refuse(.global(max: 4)))
    }

    @Test func evictsAnyUsersLongestIdleUnsubscribedConnectionAtTheGlobalLimit() {
        let open = [connection(1, uid: 1000, subscribed: true, idleUs: 90_000_000),
                    connection(2, uid: 1001, idleUs: 10_000_000),
                    connection(3, uid: 1002, idleUs: 50_000_000),
                    connection(4, uid: 1003, idleUs: 20_000_000)]
        #expect(policy.decide(uid: 1004, nowUs: now, connections: open) == .evict(victim: 3, limit: .global(max: 4)))
    }

    @Test func theOldestConnectionGoesFirstOnATie() {
        let open = [connection(7, uid: 1000, idleUs: 20_000_000), connection(5, uid: 1000, idleUs: 20_000_000)]
        #expect(policy.decide(uid: 1000, nowUs: now, connections: open) == .evict(victim: 5, limit: .perUser(uid: 1000, max: 2)))
    }

    @Test func graceIsInclusiveAndAClockGoingBackwardsEvictsNothing() {
        #expect(policy.isEvictable(connection(1, uid: 1, idleUs: 10_000_000), nowUs: now))
        #expect(!policy.isEvictable(connection(1, uid: 1, idleUs: 9_999_999), nowUs: now))
        #expect(!policy.isEvictable(Connection(id: 1, uid: 1, subscribed: false, lastActiveUs: now + 1), nowUs: now))
        #expect(!policy.isEvictable(connection(1, uid: 1, subscribed: true, idleUs: 90_000_000), nowUs: now))
    }

    // Fair at the global limit: with nothing evictable, room is made from the user holding
    // the most connections (subscribers included), as long as that user would still hold more
    // than the newcomer's user afterwards.

    @Test func aFullServerOfSubscribersMakesRoomFromTheUserHoldingMost() {
        let open = [connection(1, uid: 1000, subscribed: true, idleUs: 1_000_000),
                    connection(2, uid: 1000, subscribed: true, idleUs: 5_000_000),
                    connection(3, uid: 1001, subscribed: true, idleUs: 90_000_000),
                    connection(4, uid: 1000, subscribed: true, idleUs: 2_000_000)]
        let wide = AdmissionPolicy(maxClients: 4, maxClientsPerUser: 3, evictionGraceUs: 10_000_000)
        #expect(wide.decide(uid: 0, nowUs: now, connections: open)
            == .rebalance(victim: 2, owner: 1000, holding: 3, limit: .global(max: 4)))
        #expect(wide.decide(uid: 1002, nowUs: now, connections: open)
            == .rebalance(victim: 2, owner: 1000, holding: 3, limit: .global(max: 4)))
        // A user holding one fewer than the most gets nothing from it: that would only swap them.
        #expect(wide.decide(uid: 1001, nowUs: now, connections: [open[0], open[1], open[2], connection(5, uid: 1001, subscribed: true, idleUs: 0)])
            == .refuse(.global(max: 4)))
    }

    @Test func anIdleUnsubscribedConnectionStillGoesBeforeAnyFairShare() {
        let open = [connection(1, uid: 1000, subscribed: true, idleUs: 90_000_000),
                    connection(2, uid: 1000, subscribed: true, idleUs: 90_000_000),
                    connection(3, uid: 1001, idleUs: 50_000_000),
                    connection(4, uid: 1002, subscribed: true, idleUs: 0)]
        #expect(policy.decide(uid: 1003, nowUs: now, connections: open) == .evict(victim: 3, limit: .global(max: 4)))
    }

    @Test func aTieBetweenTheBiggestUsersGivesUpTheConnectionIdleLongest() {
        let open = [connection(1, uid: 1000, subscribed: true, idleUs: 10), connection(2, uid: 1000, subscribed: true, idleUs: 20),
                    connection(3, uid: 1001, subscribed: true, idleUs: 30), connection(4, uid: 1001, subscribed: true, idleUs: 5)]
        #expect(policy.decide(uid: 0, nowUs: now, connections: open)
            == .rebalance(victim: 3, owner: 1001, holding: 2, limit: .global(max: 4)))
    }

    /// However many users fill the server, and in whatever order, a user with fewer connections
    /// than the biggest holder minus one always gets in: nobody is locked out.
    @Test func noSetOfUsersLocksAnotherOut() {
        let fair = AdmissionPolicy(maxClients: 128, maxClientsPerUser: 32, evictionGraceUs: 10_000_000)
        for users in 1...6 {
            var open: [Connection] = []
            var id: UInt64 = 0
            // Each of `users` users opens up to 40 subscribed connections, round-robin.
            for round in 0..<40 {
                for user in 0..<users {
                    id += 1
                    let uid = UInt32(1000 + user)
                    let candidate = connection(id, uid: uid, subscribed: true, idleUs: UInt64(1000 - round))
                    switch fair.decide(uid: uid, nowUs: now, connections: open) {
                    case .admit: open.append(candidate)
                    case .evict(let victim, _), .rebalance(let victim, _, _, _):
                        open.removeAll { $0.id == victim }
                        open.append(candidate)
                    case .refuse: break
                    }
                }
            }
            for outsider: UInt32 in [0, 2000] {
                let decision = fair.decide(uid: outsider, nowUs: now, connections: open)
                #expect(decision != .refuse(.global(max: 128)), "\(users) users lock out uid \(outsider)")
            }
        }
    }

    @Test func limitsBelowOneCountAsOne() {
        let tiny = AdmissionPolicy(maxClients: 0, maxClientsPerUser: -3, evictionGraceUs: 0)
        #expect(tiny.maxClients == 1 && tiny.maxClientsPerUser == 1)
        #expect(tiny.decide(uid: 1, nowUs: now, connections: []) == .admit)
        #expect(tiny.decide(uid: 2, nowUs: now, connections: [connection(1, uid: 1, subscribed: true, idleUs: 0)])
            == .refuse(.global(max: 1)))
    }

    @Test func refusalMessagesNameTheLimit() {
        #expect(AdmissionPolicy.Limit.perUser(uid: 1000, max: 32).refusal == "uid 1000 already has 32 connections, the limit per user")
        #expect(AdmissionPolicy.Limit.global(max: 128).refusal == "the server already has 128 clients")
    }
}
