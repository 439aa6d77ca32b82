// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionActions

@Suite struct LineBufferTests {
    static func text(_ buffer: LineBuffer) -> String { String(decoding: buffer.pending, as: UTF8.self) }

    @Test func samplesWaitingBehindEachOtherAreCoalesced() {
        var b = LineBuffer()
        b.push("0 began", coalescable: false)
        b.push("0.1 interactive", coalescable: true)
        b.push("0.2 interactive", coalescable: true)
        b.push("0.3 interactive", coalescable: true)
        b.push("0.3 finish", coalescable: false)
        b.push("0.5 finish", coalescable: true)
        #expect(Self.text(b) == "0 began\n0.3 interactive\n0.3 finish\n0.5 finish\n")
        #expect(b.takeDropped() == 2)
        #expect(b.dropped == 0)
    }

    @Test func aPartlyWrittenLineIsNeverReplaced() {
        var b = LineBuffer()
        b.push("0.1 interactive", coalescable: true)
        b.consume(4)
        b.push("0.2 interactive", coalescable: true)
        #expect(Self.text(b) == "interactive\n0.2 interactive\n")
        b.consume(12)
        #expect(Self.text(b) == "0.2 interactive\n")
        b.consume(16)
        #expect(b.isEmpty)
    }

    @Test func aFullBufferDropsItsOldestSample() {
        var b = LineBuffer(capacity: 3)
        b.push("a", coalescable: false)
        b.push("s1", coalescable: true)
        b.push("b", coalescable: false)
        b.push("c", coalescable: false)
        #expect(Self.text(b) == "a\nb\nc\n")
        b.push("d", coalescable: false)
        #expect(Self.text(b) == "b\nc\nd\n") // no sample left: the oldest line goes
        #expect(b.count == 3)
    }

    /// Whatever the reader takes and however lines interleave, lifecycle lines come out in
    /// order and none is lost while the buffer has room, and what comes out is whole lines.
    @Test func lifecycleLinesSurviveInOrder() async {
        await propertyCheck(input: Gen.bool.array(of: 1...40), Gen.int(in: 0...30).array(of: 1...40)) { kinds, reads in
            var b = LineBuffer(capacity: 64)
            var out: [UInt8] = []
            var lifecycle: [String] = []
            for (i, coalescable) in kinds.enumerated() {
                let line = coalescable ? "s\(i)" : "L\(i)"
                if !coalescable { lifecycle.append(line) }
                b.push(line, coalescable: coalescable)
                let take = min(reads[i % reads.count], b.pending.count)
                out += b.pending.prefix(take)
                b.consume(take)
            }
            out += b.pending
            let lines = String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.hasPrefix("L") } == lifecycle)
            #expect(lines.allSatisfy { $0.count >= 2 && ($0.hasPrefix("L") || $0.hasPrefix("s")) && Int($0.dropFirst()) != nil })
            let numbers = lines.map { Int($0.dropFirst())! }
            #expect(numbers == numbers.sorted())
            if let last = kinds.indices.last { #expect(numbers.last == last) }
        }
    }
}
