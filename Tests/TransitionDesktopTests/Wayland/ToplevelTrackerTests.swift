// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
@testable import TransitionDesktop
import TransitionActions

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

    /// Any order of any events on four handles (as a compositor, or a broken one, might send):
    /// `done` and `closed` say true exactly when focus changed, and the focused application is
    /// always one a live handle's last `done` applied as activated.
    @Test func anyEventsKeepFocusOnAnAppliedActivatedToplevel() async {
        let event = zip(Gen<Int>.int(in: 0...5), Gen<UInt>.uint(in: 1...4), Gen<Int>.int(in: 0...2))
        await propertyCheck(count: 500, input: event.array(of: 0...60)) { events in
            var tracker = ToplevelTracker()
            var pendingApp: [UInt: String] = [:], pendingActive: [UInt: Bool] = [:]
            var appliedApp: [UInt: String] = [:], appliedActive: [UInt: Bool] = [:]
            var live: Set<UInt> = []
            for (kind, id, value) in events {
                let before = tracker.focused
                var reported: Bool?
                switch kind {
                case 0:
                    tracker.created(id)
                    live.insert(id)
                    (pendingApp[id], pendingActive[id], appliedApp[id], appliedActive[id]) = (nil, false, nil, false)
                case 1:
                    tracker.appID(id, ["A", "B", "C"][value])
                    if live.contains(id) { pendingApp[id] = ["A", "B", "C"][value] }
                case 2:
                    tracker.title(id, "title \(value)")
                case 3:
                    tracker.state(id, value == 0 ? [] : [UInt32(value - 1), ToplevelTracker.activated])
                    if live.contains(id) { pendingActive[id] = value != 0 }
                case 4:
                    reported = tracker.done(id)
                    if live.contains(id) { (appliedApp[id], appliedActive[id]) = (pendingApp[id], pendingActive[id]) }
                default:
                    reported = tracker.closed(id)
                    live.remove(id)
                }
                if let reported { #expect(reported == (tracker.focused != before)) }
                let candidates = live.filter { appliedActive[$0] == true && appliedApp[$0] != nil }
                if let focused = tracker.focused {
                    #expect(candidates.contains { appliedApp[$0] == focused.appID })
                } else {
                    #expect(candidates.isEmpty)
                }
            }
        }
    }
}
