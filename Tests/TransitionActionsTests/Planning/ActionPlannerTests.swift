// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionCore
import TransitionProtocol

@Suite struct ActionPlannerTests {
    static let finishCancel = """
        [[action]]
        transition = "swipe3-left"
        on = "finish"
        command = ["finish-cmd"]

        [[action]]
        transition = "swipe3-left"
        on = "cancel"
        command = ["cancel-cmd"]

        [[action]]
        transition = "*"
        on = "began"
        command = ["began-cmd"]

        [[action]]
        transition = "swipe3-left"
        on = "completed"
        command = ["completed-cmd"]
        """

    @Test func aFinishedSwipeRunsBeganFinishAndCompletedInOrder() throws {
        var planner = ActionPlanner(file: try actions(Self.finishCancel))
        var s = EventScript()
        let intents = plan(&planner, [s.began(), s.updated(0.3), s.updated(0.8), s.ended(.finish, from: 0.8, reason: .release),
                                      s.completed(true)])
        #expect(intents.map(\.commandText) == ["began-cmd", "finish-cmd", "completed-cmd"])
        #expect(intents[0].variable("SOURCE") == "swipe")
        #expect(intents[0].variable("FINGERS") == "3")
        #expect(intents[0].variable("DIRECTION") == "left")
        #expect(intents[0].variable("PROGRESS") == "0.000000")
        #expect(intents[1].variable("OUTCOME") == "finish")
        #expect(intents[1].variable("REASON") == "release")
        #expect(intents[1].variable("PROGRESS") == "0.800000")
        #expect(intents[2].variable("OUTCOME") == "finish")
        #expect(intents[2].variable("PROGRESS") == "1.000000")
        #expect(intents.allSatisfy { if case .run(let i) = $0 { i.lane == "swipe3-left" } else { false } })
    }

    @Test func aShortHeldSwipeRunsCancelAndNotFinish() throws {
        var planner = ActionPlanner(file: try actions(Self.finishCancel))
        var s = EventScript()
        let intents = plan(&planner, [s.began(), s.updated(0.1, velocity: 0), s.ended(.cancel, from: 0.1), s.completed(false)])
        #expect(intents.map(\.commandText) == ["began-cmd", "cancel-cmd", "completed-cmd"])
        #expect(intents[2].variable("OUTCOME") == "cancel")
    }

    @Test func aFlingFinishesFromAShortDistance() throws {
        var planner = ActionPlanner(file: try actions(Self.finishCancel))
        var s = EventScript()
        let intents = plan(&planner, [s.began(), s.updated(0.15, velocity: 4), s.ended(.finish, from: 0.15, reason: .velocity, velocity: 4)])
        #expect(intents.map(\.commandText) == ["began-cmd", "finish-cmd"])
        #expect(intents[1].variable("REASON") == "velocity")
        #expect(intents[1].variable("VELOCITY") == "4.000000")
    }

    /// A caught animation decided again runs the other outcome's command only if the decision
    /// changed.
    @Test func aCatchRunsANewOutcomeOnlyWhenItChanges() throws {
        var planner = ActionPlanner(file: try actions(Self.finishCancel))
        var s = EventScript()
        let intents = plan(&planner, [
            s.began(), s.updated(0.7), s.ended(.finish, from: 0.7),
            s.paused(0.85), s.updated(0.9), s.ended(.finish, from: 0.9),   // same decision: nothing new
            s.paused(0.95), s.updated(0.2), s.ended(.cancel, from: 0.2),   // dragged back: cancel
            s.completed(false),
        ])
        #expect(intents.map(\.commandText) == ["began-cmd", "finish-cmd", "cancel-cmd", "completed-cmd"])
    }

    @Test func eventsOfAGestureNotSeenBeginningAreIgnored() throws {
        var planner = ActionPlanner(file: try actions(Self.finishCancel))
        var s = EventScript()
        _ = s.began()
        #expect(plan(&planner, [s.updated(0.5), s.ended(.finish), s.completed(true)]).isEmpty)
    }

    @Test func matchingByNameListAndSource() throws {
        var planner = ActionPlanner(file: try actions("""
            [[action]]
            transition = ["a", "b"]
            on = "began"
            command = ["ab"]
            [[action]]
            transition = "*"
            on = "began"
            source = "trigger"
            command = ["triggered"]
            [[action]]
            transition = "*"
            on = "began"
            source = ["swipe", "pinch"]
            command = ["fingers"]
            """))
        var a = EventScript("a", gesture: 1), b = EventScript("b", gesture: 2), c = EventScript("c", gesture: 3)
        #expect(plan(&planner, [a.began()]).map(\.commandText) == ["ab", "fingers"])
        #expect(plan(&planner, [b.trigger()]).map(\.commandText) == ["ab", "triggered"])
        #expect(plan(&planner, [c.began(source: .touch)]).map(\.commandText) == [])
        #expect(plan(&planner, [c.began(source: .pinch)]).map(\.commandText) == ["fingers"])
    }

