// SPDX-License-Identifier: MIT
/// The snap points of a paged transition: pages 0 … `count` − 1, one `distance` apart, and the
/// page it rests on. Progress is then a position among the pages (GNOME Shell's
/// `SwipeTracker` snap points 0..n−1, niri's workspaces), not a fraction 0 → 1.
public struct Pages: Sendable, Hashable, Codable {
    /// How many pages (≥ 2).
    public var count: Int
    /// The page the transition rests on, 0-based (in 0 ..< `count`).
    public var current: Int

    /// The most pages a transition may have: far more than any shell shows, and small enough
    /// that positions stay exact in a double.
    public static let maxCount = 1000

    /// `count` pages, resting on `current`.
    public init(count: Int, current: Int = 0) { self.count = count; self.current = current }

    /// The last page's position, `count` − 1: where the rubber band starts at the far end.
    public var last: Double { Double(count - 1) }

    /// `page` limited to the pages that exist.
    public func clamped(_ page: Int) -> Int { min(max(page, 0), count - 1) }

    /// The nearest page to `position`, within bounds (a tie goes to the lower page, as GNOME's
    /// `_findClosestPoint` keeps the first of two equal distances).
    public func nearest(to position: Double) -> Int {
        guard position.isFinite else { return current }
        let below = (position - 0.5).rounded(.up)
        return clamped(below.magnitude < 1e9 ? Int(below) : (below < 0 ? 0 : count - 1))
    }

    /// Checks the count and the current page.
    public func validate(in origin: String) throws(ConfigurationError) {
        guard (2...Self.maxCount).contains(count) else {
            throw ConfigurationError("\(origin): pages must be 2...\(Self.maxCount) (got \(count))")
        }
        guard (0..<count).contains(current) else {
            throw ConfigurationError("\(origin): page must be 0...\(count - 1) (got \(current))")
        }
    }
}
