// SPDX-License-Identifier: MIT
/// How far a finger has travelled, as a fraction of the whole pan, over normalised time.
///
/// Real pans speed up and slow down smoothly: ``smooth`` is the minimum-jerk profile
/// (10τ³ − 15τ⁴ + 6τ⁵, zero speed at both ends), which fits human point-to-point movements well;
/// ``flick`` is its first half stretched to the whole time, so the finger lifts at full speed.
enum FingerPath: Sendable {
    /// Starts and ends at rest.
    case smooth
    /// Starts at rest, lifts at its fastest.
    case flick

    /// The fraction travelled at `tau` ∈ [0, 1]; 0 at 0 and 1 at 1.
    func fraction(at tau: Double) -> Double {
        let t = min(max(tau, 0), 1)
        switch self {
        case .smooth:
            return t * t * t * (10 - 15 * t + 6 * t * t)
        case .flick:
            let h = t / 2   // the first half of the smooth profile, rescaled to end at 1
            return (h * h * h * (10 - 15 * h + 6 * h * h)) / 0.5
        }
    }
}

/// A small deterministic pseudo-random sequence (a 64-bit LCG), so demo gestures have a real
/// device's jitter yet are the same every time.
struct Jitter: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 6364136223846793005 &+ 1442695040888963407 }

    /// A value in [-1, 1).
    mutating func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 52) - 1
    }
}
