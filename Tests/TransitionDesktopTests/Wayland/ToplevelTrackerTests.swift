// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionDesktop

/// Focus from wlr-foreign-toplevel-management's events, without a compositor.
@Suite struct ToplevelTrackerTests {
    /// A toplevel announced with its app id, title and states, then `done`.
    static func announce(_ tracker: inout ToplevelTracker, _ id: UInt, _ appID: String, activated: Bool) -> Bool {
        tracker.created(id)
        tracker.appID(id, appID)
        tracker.title(id, "\(appID) window")
        tracker.state(id, activated ? [ToplevelTracker.activated] : [])
        return tracker.done(id)
    }

    @Test func theActivatedToplevelIsFocusedAfterItsDone() {
        var tracker = ToplevelTracker()
        #expect(Self.announce(&tracker, 1, "A", activated: false) == false)
        #expect(tracker.focused == nil)
        #expect(Self.announce(&tracker, 2, "B", activated: true) == true)
        #expect(tracker.focused == FocusedApplication(appID: "B", title: "B window"))
    }

    @Test func eventsWaitForDone() {
        var tracker = ToplevelTracker()
        _ = Self.announce(&tracker, 1, "A", activated: true)
        tracker.appID(1, "A2")
        tracker.state(1, [0 /* maximized */, ToplevelTracker.activated])
        #expect(tracker.focused?.appID == "A")
        #expect(tracker.done(1) == true)
        #expect(tracker.focused?.appID == "A2")
        // A title alone changes what --verbose shows, and says so.
        tracker.title(1, "other")
        #expect(tracker.done(1) == true)
        // A state without a change is no change.
        tracker.state(1, [ToplevelTracker.activated])
        #expect(tracker.done(1) == false)
    }

    @Test func focusMovesWithActivationAndTheNewestWins() {
        var tracker = ToplevelTracker()
        _ = Self.announce(&tracker, 1, "A", activated: true)
        _ = Self.announce(&tracker, 2, "B", activated: false)
        // B activated before A's deactivation arrives: B is the newest.
        tracker.state(2, [ToplevelTracker.activated])
        #expect(tracker.done(2) == true)
        #expect(tracker.focused?.appID == "B")
        tracker.state(1, [])
        #expect(tracker.done(1) == false)
        #expect(tracker.focused?.appID == "B")
    }

    @Test func closingTheFocusedToplevelLeavesNoneOrTheOtherActivated() {
        var tracker = ToplevelTracker()
        _ = Self.announce(&tracker, 1, "A", activated: true)
        _ = Self.announce(&tracker, 2, "B", activated: true)
        #expect(tracker.closed(2) == true)
        #expect(tracker.focused?.appID == "A")
        #expect(tracker.closed(1) == true)
        #expect(tracker.focused == nil)
        // Events for a handle never announced are ignored.
        tracker.appID(9, "X")
        #expect(tracker.done(9) == false)
        #expect(tracker.closed(9) == false)
    }

    @Test func aToplevelWithoutAnAppIDIsNoApplication() {
        var tracker = ToplevelTracker()
        tracker.created(1)
        tracker.state(1, [ToplevelTracker.activated])
        #expect(tracker.done(1) == false)
        #expect(tracker.focused == nil)
    }
}
