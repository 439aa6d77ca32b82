// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
@testable import TransitionKeyService
@testable import TransitionServer
import TransitionProtocol

/// The key service's connections go through the socket core's admission with the service's
/// caps: a connection whose user may press keys is in use (never closed for another's), every
/// other one (refused at accept, or whose user may no longer press keys) is idle at once.
@Suite struct KeyServiceAdmissionTests {
    let policy = KeyService.serverConfiguration.admissionPolicy

    @Test func theServicesLimits() {
        #expect(KeyService.maxConnections == 32 && KeyService.maxConnectionsPerUID == 4 && KeyService.idleSeconds == 5)
        #expect(policy.maxClients == 32 && policy.maxClientsPerUser == 4 && policy.evictionGraceUs == 0)
        // Root and the active session's user together never fill the service.
        #expect(2 * KeyService.maxConnectionsPerUID <= KeyService.maxConnections)
        #expect(KeyService.serverConfiguration.limits.requestTimeoutMs == 5000)
    }

    @Test func aUserIsRefusedAtTheCapPerUIDRootIncludedUnlessOneOfTheirOwnIsIdle() {
        let pressing = (0..<4).map { AdmissionPolicy.Connection(id: UInt64($0), uid: 1000, subscribed: true, lastActiveUs: 0) }
        #expect(policy.decide(uid: 1000, nowUs: 10, connections: pressing) == .refuse(.perUser(uid: 1000, max: 4)))
        let root = (0..<4).map { AdmissionPolicy.Connection(id: UInt64($0), uid: 0, subscribed: true, lastActiveUs: 0) }
        #expect(policy.decide(uid: 0, nowUs: 10, connections: root) == .refuse(.perUser(uid: 0, max: 4)))
        // bob, refused at accept: his fifth takes the place of his oldest.
        let bob = (0..<4).map { AdmissionPolicy.Connection(id: UInt64($0), uid: 1001, subscribed: false, lastActiveUs: UInt64(5 - $0)) }
        #expect(policy.decide(uid: 1001, nowUs: 10, connections: bob) == .evict(victim: 3, limit: .perUser(uid: 1001, max: 4)))
    }

    /// Over any run of connections (of users who may press keys and of others), closes and
    /// session switches: no uid ever holds more than its cap nor the service more than its
    /// total, and a user who may press keys and holds fewer than the cap always gets in, at most
    /// by closing a connection whose user may not.
    @Test func theActiveUserAlwaysFindsASlot() async {
        let steps = zip(Gen<Int>.int(in: 0...7), Gen<Int>.int(in: 0...63), Gen<Int>.int(in: 0...2_000_000)).array(of: 1...300)
        await propertyCheck(count: 200, input: steps) { steps in
            let total = KeyService.maxConnections, perUID = KeyService.maxConnectionsPerUID
            let users: [UInt32] = [0, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009]
            var active: UInt32 = 1000
            var now: UInt64 = 0
            var nextID: UInt64 = 1
            var open: [(id: UInt64, uid: UInt32, lastActiveUs: UInt64)] = []
            for (op, arg, gap) in steps {
                now += UInt64(gap)
                let mayPress = { (uid: UInt32) in uid == 0 || uid == active }
                switch op {
                case 0...4:
                    let uid = op == 0 ? active : users[arg % users.count]
                    let connections = open.map {
                        AdmissionPolicy.Connection(id: $0.id, uid: $0.uid, subscribed: mayPress($0.uid), lastActiveUs: $0.lastActiveUs)
                    }
                    let under = open.count(where: { $0.uid == uid }) < perUID
                    switch policy.decide(uid: uid, nowUs: now, connections: connections) {
                    case .admit:
                        #expect(under && open.count < total)
                    case .evict(let victim, _):
                        #expect(open.first { $0.id == victim }.map { !mayPress($0.uid) } == true)
                        open.removeAll { $0.id == victim }
                    case .rebalance:
                        Issue.record("the key service never needs a fair share: at most two uids may press keys")
                        continue
                    case .refuse(let limit):
                        #expect(!(mayPress(uid) && under), "uid \(uid) may press keys, holds fewer than \(perUID), refused: \(limit)")
                        continue
                    }
                    open.append((nextID, uid, now))
                    nextID += 1
                case 5:
                    if !open.isEmpty { open.remove(at: arg % open.count) }
                case 6:
                    if !open.isEmpty { open[arg % open.count].lastActiveUs = now }
                default:
                    active = users[1 + arg % (users.count - 1)]
                }
                #expect(open.count <= total)
                #expect(Set(open.map(\.uid)).allSatisfy { uid in open.count(where: { $0.uid == uid }) <= perUID })
            }
        }
    }
}
