// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionCore
import TransitionDesktop

@Suite struct ActionPlannerFocusTests {
    static let file = """
        [[action]]
        transition = "*"
        on = "began"
        app = "foot"
        command = ["in-foot"]

        [[action]]
        transition = "*"
        on = "began"
        not_apps = ["foot"]
        command = ["not-foot"]

        [[action]]
        transition = "*"
        on = "finish"
        keys = "super+Right"

        [[action]]
        transition = "*"
        on = "began"
        command = ["always"]
        """

    @Test func actionsFollowTheFocusAtTheirBeganAndKeysArePressed() throws {
        var planner = ActionPlanner(file: try actions(Self.file))
        var s = EventScript()
        let unknown = plan(&planner, [s.began(), s.ended(.finish), s.completed(true)])
        #expect(unknown.compactMap(\.commandText) == ["always"])
        #expect(unknown.contains(.press(try KeySequence(parsing: "super+Right"), label: "actions.toml:13 (swipe3-left finish)")))

        planner.focus = .known(FocusedApplication(appID: "foot"))
        s = EventScript()
        let began = plan(&planner, [s.began()])
        planner.focus = .known(FocusedApplication(appID: "kitty")) // a change mid-gesture changes nothing
        let rest = plan(&planner, [s.ended(.cancel), s.completed(false)])
        #expect((began + rest).compactMap(\.commandText) == ["in-foot", "always"])

        s = EventScript()
        #expect(plan(&planner, [s.began()]).compactMap(\.commandText) == ["not-foot", "always"])
    }
}
