// SPDX-License-Identifier: MIT
import Testing
import PropertyBased
@testable import TransitionCore

/// GNOME Shell's release rule on pages (``PageDecision``).
@Suite struct PageDecisionTests {
    /// GNOME's touchpad thresholds over 400 units a page: 0.6 units/ms is 1.5 pages/s; τ for 0.997.
    static let policy = ReleaseDecision.Thresholds(finish: 0.5, velocity: 1.5,
                                                   projectionTime: ReleaseDecision.projectionTime(decelerationRate: 0.997),
                                                   snapTravel: 2)
    static let five = Pages(count: 5, current: 2)

    func decide(_ p: Double, _ v: Double, start: Double = 2, beganOn: Int = 2, travel: Double = 50,
                cancelled: InputCancelCause? = nil, pages: Pages = five) -> PageDecision {
        PageDecision.decide(position: p, velocity: v, startPosition: start, beganOn: beganOn, travel: travel,
                            cancelled: cancelled, pages: pages, policy: Self.policy)
    }

    @Test func aSlowReleasePicksTheNearestPage() {
        #expect(decide(2.4, 0) == PageDecision(page: 2, reason: .release))
        #expect(decide(2.6, 1) == PageDecision(page: 3, reason: .release))
        #expect(decide(1.51, -1.4) == PageDecision(page: 2, reason: .release))
        #expect(decide(2.5, 0).page == 2)                  // a tie: the lower page, as _findClosestPoint
        #expect(decide(3.7, 0).page == 4)                  // a slow drag across pages lands on the nearest
        #expect(decide(4.3, 0).page == 4 && decide(-0.3, 0).page == 0)   // beyond the ends: the end
    }

    @Test func aFlingGoesToTheNextPageInItsDirection() {
        #expect(decide(2.1, 8) == PageDecision(page: 3, reason: .velocity))   // GNOME: prev(q) is the start page
        #expect(decide(1.9, -8) == PageDecision(page: 1, reason: .velocity))
        #expect(decide(2.0, 100).page == 3)                // never more than one page from the start
        #expect(decide(2.0, -100).page == 1)
    }

    @Test func aFlingBackTowardsTheStartGoesBack() {
        // Dragged to 2.7, flung back: the projection passes below 2.5, the start page is nearest.
        #expect(decide(2.7, -2).page == 2)
        // Dragged to 2.9 and barely flung back: the start page, never the page the fling left.
        #expect(decide(2.9, -1.6).page == 2)
        // A hard fling back passes the start page by one page, as GNOME's bounds allow.
        #expect(decide(2.7, -8).page == 1)
        // Any fling forward from the start page moves on (GNOME: the page behind q is the start).
        #expect(decide(2.1, 1.6).page == 3)
    }

    @Test func aFlingBeyondDraggedPagesGoesOnePageOnAtMost() {
        // The fingers dragged it from 2 to 3.4 and flung on: the next page ahead of them.
        #expect(decide(3.4, 50).page == 4)
        #expect(decide(0.6, -50, start: 2.0).page == 0)
    }

    @Test func cancelledInputAndTinyMovesGoBackToTheFirstPage() {
        #expect(decide(2.8, 20, cancelled: .libinput) == PageDecision(page: 2, reason: .libinputCancel))
        #expect(decide(2.8, 20, cancelled: .touch) == PageDecision(page: 2, reason: .touchCancel))
        #expect(decide(2.01, 0, travel: 1) == PageDecision(page: 2, reason: .release, snap: true))
        // A caught transition (started elsewhere than its first page) never snaps.
        #expect(decide(2.31, 0, start: 2.3, travel: 1).snap == false)
    }

    @Test func theNearestPageOfAnyPosition() {
        let p = Pages(count: 3)
        #expect(p.nearest(to: -7) == 0 && p.nearest(to: 0.5) == 0 && p.nearest(to: 0.51) == 1 && p.nearest(to: 9e20) == 2)
        #expect(p.nearest(to: .nan) == 0 && p.nearest(to: -.infinity) == 0)
    }

    /// Positions, velocities, page counts and start pages in wide ranges.
    @Test func thePageIsAlwaysWithinBoundsAndNeverBehindTheMotion() async {
        await propertyCheck(input: Gen.double(in: -1.5...12), Gen.double(in: -80...80), Gen.int(in: 2...10), Gen.int(in: 0...9)) {
            p, v, count, s in
            let pages = Pages(count: count, current: min(s, count - 1))
            let start = Double(pages.current)
            let d = decide(p, v, start: start, beganOn: pages.current, pages: pages)
            #expect((0..<count).contains(d.page))
            if abs(v) >= Self.policy.velocity {
                let last = Double(count - 1)
                if v > 0 { #expect(Double(d.page) >= min(p, last) - 1e-9, "fling forward from \(p) went back to \(d.page)") }
                if v < 0 { #expect(Double(d.page) <= max(p, 0) + 1e-9, "fling back from \(p) went forward to \(d.page)") }
                // At most one page beyond the start page or the pages the fingers reached.
                let lo = min(start - 1, p.rounded(.down)), hi = max(start + 1, p.rounded(.up))
                #expect(Double(d.page) >= lo - 1e-9 && Double(d.page) <= hi + 1e-9)
            } else {
                #expect(d.page == pages.nearest(to: p))
                #expect(abs(Double(d.page) - min(max(p, 0), Double(count - 1))) <= 0.5)
            }
        }
    }
}
