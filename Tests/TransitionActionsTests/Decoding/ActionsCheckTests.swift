// SPDX-License-Identifier: MIT
import Testing
import TransitionActions

/// Golden tests of `transitionctl run --check`'s checks beyond the syntax (issue 33): each
/// wrong actions file, the whole of every message it gets.
@Suite struct ActionsCheckTests {
    static let known = [
        ActionsCheck.Transition(name: "swipe3-left", sources: ["swipe"], bandLimit: 0.05),
        ActionsCheck.Transition(name: "swipe3-up", sources: ["swipe"], bandLimit: 0.05),
        ActionsCheck.Transition(name: "overview", sources: ["swipe", "touch"], bandLimit: 0.1),
        ActionsCheck.Transition(name: "hold4", sources: ["hold"], bandLimit: 0.05),
        ActionsCheck.Transition(name: "launcher", sources: ["padtap"], bandLimit: 0.05),
        ActionsCheck.Transition(name: "menu", sources: ["tap", "hold"], bandLimit: 0.05),
        ActionsCheck.Transition(name: "scripted", sources: [], bandLimit: 0.05),
    ]

    func findings(_ text: String) throws -> ActionsCheck.Findings {
        ActionsCheck.findings(try ActionsDecoder.decode(text, source: "actions.toml"), known: Self.known)
    }

    static func action(_ transition: String, _ on: String = "finish", threshold: Double? = nil) -> String {
        "[[action]]\ntransition = \(transition)\non = \"\(on)\"\n" + (threshold.map { "threshold = \($0)\n" } ?? "") + "command = \"true\"\n\n"
    }

    @Test func aMisspelledNameGetsDidYouMean() throws {
        let found = try findings(Self.action("\"swipe3-lft\""))
        #expect(found.problems == ["actions.toml:1: transitiond has no transition 'swipe3-lft' (did you mean 'swipe3-left'?)"])
        #expect(found.warnings.isEmpty)
    }

    @Test func anUnknownNameWithoutNeighbourSaysWhereTheNamesAre() throws {
        let found = try findings(Self.action("[\"swipe3-left\", \"zoom-everything\"]"))
        #expect(found.problems == ["actions.toml:1: transitiond has no transition 'zoom-everything' (transitionctl list names them)"])
    }

    @Test func knownNamesAndTheWildcardPass() throws {
        let found = try findings(Self.action("\"*\"") + Self.action("[\"swipe3-left\", \"hold4\"]") + Self.action("\"swipe3-up\"", "threshold", threshold: 0.5))
        #expect(found.messages.isEmpty)
    }

    @Test func aThresholdAHoldNeverReachesIsRefused() throws {
        let found = try findings(Self.action("\"hold4\"", "threshold", threshold: 1.5))
        #expect(found.problems == ["actions.toml:1: threshold 1.5 is never crossed: the progress of hold4 goes from 0 to 1 and stops there (a hold fills with time); use a threshold greater than 0 and at most 1"])
        #expect(try findings(Self.action("\"hold4\"", "threshold", threshold: 1)).messages.isEmpty)
    }

    @Test func aThresholdOnATapIsNeverCrossed() throws {
        let found = try findings(Self.action("[\"launcher\", \"scripted\"]", "threshold", threshold: 0.5))
        #expect(found.problems == ["actions.toml:1: threshold 0.5 is never crossed: no finger drives launcher, scripted (a tap runs it as `transitionctl trigger` does, and a trigger crosses no threshold); use on = \"finish\" instead"])
        // A tap and a hold on one transition: the hold drives it, up to 1.
        #expect(try findings(Self.action("\"menu\"", "threshold", threshold: 0.5)).messages.isEmpty)
        #expect(try findings(Self.action("\"menu\"", "threshold", threshold: 1.2)).problems.count == 1)
    }

    /// Past the rubber band on a swipe: the fingers can still get there (the unbounded progress
    /// grows with them), so a warning, not a refusal; within the band nothing is said.
    @Test func aThresholdPastTheEndOfASwipeIsAWarning() throws {
        let found = try findings(Self.action("\"swipe3-up\"", "threshold", threshold: 1.5))
        #expect(found.problems.isEmpty)
        #expect(found.warnings == ["actions.toml:1: warning: threshold 1.5 lies past the end of swipe3-up: the progress shown stops at 1.05 (the rubber band), and only fingers that go on past the end, by 0.5 of the distance, cross it; for the end itself use 1, or a value between 0 and 1"])
        #expect(try findings(Self.action("\"swipe3-up\"", "threshold", threshold: 1.05)).messages.isEmpty)
        #expect(try findings(Self.action("[\"swipe3-up\", \"overview\"]", "threshold", threshold: 1.08)).messages.isEmpty)
        #expect(try findings(Self.action("[\"hold4\", \"overview\"]", "threshold", threshold: 1.2)).warnings
            == ["actions.toml:1: warning: threshold 1.2 lies past the end of overview: the progress shown stops at 1.1 (the rubber band), and only fingers that go on past the end, by 0.2 of the distance, cross it; for the end itself use 1, or a value between 0 and 1"])
    }

    @Test func aThresholdBeyondAnyProgressIsRefused() throws {
        let found = try findings(Self.action("\"swipe3-up\"", "threshold", threshold: 5000))
        #expect(found.problems == ["actions.toml:1: threshold 5000 is never crossed: progress stays within ±1000; a threshold lies between 0 and 1 (the end of the gesture), or a little past it for fingers that go on"])
    }

    @Test func findingsKeepTheOrderOfTheFile() throws {
        let found = try findings(Self.action("\"swipe3-up\"", "threshold", threshold: 1.5) + Self.action("\"swipe3-lft\""))
        #expect(found.messages.map(\.isProblem) == [false, true])
        #expect(found.messages.map { $0.text.prefix(15) } == ["actions.toml:1:", "actions.toml:7:"])
    }
}
