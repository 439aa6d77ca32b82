// SPDX-License-Identifier: MIT
/// The engine's runs, one slot per configured transition, with each slot's animation end kept
/// beside it.
///
/// The engine asks for its next deadline after every input sample. Reading every `Run?` for
/// that copies each one (a few hundred bytes, the animation's description included); the table
/// instead keeps a plain array of end times, refreshed for a slot whenever that slot is
/// written, so the question costs a scan of a few integers.
struct RunTable: Sendable {
    private var storage: [Run?]
    /// Per transition: when its completion animation ends, `nil` when none runs (an end may
    /// saturate at `UInt64.max`, so no value can stand for "none").
    private(set) var animationEnds: [UInt64?]
    /// How many of ``animationEnds`` are set: while a finger drives a transition none usually
    /// is, and the next deadline is then known without a scan.
    private var runningAnimations = 0

    /// `count` empty slots.
    init(count: Int) {
        storage = Array(repeating: nil, count: count)
        animationEnds = Array(repeating: nil, count: count)
    }

    /// The slots of `runs`, in order.
    init(_ runs: [Run?]) {
        storage = runs
        animationEnds = runs.map { $0?.animationEndUs }
        runningAnimations = animationEnds.count { $0 != nil }
    }

    var indices: Range<Int> { storage.indices }
    var count: Int { storage.count }

    /// Transition `t`'s run. Writing it (whole, or a part in place) refreshes its end time.
    subscript(t: Int) -> Run? {
        get { storage[t] }
        _modify {
            defer {
                let end = storage[t]?.animationEndUs
                if (end == nil) != (animationEnds[t] == nil) { runningAnimations += end == nil ? -1 : 1 }
                animationEnds[t] = end
            }
            yield &storage[t]
        }
    }

    /// Moves transition `t`'s drive in place while a finger drives it (every update): `body`
    /// changes the drive and returns the progress change. Returns the run's id, the drive after
    /// the move and that change, or `nil`, changing nothing, when `t` is not interactive.
    ///
    /// An interactive run has no animation end before or after, so the end times need no
    /// refresh: the subscript's write would copy the whole run out to read its end.
    mutating func drive(_ t: Int, by body: (inout Drive) -> Double) -> (id: UInt64, drive: Drive, delta: Double)? {
        storage[t]?.drive(by: body) ?? nil
    }

    /// The earliest end among the running animations, or `nil` when none runs.
    var earliestAnimationEndUs: UInt64? {
        guard runningAnimations > 0 else { return nil }
        var next: UInt64?
        for case let end? in animationEnds where next == nil || end < next! { next = end }
        return next
    }
}