    static let steps = """
        [[action]]
        transition = "swipe3-up"
        on = "step"
        step = 0.1
        command = "step-cmd"
        """

    @Test func stepsFireUpAndDownOncePerBoundary() throws {
        var planner = ActionPlanner(file: try actions(Self.steps))
        var s = EventScript("swipe3-up")
        let intents = plan(&planner, [s.began(), s.updated(0.05), s.updated(0.1), s.updated(0.1), s.updated(0.35),
                                      s.updated(0.29), s.updated(0.0999), s.updated(0.1)])
        #expect(intents.map { $0.variable("STEP")! } == ["+1", "+1", "+1", "-1", "-1", "-1", "+1"])
        #expect(intents.map { $0.variable("LEVEL")! } == ["1", "2", "3", "2", "1", "0", "1"])
        #expect(intents.map { $0.variable("EVENT")! }.allSatisfy { $0 == "step" })
    }

    /// Steps follow the unbounded progress, so they keep coming past 1 where the shown
    /// progress is rubber-banded, and below 0.
    @Test func stepsFollowTheRawProgressBeyondTheEnds() throws {
        var planner = ActionPlanner(file: try actions(Self.steps))
        var s = EventScript("swipe3-up")
        let up = plan(&planner, [s.began(), s.updated(1.0), s.updated(1.5)])
        #expect(up.count == 15)
        let down = plan(&planner, [s.updated(-0.25)])
        #expect(down.count == 18)
        #expect(down.last?.variable("LEVEL") == "-3")
    }

    /// Steps stop at the lift: the completion animation moves the value but no finger does.
    /// After a catch they count from the caught value.
    @Test func stepsOnlyWhileTouching() throws {
        var planner = ActionPlanner(file: try actions(Self.steps))
        var s = EventScript("swipe3-up")
        var intents = plan(&planner, [s.began(), s.updated(0.25), s.ended(.finish, from: 0.25), s.frame(0.6), s.frame(0.9)])
        #expect(intents.count == 2)
        intents = plan(&planner, [s.paused(0.93), s.updated(0.95), s.updated(1.12)])
        #expect(intents.map { $0.variable("STEP")! } == ["+1", "+1"]) // 1.0 and 1.1, not 0.3…0.9
        #expect(plan(&planner, [s.completed(true)]).isEmpty)
    }

    @Test func triggersRunNoSteps() throws {
        var planner = ActionPlanner(file: try actions(Self.steps))
        var s = EventScript("swipe3-up")
        #expect(plan(&planner, [s.trigger(), s.ended(.finish, from: 0, reason: .trigger), s.frame(0.5), s.completed(true)]).isEmpty)
    }

    static let threshold = """
        [[action]]
        transition = "swipe3-left"
        on = "threshold"
        threshold = 0.6
        command = "threshold-cmd"
        """

    @Test func aThresholdFiresOncePerGestureWhenFirstCrossed() throws {
        var planner = ActionPlanner(file: try actions(Self.threshold))
        var s = EventScript()
        let intents = plan(&planner, [s.began(), s.updated(0.3), s.updated(0.6), s.updated(0.4), s.updated(0.8),
                                      s.ended(.finish, from: 0.8), s.paused(0.9), s.updated(0.5), s.updated(0.7)])
        #expect(intents.map(\.commandText) == ["threshold-cmd"])
        #expect(intents[0].variable("PROGRESS") == "0.600000")
        #expect(plan(&planner, [s.completed(true)]).isEmpty)
        var next = EventScript(gesture: 2)
        #expect(plan(&planner, [next.began(), next.updated(0.65)]).count == 1) // armed again for a new gesture
    }

