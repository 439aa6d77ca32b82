// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
@testable import TransitionDaemon
import TransitionServer

/// The key service's connection slots: a cap per uid, a cap in all that only connections whose
/// user may no longer press keys give way to, and the idle bound; on an injected clock (µs).
@Suite struct KeyServiceSlotsTests {
    private let alice: UInt32 = 1000, bob: UInt32 = 1001, carol: UInt32 = 1002

    /// `slots.open(fd, uid:, nowUs:)` for each, outside `#expect` (which cannot mutate).
    private func opened(_ slots: KeyServiceSlots, _ connections: [(Int32, UInt32, UInt64)]) -> KeyServiceSlots {
        var slots = slots
        for (fd, uid, now) in connections { slots.open(fd, uid: uid, nowUs: now) }
        return slots
    }

    @Test func theServicesLimits() {
        #expect(KeyService.maxConnections == 32 && KeyService.maxConnectionsPerUID == 4 && KeyService.idleSeconds == 5)
        // Root and the active session's user together never fill the service.
        #expect(2 * KeyService.maxConnectionsPerUID <= KeyService.maxConnections)
    }

    @Test func aUserIsRefusedAtTheCapPerUIDRootIncluded() {
        let empty = KeyServiceSlots(total: 32, perUID: 4, idleUs: 5_000_000)
        let slots = opened(empty, (0..<4).map { (Int32(10 + $0), alice, 0) } + (0..<4).map { (Int32(20 + $0), 0, 0) })
        #expect(slots.count(of: alice) == 4)
        #expect(slots.decide(uid: alice, nowUs: 100_000_000, mayPress: { _ in true }) == .refuse(.perUser(uid: alice, max: 4)))
        #expect(slots.decide(uid: 0, nowUs: 100_000_000, mayPress: { _ in true }) == .refuse(.perUser(uid: 0, max: 4)))
        #expect(slots.decide(uid: bob, nowUs: 0, mayPress: { _ in true }) == .admit)
    }

    @Test func atTheTotalTheLongestIdleOfThoseWhoMayNoLongerPressGivesWay() {
        let empty = KeyServiceSlots(total: 4, perUID: 2, idleUs: 5_000_000)
        let slots = opened(empty, [(3, alice, 100), (4, alice, 50), (5, bob, 10), (6, bob, 200)])
        // carol is the active user now: bob and alice may not press keys; bob's fd 5 waited longest.
        #expect(slots.decide(uid: carol, nowUs: 1_000, mayPress: { $0 == carol }) == .evict(5, .global(max: 4)))
        // alice is the active user: only bob's give way.
        #expect(slots.decide(uid: carol, nowUs: 1_000, mayPress: { $0 == alice }) == .evict(5, .global(max: 4)))
        #expect(slots.decide(uid: carol, nowUs: 1_000, mayPress: { $0 != carol }) == .refuse(.global(max: 4)))
    }

    @Test func aConnectionWhoseUserMayPressNeverGivesWay() {
        let empty = KeyServiceSlots(total: 2, perUID: 2, idleUs: 5_000_000)
        let slots = opened(empty, [(3, alice, 0), (4, 0, 0)])
        #expect(slots.decide(uid: bob, nowUs: 1_000_000_000, mayPress: { _ in true }) == .refuse(.global(max: 2)))
    }

    @Test func anIdleConnectionIsDueAfterTheBoundFromItsLastRequest() {
        var slots = opened(KeyServiceSlots(total: 32, perUID: 4, idleUs: 5_000_000), [(3, alice, 1_000_000), (4, bob, 2_000_000)])
        #expect(slots.nextIdleDeadlineUs == 6_000_000)
        #expect(slots.idle(nowUs: 5_999_999).isEmpty)
        #expect(slots.idle(nowUs: 6_000_000) == [3])
        slots.completedRequest(3, nowUs: 4_000_000)
        #expect(slots.nextIdleDeadlineUs == 7_000_000)
        #expect(slots.idle(nowUs: 7_000_000) == [4])
        #expect(slots.idle(nowUs: 9_000_000) == [3, 4])
        // A clock going back neither closes a connection nor moves its deadline back.
        slots.completedRequest(4, nowUs: 1)
        #expect(slots.idle(nowUs: 1).isEmpty)
        #expect(slots.nextIdleDeadlineUs == 7_000_000)
        slots.close(3)
        slots.close(4)
        #expect(slots.nextIdleDeadlineUs == nil)
        #expect(slots.idle(nowUs: .max).isEmpty)
    }

