// SPDX-License-Identifier: MIT
/// Release velocity from the last 150 ms of samples (GNOME Shell, libadwaita, niri).
///
/// A fixed-capacity ring buffer of (time, Δprogress): the storage is allocated once, when the
/// tracker is made (once per input device), and `push` never allocates. Samples older than
/// ``windowUs`` before the newest one are dropped; if more than ``capacity`` samples arrive
/// within the window (over 1.7 kHz) the oldest are dropped early, which only shortens the window.
///
/// `velocity = Σ Δp[1...] / (t_last − t_first)`, progress per second: the first sample in the
/// window only marks where the window starts. niri's trick: on release, push (t_end, 0), so a
/// pause before lifting the fingers counts as standing still.
///
/// Time never runs backwards here: a sample older than the newest is taken as happening at the
/// newest time (so dt is never negative), and a huge gap simply leaves only the newest sample
/// in the window, whose velocity is 0. A single sample has velocity 0. Non-finite deltas are
/// counted as 0.
struct VelocityTracker: Sendable {
    /// Samples kept at most.
    static let capacity = 256
    /// The history window, µs (GNOME `EVENT_HISTORY_THRESHOLD_MS`, niri `HISTORY_LIMIT`).
    static let windowUs: UInt64 = 150_000

    private var times: [UInt64]
    private var deltas: [Double]
    private var start = 0
    private(set) var count = 0

    init() {
        times = Array(repeating: 0, count: Self.capacity)
        deltas = Array(repeating: 0, count: Self.capacity)
    }

    /// Forgets every sample (keeps the storage).
    mutating func reset() {
        start = 0
        count = 0
    }

    /// The newest sample's time, if any.
    var newestTimeUs: UInt64? {
        count == 0 ? nil : times[(start + count - 1) % Self.capacity]
    }

    /// Adds a sample of `delta` progress at `timeUs` (clamped to the newest time so far), and
    /// returns ``velocity`` with it. Read here, in the mutating access, the velocity is read in
    /// place; read as `slots[i].tracker.velocity` it copied the whole device slot out of the
    /// engine's array first (its tracker's arrays retained and released), once per update.
    @discardableResult
    mutating func push(timeUs: UInt64, delta: Double) -> Double {
        let t = max(timeUs, newestTimeUs ?? 0)
        if count == Self.capacity {
            start = (start + 1) % Self.capacity
            count -= 1
        }
        let slot = (start + count) % Self.capacity
        times[slot] = t
        deltas[slot] = delta.isFinite ? delta : 0
        count += 1
        while count > 1 && t - times[start] > Self.windowUs {
            start = (start + 1) % Self.capacity
            count -= 1
        }
        return velocity
    }

    /// Progress per second over the window; 0 with fewer than two samples or no elapsed time.
    var velocity: Double {
        guard count > 1 else { return 0 }
        let first = times[start]
        let last = times[(start + count - 1) % Self.capacity]
        guard last > first else { return 0 }
        var sum = 0.0
        var i = 1
        while i < count {
            sum += deltas[(start + i) % Self.capacity]
            i += 1
        }
        let v = sum / (Double(last - first) / 1_000_000)
        return v.isFinite ? v : 0
    }
}
