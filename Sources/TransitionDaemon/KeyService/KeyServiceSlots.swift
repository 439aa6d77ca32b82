// SPDX-License-Identifier: MIT
import TransitionServer

/// The uinput key service's connection slots: who gets one, which one is closed to make room,
/// and which ones have been idle too long.
///
/// Only a peer that may press keys when it connects gets this far (``KeyServiceAccess``: root,
/// and the user of the seat's active session while it is unlocked); the service refuses any
/// other at accept. The slots then go by the daemon's own ``AdmissionPolicy``:
///
/// - at most ``perUID`` connections per uid, root's included: at the cap a new one is refused,
///   and the user's own stay;
/// - at most ``total`` in all: at the cap, the connection idle longest among those whose user may
///   no longer press keys (a session switch or a lock made them so) is closed to make room; a
///   connection whose user may press keys now counts as a subscriber and is never closed for
///   another. Since at most two uids may press keys at once (root and the active session's
///   user) and `2 × perUID ≤ total`, the active user always finds a slot while they have fewer
///   than ``perUID`` open;
/// - a connection that completes no request within ``idleUs`` of connecting or of its last
///   request is closed (``idle(nowUs:)``), so a connection that says nothing, or half a line,
///   holds no slot for long.
///
/// The service keeps a second set for the connections it refused at accept, already answered
/// and kept only until their request comes (to log it, as a refused request is): there it says
/// every uid may press keys, so that set never evicts and, full, refuses.
///
/// Pure: ``KeyService`` tells it the connections (by descriptor), the time (CLOCK_MONOTONIC µs)
/// and who may press keys now.
struct KeyServiceSlots: Sendable, Equatable {
    /// One open connection.
    struct Slot: Sendable, Equatable {
        /// Its peer's uid.
        var uid: UInt32
        /// When it connected or last completed a request.
        var lastRequestUs: UInt64
    }

    /// Connections in all.
    let total: Int
    /// Connections per uid.
    let perUID: Int
    /// How long a connection may go without completing a request, µs.
    let idleUs: UInt64
    /// The open connections, by descriptor.
    private(set) var slots: [Int32: Slot] = [:]

    /// Slots under these caps (below 1 counts as 1) and idle bound.
    init(total: Int, perUID: Int, idleUs: UInt64) {
        self.total = max(1, total)
        self.perUID = max(1, perUID)
        self.idleUs = idleUs
    }

    /// What to do with a new connection.
    enum Decision: Sendable, Equatable {
        /// Give it a slot.
        case admit
        /// Close this connection (its user may no longer press keys) to make room under the
        /// limit, then give the new one its slot.
        case evict(Int32, AdmissionPolicy.Limit)
        /// Refuse it: it would pass the limit.
        case refuse(AdmissionPolicy.Limit)
    }

    /// Decides about a new connection of `uid` (which may press keys) at `nowUs`; `mayPress`
    /// says whether a uid may press keys now.
    func decide(uid: UInt32, nowUs: UInt64, mayPress: (UInt32) -> Bool) -> Decision {
        let policy = AdmissionPolicy(maxClients: total, maxClientsPerUser: perUID, evictionGraceUs: 0)
        var served: [UInt32: Bool] = [:]
        let connections = slots.map { fd, slot in
            let may = served[slot.uid] ?? mayPress(slot.uid)
            served[slot.uid] = may
            return AdmissionPolicy.Connection(id: UInt64(UInt32(bitPattern: fd)), uid: slot.uid, subscribed: may,
                                              lastActiveUs: min(slot.lastRequestUs, nowUs))
        }
        switch policy.decide(uid: uid, nowUs: nowUs, connections: connections) {
        case .admit: return .admit
        case .evict(let victim, let limit): return .evict(Int32(bitPattern: UInt32(truncatingIfNeeded: victim)), limit)
        // A connection whose user may press keys is never closed for another's (at most two
        // uids may press at once, and `2 × perUID ≤ total`, so the server's fair share is moot).
        case .rebalance(_, _, _, let limit): return .refuse(limit)
        case .refuse(let limit): return .refuse(limit)
        }
    }

    /// Connection `fd` of `uid` got a slot at `nowUs`.
    mutating func open(_ fd: Int32, uid: UInt32, nowUs: UInt64) {
        slots[fd] = Slot(uid: uid, lastRequestUs: nowUs)
    }

    /// Connection `fd` is closed.
    mutating func close(_ fd: Int32) {
        slots[fd] = nil
    }

    /// Connection `fd` completed a request (a whole line, answered) at `nowUs`.
    mutating func completedRequest(_ fd: Int32, nowUs: UInt64) {
        guard let last = slots[fd]?.lastRequestUs else { return }
        slots[fd]?.lastRequestUs = max(last, nowUs)
    }

    /// How many connections `uid` has open.
    func count(of uid: UInt32) -> Int { slots.values.count(where: { $0.uid == uid }) }

    /// The first time a connection will have been idle too long (`nil`: none is open).
    var nextIdleDeadlineUs: UInt64? {
        slots.values.map(\.lastRequestUs).min().map { $0 + idleUs }
    }

    /// The connections idle too long at `nowUs` (no request within ``idleUs``), in descriptor order.
    func idle(nowUs: UInt64) -> [Int32] {
        slots.filter { nowUs >= $0.value.lastRequestUs && nowUs - $0.value.lastRequestUs >= idleUs }.keys.sorted()
    }
}
