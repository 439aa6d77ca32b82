// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionImport

@Suite struct FusumaImporterTests {
    func translate(_ text: String) throws -> ImportResult {
        try FusumaImporter.translate(text, source: "config.yml")
    }

    @Test func oneShotBecomesFinishThroughTheShell() throws {
        let result = try translate("swipe:\n  3:\n    left:\n      command: 'notify-send left && true'\n")
        #expect(result.actions == [ImportedAction(transitions: ["swipe3-left"], event: .finish,
                                                  command: .shell("notify-send left && true"), line: 4)])
    }

    /// `command: xdotool key alt+Right` becomes keys, as libinput-gestures' same line does
    /// (issue 33); anything the shell would do more than split stays a command.
    @Test func xdotoolKeyBecomesKeys() throws {
        let result = try translate("swipe:\n  3:\n    left:\n      command: 'xdotool key alt+Right'\n")
        #expect(result.actions == [ImportedAction(transitions: ["swipe3-left"], event: .finish,
                                                  command: .keys(try KeySequence(parsing: "alt+Right")), line: 4,
                                                  comments: ["command: xdotool key alt+Right"])])
        for kept in ["xdotool key --clearmodifiers alt+Right", "xdotool key alt+Right; beep", "xdotool key $KEY", "xdotool key Rigth"] {
            let other = try translate("swipe:\n  3:\n    left:\n      command: '\(kept)'\n")
            #expect(other.actions.map(\.command) == [.shell(kept)], "\(kept)")
        }
    }

    @Test func statusesMapToEvents() throws {
        let result = try translate("""
            swipe:
              3:
                up:
                  begin:
                    command: a
                  end:
                    command: b
            hold:
              3:
                cancelled:
                  command: c
            """)
        #expect(result.actions.map(\.event) == [.began, .completed, .cancel])
        #expect(result.actions.map(\.transitions) == [["swipe3-up"], ["swipe3-up"], ["hold3"]])
    }

    @Test func updateStepsForwardsAndBackOnTheOppositeGesture() throws {
        let result = try translate("swipe:\n  4:\n    left:\n      update:\n        command: vol-down\n")
        #expect(result.actions.count == 2)
        #expect(result.actions[0].transitions == ["swipe4-left"])
        #expect(result.actions[0].event == .step)
        #expect(result.actions[0].command == DesktopCommands.onlyStep(1, .shell("vol-down")))
        #expect(result.actions[1].transitions == ["swipe4-right"])
        #expect(result.actions[1].command == DesktopCommands.onlyStep(-1, .shell("vol-down")))
    }

    @Test func missingFingerCountMeansEveryCount() throws {
        let result = try translate("pinch:\n  in:\n    command: z\n")
        #expect(result.actions.first?.transitions == ["pinch2-in", "pinch3-in", "pinch4-in"])
    }

    @Test func sendkeyBecomesKeysOrXdotoolWhenANameIsNotXkbs() throws {
        let result = try translate("swipe:\n  3:\n    up:\n      sendkey: 'LEFTMETA+UP'\n")
        let action = try #require(result.actions.first)
        #expect(action.command == .keys(try KeySequence(parsing: "super+Up")))
        let odd = try #require(try translate("swipe:\n  3:\n    up:\n      sendkey: 'LEFTCTRL+NOSUCHKEY'\n").actions.first)
        #expect(odd.command == .argv(["xdotool", "key", "ctrl+NOSUCHKEY"]))
        #expect(odd.comments.first?.contains("written as xdotool key, X11 only") == true)
    }

    @Test func thresholdsBecomeScaledDistances() throws {
        let result = try translate("""
            swipe:
              3:
                left:
                  command: x
                  threshold: 0.5
            threshold:
              swipe: 0.3
            """)
        let perGesture = result.settings.filter { $0.line == 5 }
        #expect(perGesture.map(\.value) == [200])
        #expect(perGesture.first?.transitions == ["swipe3-left"])
        let global = result.settings.filter { $0.line == 7 }
        #expect(Set(global.map(\.value)) == [120, 90])
    }

    @Test func keypressAccelIntervalAndPluginsAreExplained() throws {
        let result = try translate("""
            swipe:
              3:
                down:
                  keypress:
                    LEFTCTRL:
                      command: x
                  interval: 2
            plugin:
              inputs: {}
            """)
        #expect(result.actions.isEmpty)
        #expect(result.notes.map(\.kind) == [.skipped, .setting, .setting])
    }

    @Test func applicationContextsBecomeAppsAndTheDefaultStepsAside() throws {
        let result = try translate("""
            swipe:
              3:
                up:
                  command: a
            ---
            context:
              application: Google-chrome
            swipe:
              3:
                up:
                  command: b
                  threshold: 0.5
            """)
        #expect(result.actions.count == 2)
        #expect(result.settings.isEmpty)
        #expect(result.notes.contains { $0.line == 12 && $0.kind == .skipped && $0.message.hasSuffix("not written") })
        #expect(result.actions[1].apps == AppCondition(names: ["Google-chrome"], excluded: false))
        #expect(result.actions[0].apps == AppCondition(names: ["Google-chrome"], excluded: true))
    }

    @Test func twoFingerTapsAreLibinputsClicks() throws {
        let result = try translate("tap:\n  2:\n    command: x\n  3:\n    command: y\n")
        #expect(result.actions.map(\.transitions) == [["padtap3"]])
        #expect(result.notes.first?.kind == .skipped)
    }

    @Test func sendkeyNamesBecomeXkbNames() {
        #expect(FusumaImporter.xkbKeys("LEFTCTRL+LEFTSHIFT+T") == "ctrl+shift+t")
        #expect(FusumaImporter.xkbKeys("KEY_LEFTALT+KEY_PAGEDOWN") == "alt+Next")
        #expect(FusumaImporter.xkbKeys("LEFTMETA+F4") == "super+F4")
    }
}
