// SPDX-License-Identifier: MIT
/// A gesture or a trigger run in flight on one transition, from `began` to `completed`.
struct Run: Sendable {
    /// The gesture id every event of this run carries.
    var id: UInt64
    /// Where a cancel returns to: 0 (a paged transition: the page it began on), kept across
    /// catches.
    var cancelPoint: Double
    /// The device that drives (or drove) it; a new touch on this device catches its animation.
    /// `nil` for trigger runs and after the device went away.
    var device: DeviceID?
    var phase: Phase

    /// When its completion animation ends, while one runs.
    var animationEndUs: UInt64? {
        if case .animating(let animation) = phase { return animation.endUs }
        return nil
    }

    /// Moves the drive in place while a finger drives the run (``RunTable/drive(_:by:)``):
    /// `body` changes it and returns the progress change. Returns the id, the drive after the
    /// move and the change, or `nil` when the run is not interactive. One mutating access: read
    /// from the table's array instead (the phase, then the id), the whole `Run?` was copied
    /// each time.
    mutating func drive(by body: (inout Drive) -> Double) -> (id: UInt64, drive: Drive, delta: Double)? {
        guard case .interactive(var d) = phase else { return nil }
        let delta = body(&d)
        phase = .interactive(d)
        return (id, d, delta)
    }

    enum Phase: Sendable {
        /// A finger drives it.
        case interactive(Drive)
        /// Its completion animation runs.
        case animating(RunningAnimation)
        /// A new touch caught the animation at `value`.
        case paused(value: Double)
    }
}

/// An interactive phase: how the locked pan maps to progress. No references inside, so
/// copying it in and out of `Run.Phase` on each update never allocates.
struct Drive: Sendable {
    var source: GestureSource
    var axis: Axis
    /// +1 or −1: which way along the axis completes the transition.
    var sign: Double
    /// Travel for progress 0 → 1, in the source's units.
    var distance: Double
    /// p0: 0 for a fresh gesture, the caught value after a catch.
    var startProgress: Double
    /// Σ sign·Δ since the lock, source units (clamped so |progress| ≤ ``Drive/progressLimit``).
    var travel: Double = 0
    var thresholds: ReleaseDecision.Thresholds
    var rubberBand: RubberBand
    /// Where the rubber band starts at the far end: 1, or a paged transition's last page.
    var upper = 1.0

    /// Raw progress is kept within ±1000: far beyond anything meaningful, far from overflow.
    static let progressLimit = 1000.0

    /// p = p0 + Σ(sign·Δ)/D, unbounded by the rubber band.
    var rawProgress: Double { startProgress + travel / distance }
    /// What to show: rubber-banded outside [0, 1] (a paged transition: [0, last page]).
    var shownProgress: Double { rubberBand.apply(rawProgress, upper: upper) }

    /// Adds a movement along the axis; returns the progress change.
    mutating func move(by delta: Double) -> Double {
        let before = rawProgress
        let limit = Self.progressLimit
        let lo = (-limit - startProgress) * distance, hi = (limit - startProgress) * distance
        travel = min(max(travel + sign * delta, lo), hi)
        return rawProgress - before
    }
}

/// A completion animation that started at `startUs`.
struct RunningAnimation: Sendable {
    var ended: EndedEvent
    var startUs: UInt64
    /// When it completes: `startUs` + the duration, rounded up to a whole µs.
    var endUs: UInt64
    var sampler: AnimationSampler

    init(ended: EndedEvent, startUs: UInt64) {
        self.ended = ended
        self.startUs = startUs
        self.sampler = ended.animation.sampler
        self.endUs = startUs.addingSaturating(microseconds(sampler.duration))
    }

    func seconds(atUs nowUs: UInt64) -> Double {
        nowUs > startUs ? Double(nowUs - startUs) / 1_000_000 : 0
    }

    func value(atUs nowUs: UInt64) -> Double {
        nowUs >= endUs ? ended.to : sampler.value(at: seconds(atUs: nowUs))
    }

    func velocity(atUs nowUs: UInt64) -> Double {
        nowUs >= endUs ? 0 : sampler.velocity(at: seconds(atUs: nowUs))
    }
}

/// Seconds to whole microseconds, rounded up; saturates at about 31 years.
func microseconds(_ seconds: Double) -> UInt64 {
    guard seconds > 0 else { return 0 }
    let us = (seconds * 1_000_000).rounded(.up)
    return us < 1e15 ? UInt64(us) : 1_000_000_000_000_000
}

extension UInt64 {
    func addingSaturating(_ other: UInt64) -> UInt64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
