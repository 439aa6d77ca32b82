// SPDX-License-Identifier: MIT
/// What Gala's `GestureController` (elementary/gala 8.5.1, `lib/Gestures/GestureController.vala`)
/// works out from the signals of one swipe, as far as its `OnGestureEnd` needs, in percent.
///
/// Gala moves by the difference of percentages, less whatever an update moved faster than
/// `MAX_VELOCITY` (1 % per ms: the excess is kept aside, `previous_delta`); its velocity is the
/// last update's (percentage difference over elapsed milliseconds, not recomputed when the
/// milliseconds repeat). At the end it takes End's percentage as a position: the gesture has
/// moved `end − begin − excess`; when the velocity is above `SUCCESS_VELOCITY_THRESHOLD`
/// (0.3 % per ms) it adds half a step in the velocity's direction; then it rounds (half away
/// from zero). ``settlingPercentage(from:)`` chooses the velocity that makes End 100 land on
/// exactly one step and End 0 on none.
public struct GalaFollower: Sendable, Hashable {
    /// The percentage of `OnGestureBegin`.
    public var begin: Double
    /// The last percentage and its elapsed milliseconds.
    public var previous: Double
    public var previousMs: UInt64 = 0
    /// What Gala keeps aside of updates faster than 1 % per ms.
    public var excess: Double = 0

    /// Gala's `MAX_VELOCITY`, in percent per ms.
    public static let maxVelocity = 1.0
    /// Gala's `SUCCESS_VELOCITY_THRESHOLD`, in percent per ms.
    public static let successVelocity = 0.3

    /// A gesture that began at `begin` percent, elapsed 0.
    public init(begin: Double) {
        self.begin = begin
        previous = begin
    }

    /// One `OnGestureUpdate`.
    public mutating func update(_ percentage: Double, elapsedMs: UInt64) {
        if elapsedMs != previousMs, elapsedMs > previousMs {
            let dt = Double(elapsedMs - previousMs)
            if (percentage - previous) / dt > Self.maxVelocity {
                excess += percentage - (Self.maxVelocity * dt + previous)
            }
        }
        previous = percentage
        previousMs = elapsedMs
    }

    /// How far behind End's percentage Gala's position is: where Gala stands, in steps, after
    /// `OnGestureEnd` at `p` percent is `(p − lag) / 100`.
    public var lag: Double { begin + excess }

    /// The percentage of the one `OnGestureUpdate` sent 1 ms after the last, before
    /// `OnGestureEnd` (100 for a finish, 0 for a cancel):
    /// - lag under 50: the same percentage, so Gala's velocity is 0 and it rounds
    ///   `(100 − lag) / 100` ∈ (0.5, 1] to 1, or `−lag / 100` ∈ (−0.5, 0] to 0;
    /// - lag of 50 or more: 0.5 higher (0.5 % per ms, above 0.3 and below 1), so Gala adds half a
    ///   step and rounds `(150 − lag) / 100` ∈ [0.5, 1] to 1, or `(50 − lag) / 100` ∈ (−0.5, 0]
    ///   to 0.
    public func settlingPercentage(from last: Double) -> Double {
        lag < 50 ? last : last + 0.5
    }

    /// Where Gala lands, in steps from where the gesture began, after `settling` at
    /// `previousMs + 1` and `OnGestureEnd` at `end`: Gala's own arithmetic, for tests and docs.
    public func landing(settling: Double, end: Double) -> Double {
        var g = self
        let before = g.previous
        g.update(settling, elapsedMs: previousMs + 1)
        let velocity = settling - before       // percent per ms, over 1 ms
        var to = (end - g.lag) / 100
        if abs(velocity / 100) > Self.successVelocity / 100 { to += velocity > 0 ? 0.5 : -0.5 }
        return to.rounded(.toNearestOrAwayFromZero)
    }
}
