// SPDX-License-Identifier: MIT
import Testing
import TransitionProtocol
@testable import TransitionServer

@Suite struct OutputQueueTests {
    func body(_ text: String) -> [UInt8] { Array("\"x\":\"\(text)\"}\n".utf8) }

    func drained(_ queue: inout OutputQueue) -> [String] {
        var out: [UInt8] = []
        queue.drain(into: &out, limit: .max)
        return String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func coalesce(_ queue: inout OutputQueue, _ transition: String, _ kind: EventKind, _ text: String) {
        let bytes = body(text)
        bytes.withUnsafeBufferPointer { _ = queue.coalesce(transition: transition, kind: kind, body: $0) }
    }

    @Test func drainsInSeqOrderAndCoalescedUpdatesLeaveGaps() {
        var queue = OutputQueue(maxMessages: 10, maxBytes: 10_000)
        queue.append(kind: .began, body: body("b"))          // 1
        coalesce(&queue, "a", .updated, "u1")                  // 2 (replaced)
        coalesce(&queue, "z", .updated, "z1")                  // 3
        coalesce(&queue, "a", .updated, "u2")                  // 4
        queue.append(kind: .ended, body: body("e"))            // 5
        coalesce(&queue, "a", .frame, "f1")                    // 6
        #expect(queue.count == 5)
        #expect(queue.coalescedCount == 1)
        #expect(drained(&queue) == [
            #"{"event":"began","seq":1,"x":"b"}"#,
            #"{"event":"updated","seq":3,"x":"z1"}"#,
            #"{"event":"updated","seq":4,"x":"u2"}"#,
            #"{"event":"ended","seq":5,"x":"e"}"#,
            #"{"event":"frame","seq":6,"x":"f1"}"#,
        ])
        #expect(queue.isEmpty)
        #expect(queue.queuedBytes == 0)
    }

    @Test func anUpdateAfterALifecycleEventNeverOvertakesIt() {
        var queue = OutputQueue(maxMessages: 10, maxBytes: 10_000)
        coalesce(&queue, "a", .updated, "old")    // 1, replaced by 4
        queue.append(kind: .ended, body: body("e")) // 2
        queue.append(kind: .began, body: body("b")) // 3
        coalesce(&queue, "a", .updated, "new")    // 4
        #expect(drained(&queue).map { $0.contains("seq\":4") || $0.contains("seq\":2") || $0.contains("seq\":3") } == [true, true, true])
        coalesce(&queue, "a", .updated, "again")  // 5, slot reused after drain
        #expect(drained(&queue) == [#"{"event":"updated","seq":5,"x":"again"}"#])
    }

    @Test func overflowsOnLifecycleCountOrBytesButNotOnUpdates() {
        var queue = OutputQueue(maxMessages: 3, maxBytes: 1000)
        for i in 0..<1000 { coalesce(&queue, "a", .updated, "\(i)") }
        #expect(!queue.isOverflowing(extraBytes: 0))
        for _ in 0..<3 { queue.append(kind: .began, body: body("b")) }
        #expect(!queue.isOverflowing(extraBytes: 0))
        queue.append(kind: .began, body: body("b"))
        #expect(queue.isOverflowing(extraBytes: 0))

        var bytes = OutputQueue(maxMessages: 100, maxBytes: 100)
        bytes.append(kind: .began, body: body(String(repeating: "x", count: 50)))
        #expect(!bytes.isOverflowing(extraBytes: 0))
        #expect(bytes.isOverflowing(extraBytes: 50))
    }

    @Test func drainStopsNearTheLimitOnAWholeLine() {
        var queue = OutputQueue(maxMessages: 100, maxBytes: 100_000)
        for _ in 0..<10 { queue.append(kind: .began, body: body("0123456789")) }
        var out: [UInt8] = []
        queue.drain(into: &out, limit: 40)
        #expect(out.last == UInt8(ascii: "\n"))
        #expect(queue.lifecycleCount == 9)
    }

    /// Touchégg's rule: whole messages go out as they are, in order, and `OnGestureUpdate`s
    /// replace each other in one slot of their own, which no native slot shares.
    @Test func wholeMessagesKeepTheirOrderAndGestureUpdatesShareOneSlot() {
        var queue = OutputQueue(maxMessages: 10, maxBytes: 10_000)
        func update(_ text: String) {
            Array(text.utf8).withUnsafeBufferPointer { _ = queue.coalesceGestureUpdate(body: $0) }
        }
        queue.append(whole: Array("B|".utf8))      // 1
        update("u1|")                              // 2 (replaced)
        coalesce(&queue, "", .updated, "native")   // 3: a native slot, even with an empty name
        update("u2|")                              // 4
        queue.append(whole: Array("E|".utf8))      // 5
        #expect(queue.coalescedCount == 1)
        var out: [UInt8] = []
        queue.drain(into: &out, limit: .max)
        #expect(String(decoding: out, as: UTF8.self) == #"B|{"event":"updated","seq":3,"x":"native"}"# + "\nu2|E|")
        #expect(queue.isEmpty)
        #expect(queue.queuedBytes == 0)
    }
}
