// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
@testable import TransitionCtl
import TransitionProtocol

/// Who took a gesture, as `list`, `status`, `doctor` and `run` say it.
@Suite struct OwnershipTests {
    static let transitions: [TransitionInfo] = {
        var configured = TransitionInfo(name: "swipe3-left", gestures: [GestureInfo(name: "swipe3-left", source: "swipe", fingers: 3, direction: "left")])
        configured.taken = [TakenInfo(gesture: "swipe3-left", by: "workspaces", client: 4, pid: 2210)]
        var paged = TransitionInfo(name: "workspaces", gestures: [GestureInfo(name: "swipe3-left", source: "swipe", fingers: 3, direction: "left"),
                                                                 GestureInfo(name: "swipe3-right", source: "swipe", fingers: 3, direction: "right")])
        paged.declared = DeclaredInfo(client: 4, pid: 2210, pages: 4, page: 1)
        var drawer = TransitionInfo(name: "drawer", gestures: [GestureInfo(name: "edge1-right", source: "edge", fingers: 1, direction: "left")])
        drawer.declared = DeclaredInfo(client: 5, pid: 3000)
        return [configured, TransitionInfo(name: "overview"), paged, drawer]
    }()

    @Test func linesNameTheOwnerAndThePage() {
        #expect(Ownership.lines(Self.transitions) == [
            "swipe3-left: swipe3-left is taken by workspaces (client 4, pid 2210)",
            "workspaces: declared by client 4 (pid 2210) on swipe3-left, swipe3-right, page 2 of 4",
            "drawer: declared by client 5 (pid 3000) on edge1-right",
        ])
        #expect(Ownership.lines([TransitionInfo(name: "overview")]).isEmpty)
    }

    @Test func theDoctorNamesThemAmongTheClientsActingOnGestures() {
        let report = DoctorReport(daemon: .success(.init(path: "/s", hello: Hello(timeUs: 0, transitions: Self.transitions))),
                                  actions: .none(path: "actions.toml"), desktopNames: "", desktop: nil, runningTools: [])
        #expect(report.text.contains("other clients acting on gestures:\n  - swipe3-left: swipe3-left is taken by workspaces (client 4, pid 2210)\n"))
        #expect(!report.hasProblems)
    }

    @Test func theRunnerHidesTheDeclaredTransitionsEvents() {
        let watch = DeclaredWatch(names: ["workspaces"])
        let event = { (name: String) in
            ServerMessage.transition(TransitionEvent(transition: name, gesture: 1, timeUs: 1, payload: .paused(PausedEvent(progress: 1))))
        }
        #expect(watch.hides(event("workspaces")))
        #expect(!watch.hides(event("swipe3-left")))
    }
}
