// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionDesktop

@Suite struct AppConditionTests {
    let foot = AppFocus.known(FocusedApplication(appID: "foot"))
    let firefox = AppFocus.known(FocusedApplication(appID: "Firefox", instance: "Navigator", title: "Mozilla"))
    let nothing = AppFocus.known(nil)

    @Test func appsMatchTheAppIDOrTheInstanceWithoutCase() {
        let only = AppCondition(names: ["firefox", "kitty"], excluded: false)
        #expect(only.matches(firefox))
        #expect(AppCondition(names: ["NAVIGATOR"], excluded: false).matches(firefox))
        #expect(!only.matches(foot))
        #expect(!only.matches(nothing))
        #expect(!AppCondition(names: ["Mozilla"], excluded: false).matches(firefox)) // never the title
    }

    @Test func notAppsRunEverywhereElseAndWithNoWindow() {
        let except = AppCondition(names: ["FIREFOX"], excluded: true)
        #expect(!except.matches(firefox))
        #expect(except.matches(foot))
        #expect(except.matches(nothing))
    }

    @Test func unknownFocusRunsNoConditionedAction() {
        #expect(!AppCondition(names: ["foot"], excluded: false).matches(.unknown))
        #expect(!AppCondition(names: ["foot"], excluded: true).matches(.unknown))
    }
}
