// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionActions
import TransitionCore
import TransitionProtocol

/// The planner over random gestures: whatever the fingers do, the steps it asks for add up to the
/// level reached and move one level at a time, a threshold runs at most once and exactly when the
/// path reached it, and a progress command is opened first and closed last, once.
@Suite struct ActionPlannerPropertyTests {
    static let file = """
        [[action]]
        transition = "*"
        on = "step"
        step = 0.1
        command = "step"

        [[action]]
        transition = "*"
        on = "threshold"
        threshold = 0.55
        command = "threshold"

        [[action]]
        transition = "*"
        on = "progress"
        command = "progress"

        [[action]]
        transition = "*"
        on = "finish"
        command = "finish"

        [[action]]
        transition = "*"
        on = "cancel"
        command = "cancel"
        """

    @Test func randomGesturesKeepEveryRule() async throws {
        let file = try actions(Self.file)
        await propertyCheck(count: 300, input: Gen.double(in: -0.8...1.8).array(of: 1...50), Gen.bool, Gen.bool) { path, finish, catchIt in
            var planner = ActionPlanner(file: file)
            var s = EventScript()
            var first = [s.began()] + path.map { s.updated($0) }
            first.append(s.ended(finish ? .finish : .cancel, from: path.last!))
            var second: [ServerMessage] = []
            if catchIt { second += [s.paused(0.5), s.updated(0.45), s.ended(.cancel, from: 0.45)] }
            second.append(s.completed(!catchIt && finish))
            let firstIntents = plan(&planner, first)
            let secondIntents = plan(&planner, second)
            let intents = firstIntents + secondIntents

            // Steps: one level at a time, from the level where the fingers started (0, or the
            // caught value), adding up to the level where they were last.
            for (segment, start, last) in [(firstIntents, 0.0, path.last!), (secondIntents, 0.5, catchIt ? 0.45 : 0.5)] {
                var level = StepLevel.level(of: start, step: 0.1)
                for intent in segment where intent.commandText == "step" {
                    level += intent.variable("STEP") == "+1" ? 1 : -1
                    #expect(intent.variable("LEVEL") == String(level))
                }
                #expect(level == StepLevel.level(of: last, step: 0.1))
            }

            // The threshold: once, exactly when the path reached 0.55 from below.
            let reached = zip([0.0] + path, path).contains { ThresholdRule.crosses(0.55, from: $0, to: $1) }
            #expect(intents.filter { $0.commandText == "threshold" }.count == (reached ? 1 : 0))

            // The progress command: opened first, closed last, once; its last line is the final one.
            guard case .open(let stream, _) = intents.first(where: { if case .open = $0 { true } else { false } }) else {
                Issue.record("no progress command"); return
            }
            #expect(intents.filter { if case .close = $0 { true } else { false } } == [.close(stream)])
            #expect(intents.last == .close(stream))
            let lines = intents.compactMap(\.line)
            #expect(lines.first?.hasSuffix(" began") == true)
            #expect(lines.last?.hasSuffix(catchIt || !finish ? " cancelled" : " finished") == true)

            // Finish and cancel: once per change of decision.
            let decisions = intents.compactMap(\.commandText).filter { $0 == "finish" || $0 == "cancel" }
            let expected = catchIt && finish ? ["finish", "cancel"] : [finish ? "finish" : "cancel"]
            #expect(decisions == expected)
            #expect(planner.gesturesInFlight == 0)
        }
    }
}
