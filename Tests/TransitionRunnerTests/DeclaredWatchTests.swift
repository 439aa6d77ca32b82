// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
import TransitionProtocol
@testable import TransitionRunner

/// The runner never acts on a transition a client declared.
@Suite struct DeclaredWatchTests {
    @Test func theDeclaredTransitionsEventsAreHidden() {
        let watch = DeclaredWatch(names: ["workspaces"])
        let event = { (name: String) in
            ServerMessage.transition(TransitionEvent(transition: name, gesture: 1, timeUs: 1, payload: .paused(PausedEvent(progress: 1))))
        }
        #expect(watch.hides(event("workspaces")))
        #expect(!watch.hides(event("swipe3-left")))
        #expect(watch.hides(.frame(FrameEvent(transition: "workspaces", gesture: 1, timeUs: 1, progress: 1, velocity: 0))))
    }
}