    @Test func aClosedOrUnknownConnectionIsForgotten() {
        var slots = opened(KeyServiceSlots(total: 32, perUID: 4, idleUs: 5_000_000), [(3, alice, 0)])
        slots.completedRequest(9, nowUs: 10)
        #expect(slots.slots.count == 1)
        slots.close(3)
        slots.close(3)
        #expect(slots.slots.isEmpty && slots.count(of: alice) == 0)
    }

    @Test func capsBelowOneCountAsOne() {
        let slots = KeyServiceSlots(total: 0, perUID: -1, idleUs: 0)
        #expect(slots.total == 1 && slots.perUID == 1)
        #expect(opened(slots, [(3, alice, 0)]).decide(uid: alice, nowUs: 0, mayPress: { _ in true })
            == .refuse(.perUser(uid: alice, max: 1)))
    }

    /// Over any run of connections, requests, closes, session switches, idle sweeps and time: no
    /// uid ever holds more than its cap nor the service more than its total; a user who may
    /// press keys and holds fewer than the cap always gets a slot, at most by closing a
    /// connection whose user may not; and the idle sweep closes exactly the connections idle
    /// for the bound, at the deadline it announced.
    @Test func theActiveUserAlwaysFindsASlot() async {
        let steps = zip(Gen<Int>.int(in: 0...9), Gen<Int>.int(in: 0...63), Gen<Int>.int(in: 0...2_000_000)).array(of: 1...300)
        await propertyCheck(count: 200, input: steps) { steps in
            let total = 32, perUID = 4, idleUs: UInt64 = 5_000_000
            var slots = KeyServiceSlots(total: total, perUID: perUID, idleUs: idleUs)
            let users: [UInt32] = [0, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009]
            var active: UInt32 = 1000
            var now: UInt64 = 0
            var nextFD: Int32 = 3
            for (op, arg, gap) in steps {
                now += UInt64(gap)
                let mayPress = { (uid: UInt32) in uid == 0 || uid == active }
                let open = slots.slots.keys.sorted()
                switch op {
                case 0...3:
                    // A connection; the service refuses at accept a user who may not press keys.
                    let uid = op == 0 ? active : users[arg % users.count]
                    guard mayPress(uid) else { continue }
                    let under = slots.count(of: uid) < perUID
                    switch slots.decide(uid: uid, nowUs: now, mayPress: mayPress) {
                    case .admit:
                        #expect(under && slots.slots.count < total)
                    case .evict(let victim, let limit):
                        #expect(limit == .global(max: total) && under)
                        #expect(slots.slots[victim].map { !mayPress($0.uid) } == true)
                        slots.close(victim)
                    case .refuse(let limit):
                        #expect(!under && limit == .perUser(uid: uid, max: perUID))
                        continue
                    }
                    slots.open(nextFD, uid: uid, nowUs: now)
                    nextFD += 1
                case 4, 5:
                    if !open.isEmpty { slots.completedRequest(open[arg % open.count], nowUs: now) }
                case 6:
                    if !open.isEmpty { slots.close(open[arg % open.count]) }
                case 7:
                    active = users[1 + arg % (users.count - 1)]
                default:
                    let due = slots.nextIdleDeadlineUs
                    let idle = slots.idle(nowUs: now)
                    #expect(idle.isEmpty == (due.map { now < $0 } ?? true))
                    for fd in open {
                        let last = slots.slots[fd]?.lastRequestUs ?? 0
                        #expect(idle.contains(fd) == (now - last >= idleUs))
                        #expect(due.map { $0 <= last + idleUs } == true)
                    }
                    for fd in idle { slots.close(fd) }
                }
                #expect(slots.slots.count <= total)
                #expect(Set(slots.slots.values.map(\.uid)).allSatisfy { slots.count(of: $0) <= perUID })
            }
        }
    }
}
