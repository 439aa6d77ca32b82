// SPDX-License-Identifier: MIT
/// Which page a paged transition goes to when the fingers lift: GNOME Shell's `SwipeTracker`
/// release rule (js/ui/swipeTracker.js, `_getEndProgress`, `_getBounds`,
/// `_findPointForProjection`, `_findClosestPoint`), on positions counted in pages.
///
/// 1. Cancelled input goes back to the page the gesture began on.
/// 2. A fresh gesture that barely moved snaps back to it, with no animation (the engine's
///    rule 2 of ``ReleaseDecision``).
/// 3. Below the velocity threshold the position decides: the nearest page (GNOME:
///    `_findClosestPoint(this._progress)`).
/// 4. Otherwise the projection decides: q = position + velocity·τ (τ as in ``ReleaseDecision``,
///    −1/(1000·ln d): niri's `projected_end_pos`, GNOME's linear deceleration slope), limited to
///    one page either side of the start page (GNOME's `_getBounds(initialProgress)` without
///    `allowLongSwipes`) or to the pages the fingers already reached; then GNOME's
///    `_findPointForProjection`: when the page behind q (in the motion's direction) is the start
///    page, the page ahead of q, else the page nearest q. Last, the page is never behind the
///    fingers in the motion's direction (where GNOME, whose fingers cannot leave the start
///    page's neighbours, never needs to say so), and always within 0 … count − 1.
///
/// So a fling moves at most one page beyond the start page, or beyond the page the fingers
/// dragged it to: it never skips pages by speed alone.
public struct PageDecision: Sendable, Hashable {
    /// The page to animate to.
    public var page: Int
    /// ``EndReason/release``, ``EndReason/velocity``, or the input's cancel cause.
    public var reason: EndReason
    /// Jump to `page` with no animation (rule 2).
    public var snap: Bool

    /// A decision given directly; usually ``decide(position:velocity:startPosition:beganOn:travel:cancelled:pages:policy:)`` makes it.
    public init(page: Int, reason: EndReason, snap: Bool = false) {
        self.page = page; self.reason = reason; self.snap = snap
    }

    /// How far a position may sit past a page and still count as on it.
    static let epsilon = 1e-9

    /// Decides a release.
    /// - Parameters:
    ///   - position: raw (not rubber-banded) position at release, in pages.
    ///   - velocity: pages per second.
    ///   - startPosition: the position when this gesture started driving (a page, or the value a
    ///     catch froze).
    ///   - beganOn: the page the gesture began on (where a cancel returns).
    ///   - travel: Σ sign·Δ since the start, source units.
    ///   - cancelled: the input layer's cancel cause, if any.
    ///   - pages: the page count (``Pages/current`` is not read).
    ///   - policy: the velocity threshold (pages per second), τ and the snap distance.
    public static func decide(position: Double, velocity: Double, startPosition: Double, beganOn: Int,
                              travel: Double, cancelled: InputCancelCause?, pages: Pages,
                              policy: ReleaseDecision.Thresholds) -> PageDecision {
        if let cancelled {
            return PageDecision(page: beganOn, reason: cancelled == .touch ? .touchCancel : .libinputCancel)
        }
        if startPosition == Double(beganOn) && abs(travel) < policy.snapTravel {
            return PageDecision(page: beganOn, reason: .release, snap: true)
        }
        guard position.isFinite else { return PageDecision(page: beganOn, reason: .release) }
        if !(abs(velocity) >= policy.velocity) || !velocity.isFinite {
            return PageDecision(page: pages.nearest(to: position), reason: .release)
        }
        return PageDecision(page: projectedPage(position: position, velocity: velocity,
                                                start: pages.nearest(to: startPosition),
                                                projectionTime: policy.projectionTime, pages: pages),
                            reason: .velocity)
    }

    /// Rule 4: the page a fling at `velocity` (≠ 0) from `position` goes to, `start` being the
    /// page nearest where the gesture started driving.
    static func projectedPage(position p: Double, velocity v: Double, start: Int, projectionTime: Double,
                              pages: Pages) -> Int {
        let s = Double(start)
        let ahead = (p - epsilon).rounded(.up), behind = (p + epsilon).rounded(.down)
        let lo = min(s - 1, behind), hi = max(s + 1, ahead)
        var q = p + v * projectionTime
        if !q.isFinite { q = v > 0 ? hi : lo }
        q = min(max(q, lo), hi)
        let prev = (q + epsilon).rounded(.down), next = (q - epsilon).rounded(.up)
        var target: Double
        if (v > 0 ? prev : next) == s {
            target = v > 0 ? next : prev
        } else {
            target = Double(pages.nearest(to: q))
        }
        target = v > 0 ? max(target, ahead) : min(target, behind)
        return pages.clamped(Int(min(max(target, -1), Double(pages.count))))
    }
}
