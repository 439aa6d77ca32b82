// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionImport

@Suite struct ToucheggImporterTests {
    func translate(_ gestures: String, application: String = "All", settings: String = "") throws -> ImportResult {
        try ToucheggImporter.translate("""
            <touchégg>
              <settings>\(settings)</settings>
              <application name="\(application)">
            \(gestures)
              </application>
            </touchégg>
            """, source: "touchegg.conf")
    }

    @Test func gesturesDriveTheTouchpadAndTheTouchscreenTransition() throws {
        let result = try translate("""
            <gesture type="SWIPE" fingers="3" direction="UP"><action type="MAXIMIZE_RESTORE_WINDOW"/></gesture>
            <gesture type="PINCH" fingers="4" direction="OUT"><action type="SHOW_DESKTOP"/></gesture>
            """)
        #expect(result.actions.map(\.transitions) == [["swipe3-up", "touch3-up"], ["pinch4-out", "touchpinch4-out"]])
        #expect(result.actions.map(\.command) == [DesktopCommands.maximizeRestore, DesktopCommands.showDesktop])
        #expect(result.actions.map(\.event) == [.finish, .finish])
        #expect(result.actions.first?.line == 4)
    }

    @Test func runCommandFollowsOn() throws {
        let result = try translate("""
            <gesture type="SWIPE" fingers="3" direction="DOWN"><action type="RUN_COMMAND"><command>a</command><on>begin</on></action></gesture>
            <gesture type="SWIPE" fingers="3" direction="LEFT"><action type="RUN_COMMAND"><command>b</command><on>begin-and-end</on></action></gesture>
            <gesture type="SWIPE" fingers="3" direction="RIGHT"><action type="RUN_COMMAND"><command>c</command></action></gesture>
            """)
        #expect(result.actions.map(\.event) == [.began, .began, .completed, .finish])
        #expect(result.actions.map(\.command) == [.shell("a"), .shell("b"), .shell("b"), .shell("c")])
    }

    @Test func repeatBecomesStepsWithTheDecreaseCommand() throws {
        let result = try translate("""
            <gesture type="SWIPE" fingers="4" direction="UP"><action type="RUN_COMMAND">
              <repeat>true</repeat><times>4</times><command>up</command><decreaseCommand>down</decreaseCommand>
            </action></gesture>
            """)
        let action = try #require(result.actions.first)
        #expect(action.event == .step)
        #expect(action.step == 0.25)
        #expect(action.command == DesktopCommands.bothSteps(forwards: .shell("up"), backwards: .shell("down")))
    }

    @Test func keysReachEveryDesktopAndClicksGoThroughXtest() throws {
        let result = try translate("""
            <gesture type="PINCH" fingers="4" direction="IN"><action type="SEND_KEYS"><modifiers>Super_L</modifiers><keys>A</keys><on>begin</on></action></gesture>
            <gesture type="TAP" fingers="3"><action type="MOUSE_CLICK"><button>2</button><on>begin</on></action></gesture>
            """)
        #expect(result.actions[0].command == .keys(try KeySequence(parsing: "Super_L+A")))
        #expect(result.actions[0].event == .began)
        #expect(result.actions[1].command == .argv(["xdotool", "click", "2"]))
        #expect(result.actions[1].transitions == ["padtap3", "tap3"])
    }

    @Test func changeDesktopAutoFollowsTheGestureDirection() throws {
        let result = try translate("""
            <gesture type="SWIPE" fingers="4" direction="LEFT"><action type="CHANGE_DESKTOP"><direction>auto</direction></action></gesture>
            <gesture type="SWIPE" fingers="4" direction="RIGHT"><action type="CHANGE_DESKTOP"><direction>auto</direction><cyclic>true</cyclic></action></gesture>
            <gesture type="SWIPE" fingers="4" direction="UP"><action type="CHANGE_DESKTOP"><direction>up</direction></action></gesture>
            """)
        #expect(result.actions.map(\.command) == [DesktopCommands.workspace(1, wrap: false), DesktopCommands.workspace(-1, wrap: true)])
        #expect(result.notes.contains { $0.line == 6 && $0.kind == .skipped })
    }

    @Test func tileWindowPointsToTheClient() throws {
        let result = try translate("""
            <gesture type="SWIPE" fingers="3" direction="LEFT"><action type="TILE_WINDOW"><direction>left</direction></action></gesture>
            """)
        #expect(result.actions.isEmpty)
        #expect(result.notes.contains { $0.kind == .skipped && $0.message.contains("docs/touchegg.md") })
    }

    @Test func anApplicationWithoutANameIsLeftOut() throws {
        // Found by FuzzToucheggImport (Corpus/ToucheggImport/application-without-name-crash).
        for header in ["<application namh=\"All\">", "<application name=\" , \">"] {
            let result = try ToucheggImporter.translate("""
                <touchégg>
                  \(header)
                    <gesture type="SWIPE" fingers="3" direction="UP"><action type="RUN_COMMAND"><command>x</command></action></gesture>
                  </application>
                </touchégg>
                """, source: "touchegg.conf")
            #expect(result.actions.isEmpty)
            #expect(result.notes.contains { $0.line == 2 && $0.kind == .skipped && $0.message.contains("names no application") })
        }
    }

    @Test func applicationSectionsBecomeAppsAndAllStepsAside() throws {
        let result = try translate("""
            <gesture type="SWIPE" fingers="3" direction="UP"><action type="RUN_COMMAND"><command>x</command></action></gesture>
            """, application: "Firefox, Google-chrome")
        let action = try #require(result.actions.first)
        #expect(action.apps == AppCondition(names: ["Firefox", "Google-chrome"], excluded: false))

        // Touchégg runs an application's own gesture instead of All's there: All's gets not_apps.
        let both = try ToucheggImporter.translate("""
            <touchégg>
              <application name="All">
                <gesture type="SWIPE" fingers="3" direction="UP"><action type="RUN_COMMAND"><command>all-up</command></action></gesture>
                <gesture type="SWIPE" fingers="3" direction="DOWN"><action type="RUN_COMMAND"><command>all-down</command></action></gesture>
              </application>
              <application name="Firefox">
                <gesture type="SWIPE" fingers="3" direction="UP"><action type="SEND_KEYS"><modifiers>Control_L</modifiers><keys>T</keys></action></gesture>
              </application>
            </touchégg>
            """, source: "touchegg.conf")
        #expect(both.actions.map(\.apps) == [AppCondition(names: ["Firefox"], excluded: true), nil,
                                             AppCondition(names: ["Firefox"], excluded: false)])
        #expect(both.actions[2].command == .keys(try KeySequence(parsing: "Control_L+T")))
        let text = ActionsRenderer.actionsFile(both)
        #expect(try ActionsDecoder.decode(text, source: "a.toml").actions.count == 3)
    }

    @Test func thresholdBecomesFinishThreshold() throws {
        let result = try translate("", settings: "<property name=\"action_execute_threshold\">20</property>")
        #expect(result.settings == [ImportedSetting(transitions: [], key: "finish_threshold", value: 0.2, line: 2,
                                                    comment: result.settings.first?.comment ?? "")])
    }

    @Test func sayThatTheClientMustStop() throws {
        let result = try translate("")
        #expect(result.notes.contains { $0.line == nil && $0.message.contains("twice") })
    }

    @Test func refusesAnotherRoot() {
        #expect(throws: (any Error).self) { try ToucheggImporter.translate("<config/>", source: "t.conf") }
    }
}