    @Test func aThresholdIsNotCrossedByTheAnimationOrATrigger() throws {
        var planner = ActionPlanner(file: try actions(Self.threshold))
        var s = EventScript()
        #expect(plan(&planner, [s.began(), s.updated(0.3, velocity: 5), s.ended(.finish, from: 0.3, reason: .velocity),
                                s.frame(0.7), s.completed(true)]).isEmpty)
        var t = EventScript(gesture: 2)
        #expect(plan(&planner, [t.trigger(), t.ended(.finish, from: 0, reason: .trigger), t.completed(true)]).isEmpty)
        // Caught at 0.9 after the animation passed 0.6: moving on from there crosses nothing.
        var u = EventScript(gesture: 3)
        #expect(plan(&planner, [u.began(), u.updated(0.4), u.ended(.finish, from: 0.4), u.paused(0.9), u.updated(0.95)]).isEmpty)
    }

    static let progress = """
        [[action]]
        transition = "swipe3-left"
        on = "progress"
        command = ["consumer"]
        """

    @Test func aProgressCommandReadsEveryPhaseInOrderThenItsInputCloses() throws {
        var planner = ActionPlanner(file: try actions(Self.progress))
        var s = EventScript()
        let intents = plan(&planner, [s.began(), s.updated(0.25, velocity: 1.5), s.updated(0.5, velocity: 2),
                                      s.ended(.finish, from: 0.5, velocity: 2), s.frame(0.8, velocity: 1), s.completed(true)])
        guard case .open(let stream, let invocation) = intents.first else { Issue.record("no open"); return }
        #expect(invocation.command == .argv(["consumer"]))
        #expect(intents.compactMap(\.line) == [
            "0.000000 0.000000 began",
            "0.250000 1.500000 interactive",
            "0.500000 2.000000 interactive",
            "0.500000 2.000000 finish",
            "0.800000 1.000000 finish",
            "1.000000 0.000000 finished",
        ])
        #expect(intents.last == .close(stream))
        let coalescable = intents.compactMap { if case .write(_, _, let c) = $0 { c } else { nil } }
        #expect(coalescable == [false, true, true, false, true, false])
        #expect(planner.gesturesInFlight == 0)
    }

    @Test func aCaughtGestureKeepsItsProgressCommand() throws {
        var planner = ActionPlanner(file: try actions(Self.progress))
        var s = EventScript()
        let intents = plan(&planner, [s.began(), s.updated(0.3), s.ended(.cancel, from: 0.3), s.paused(0.2), s.updated(0.6),
                                      s.ended(.finish, from: 0.6), s.completed(true)])
        #expect(intents.filter { if case .open = $0 { true } else { false } }.count == 1)
        #expect(intents.compactMap(\.line).map { $0.split(separator: " ").last! } ==
                ["began", "interactive", "cancel", "paused", "interactive", "finish", "finished"])
    }

    @Test func gesturesInFlightAtOnceAreFollowedApart() throws {
        var planner = ActionPlanner(file: try actions(Self.progress + "\n" + Self.finishCancel))
        var a = EventScript(gesture: 1), b = EventScript(gesture: 2)
        let intents = plan(&planner, [a.began(), b.trigger(), a.updated(0.4), b.ended(.finish, reason: .trigger),
                                      a.ended(.cancel, from: 0.4), b.completed(true), a.completed(false)])
        let streams = Set(intents.compactMap { if case .open(let id, _) = $0 { id } else { nil } })
        #expect(streams.count == 2)
        #expect(intents.compactMap(\.commandText) ==
                ["consumer", "began-cmd", "consumer", "began-cmd", "finish-cmd", "cancel-cmd", "completed-cmd", "completed-cmd"])
        #expect(intents.filter { if case .close = $0 { true } else { false } }.count == 2)
    }

    @Test func aLostConnectionClosesEveryStreamAndForgetsGestures() throws {
        var planner = ActionPlanner(file: try actions(Self.progress))
        var s = EventScript()
        let opened = plan(&planner, [s.began()])
        guard case .open(let stream, _) = opened.first else { Issue.record("no open"); return }
        #expect(planner.reset() == [.close(stream)])
        #expect(plan(&planner, [s.updated(0.5), s.completed(true)]).isEmpty)
        var again = EventScript(gesture: 1) // ids start again on the new connection
        guard case .open(let second, _) = plan(&planner, [again.began()]).first else { Issue.record("no open"); return }
        #expect(second != stream)
    }

    @Test func aReloadAppliesFromTheNextGesture() throws {
        var planner = ActionPlanner(file: try actions(Self.finishCancel))
        var s = EventScript()
        _ = plan(&planner, [s.began()])
        planner.replace(try actions(Self.threshold))
        #expect(plan(&planner, [s.updated(0.7), s.ended(.finish, from: 0.7)]).map(\.commandText) == ["finish-cmd"])
        var next = EventScript(gesture: 2)
        #expect(plan(&planner, [next.began(), next.updated(0.7), next.ended(.finish, from: 0.7)]).map(\.commandText)
                == ["threshold-cmd"])
    }

    @Test func timeoutsComeFromTheActionOrTheFile() throws {
        var planner = ActionPlanner(file: try actions("timeout = 3\n" + Self.finishCancel + "\ntimeout = 0.5\n"))
        var s = EventScript()
        let intents = plan(&planner, [s.began(), s.ended(.finish), s.completed(true)])
        let timeouts = intents.compactMap { if case .run(let i) = $0 { i.timeout } else { nil } }
        #expect(timeouts == [3, 3, 0.5])
        if case .run(let i) = intents[1] { #expect(i.label == "actions.toml:2 (swipe3-left finish)") }
    }
}
