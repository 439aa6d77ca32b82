// SPDX-License-Identifier: MIT
import TransitionProtocol

/// One client's outgoing messages, waiting for its socket to take them.
///
/// Lifecycle events, replies and whole D-Bus messages are kept in order and never dropped;
/// what may be replaced sits in a slot chosen by its protocol's coalescing rule (``SlotKey``),
/// where a newer message replaces the older (latest wins). Every message gets the connection's next `seq` when it is queued, so a replaced one
/// leaves a visible gap, and the queue is drained in `seq` order, so a replacement never
/// overtakes a lifecycle event queued before it.
///
/// Bounded: the owner checks ``isOverflowing`` after queueing and disconnects the client.
struct OutputQueue {
    /// Which messages replace each other: each protocol's coalescing rule.
    enum SlotKey: Equatable {
        /// JSON lines: an `updated` or `frame` event of one transition.
        case event(EventKind, transition: String)
        /// Touchégg's D-Bus protocol: `OnGestureUpdate` (but the settling one), a whole message.
        case gestureUpdate

        /// Whether it is the slot of `kind` events of `transition` (no key is built on the
        /// native hot path).
        func holds(_ kind: EventKind, of transition: String) -> Bool {
            if case .event(let k, let t) = self { k == kind && t == transition } else { false }
        }
    }

    private struct Queued {
        var seq: UInt64
        /// The JSON line's kind; `nil`: the body is a whole message already (D-Bus).
        var kind: MessageKind?
        var body: [UInt8]
    }

    /// A coalescing slot. Its buffer is reused once drained, so steady streaming allocates nothing.
    private struct Slot {
        var key: SlotKey
        var seq: UInt64
        var body: [UInt8]
        var live: Bool
    }

    let maxMessages: Int
    let maxBytes: Int

    private var lifecycle: [Queued] = []
    private var head = 0
    private var slots: [Slot] = []
    /// Slots holding a message (kept so that ``isEmpty`` reads no array: see there).
    private var liveSlots = 0
    /// Bytes of queued bodies (lifecycle and live slots).
    private(set) var queuedBytes = 0
    /// The `seq` the next queued message gets (`hello` is 1).
    private(set) var nextSeq: UInt64 = 1
    /// Messages replaced by newer ones before they were written.
    private(set) var coalescedCount: UInt64 = 0

    init(maxMessages: Int, maxBytes: Int) {
        self.maxMessages = maxMessages
        self.maxBytes = maxBytes
    }

    /// Lifecycle events and replies waiting.
    var lifecycleCount: Int { lifecycle.count - head }
    /// Every message waiting.
    var count: Int { lifecycleCount + liveSlots }
    /// Asked for every client on every update (`isIdle`): a counter, not a scan of `slots`
    /// (which also cost the caller a retain and a release of that array).
    var isEmpty: Bool { lifecycleCount == 0 && liveSlots == 0 }

    /// Whether the client has fallen too far behind (`extraBytes`: bytes already taken out of
    /// the queue but not yet written to the socket).
    func isOverflowing(extraBytes: Int) -> Bool {
        lifecycleCount > maxMessages || queuedBytes + extraBytes > maxBytes
    }

    /// Takes a `seq` for a message that bypasses the queue (written straight to an idle socket).
    mutating func takeSeq() -> UInt64 {
        defer { nextSeq += 1 }
        return nextSeq
    }

    /// Queues a JSON line that must not be dropped.
    mutating func append(kind: MessageKind, body: [UInt8]) {
        lifecycle.append(Queued(seq: takeSeq(), kind: kind, body: body))
        queuedBytes += body.count
    }

    /// Queues a whole message (D-Bus) that must not be dropped.
    mutating func append(whole body: [UInt8]) {
        lifecycle.append(Queued(seq: takeSeq(), kind: nil, body: body))
        queuedBytes += body.count
    }

    /// Queues an `updated` or `frame` event, replacing an older one of the same transition that
    /// is still waiting. Returns whether one was replaced.
    @discardableResult
    mutating func coalesce(transition: String, kind: EventKind, body: UnsafeBufferPointer<UInt8>) -> Bool {
        store(body, at: slots.firstIndex { $0.key.holds(kind, of: transition) }) { .event(kind, transition: transition) }
    }

    /// Queues a Touchégg `OnGestureUpdate`, replacing an older one still waiting. Returns whether
    /// one was replaced.
    @discardableResult
    mutating func coalesceGestureUpdate(body: UnsafeBufferPointer<UInt8>) -> Bool {
        store(body, at: slots.firstIndex { $0.key == .gestureUpdate }) { .gestureUpdate }
    }

    /// Puts `body` in slot `index`, or in a new slot of `key` when there is none yet.
    private mutating func store(_ body: UnsafeBufferPointer<UInt8>, at index: Int?, key: () -> SlotKey) -> Bool {
        let seq = takeSeq()
        if let i = index {
            let replaced = slots[i].live
            if replaced {
                queuedBytes -= slots[i].body.count
                coalescedCount += 1
            } else {
                liveSlots += 1
            }
            slots[i].seq = seq
            slots[i].body.removeAll(keepingCapacity: true)
            slots[i].body.append(contentsOf: body)
            slots[i].live = true
            queuedBytes += body.count
            return replaced
        }
        slots.append(Slot(key: key(), seq: seq, body: Array(body), live: true))
        liveSlots += 1
        queuedBytes += body.count
        return false
    }

    /// Moves whole lines, oldest `seq` first, onto the end of `out` until `out` holds at least
    /// `limit` bytes or the queue is empty.
    mutating func drain(into out: inout [UInt8], limit: Int) {
        while out.count < limit {
            var slotIndex: Int?
            var best = head < lifecycle.count ? lifecycle[head].seq : UInt64.max
            for i in slots.indices where slots[i].live && slots[i].seq < best {
                best = slots[i].seq
                slotIndex = i
            }
            if let i = slotIndex {
                switch slots[i].key {
                case .event(let kind, _):
                    MessageEncoder.appendLine(kind: MessageKind(kind), seq: slots[i].seq, body: slots[i].body, to: &out)
                case .gestureUpdate:
                    out.append(contentsOf: slots[i].body)
                }
                slots[i].live = false
                liveSlots -= 1
                queuedBytes -= slots[i].body.count
            } else if head < lifecycle.count {
                let message = lifecycle[head]
                lifecycle[head].body = []
                head += 1
                if let kind = message.kind {
                    MessageEncoder.appendLine(kind: kind, seq: message.seq, body: message.body, to: &out)
                } else {
                    out.append(contentsOf: message.body)
                }
                queuedBytes -= message.body.count
            } else {
                break
            }
        }
        if head == lifecycle.count {
            lifecycle.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= lifecycle.count {
            lifecycle.removeFirst(head)
            head = 0
        }
    }
}
