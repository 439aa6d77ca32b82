// SPDX-License-Identifier: MIT
/// A binary min-heap of (deadline, id), the loop's pending timers. Cancelled timers are removed
/// lazily: their ids leave `live` and they are skipped when they reach the top.
struct TimerHeap {
    private var heap: [(deadline: UInt64, id: UInt64)] = []

    var isEmpty: Bool { heap.isEmpty }
    var first: (deadline: UInt64, id: UInt64)? { heap.first }

    mutating func push(deadline: UInt64, id: UInt64) {
        heap.append((deadline, id))
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if heap[parent].deadline <= heap[i].deadline { break }
            heap.swapAt(parent, i)
            i = parent
        }
    }

    @discardableResult
    mutating func popFirst() -> (deadline: UInt64, id: UInt64)? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count && heap[l].deadline < heap[m].deadline { m = l }
                if r < heap.count && heap[r].deadline < heap[m].deadline { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
        }
        return top
    }
}
