// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionImport

@Suite struct LibinputGesturesImporterTests {
    func translate(_ text: String) -> ImportResult {
        LibinputGesturesImporter.translate(text, source: "libinput-gestures.conf")
    }

    @Test func swipeWithFingersIsOneFinishAction() {
        let result = translate("gesture swipe left 3 xdotool key alt+Right")
        #expect(result.actions == [ImportedAction(transitions: ["swipe3-left"], event: .finish,
                                                  command: .keys(try! KeySequence(parsing: "alt+Right")), line: 1)])
        #expect(result.notes.map(\.kind) == [.translated])
        // Only plain keys become keys: options, and names xkb does not know, stay xdotool's.
        #expect(translate("gesture swipe left 3 xdotool key --clearmodifiers alt+Right").actions.first?.command
                == .argv(["xdotool", "key", "--clearmodifiers", "alt+Right"]))
        #expect(translate("gesture swipe left 3 xdotool key alt+Nonesuch").actions.first?.command == .argv(["xdotool", "key", "alt+Nonesuch"]))
        #expect(translate("gesture swipe left 3 xdotool key ctrl+c ctrl+v").actions.first?.command == .keys(try! KeySequence(parsing: "ctrl+c ctrl+v")))
    }

    @Test func swipeWithoutFingersIsThreeAndFour() {
        let result = translate("gesture: swipe up\txdotool key super+Page_Down")
        #expect(result.actions.first?.transitions == ["swipe3-up", "swipe4-up"])
    }

    @Test func commandsSplitLikeShlexAndExpandOnlyTheProgram() {
        let plain = translate("gesture swipe left 4 notify-send \"two words\" 'x'")
        #expect(plain.actions.first?.command == .argv(["notify-send", "two words", "x"]))
        let home = translate("gesture swipe left 4 ~/bin/next $HOME")
        #expect(home.actions.first?.command == .shell("~/bin/next '$HOME'"))
        let broken = translate("gesture swipe left 4 echo 'open")
        #expect(broken.actions.isEmpty)
        #expect(broken.notes.first?.kind == .skipped)
    }

    /// An empty first word (`''`) is no program: the entry is skipped and says so, and the whole
    /// import still passes the actions check (FuzzLibinputGesturesImport found it writing one).
    @Test func anEmptyProgramIsSkipped() throws {
        let empty = translate("gesture pinch in '' key ctrl+w")
        #expect(empty.actions.isEmpty)
        #expect(empty.notes.first?.kind == .skipped)
        #expect(empty.notes.first?.message.contains("program (its first word) is empty") == true)
        _ = try Importer.run("gesture pinch in '' key ctrl+w\ngesture swipe left 3 xdotool key alt+Right\n",
                             source: "libinput-gestures.conf", format: .libinputGestures)
    }

    @Test func internalWorkspaceSwitchesBecomeWmctrl() {
        let up = translate("gesture swipe up _internal ws_up")
        #expect(up.actions.first?.command == DesktopCommands.workspace(1, wrap: false))
        let down = translate("gesture swipe down _internal -w ws_down")
        #expect(down.actions.first?.command == DesktopCommands.workspace(-1, wrap: true))
        let grid = translate("gesture swipe up _internal --cols 4 ws_up")
        #expect(grid.actions.isEmpty)
        #expect(grid.notes.first?.message.contains("grid") == true)
    }

    @Test func pinchesAndRotations() {
        let pinch = translate("gesture pinch in xdotool key ctrl+minus")
        #expect(pinch.actions.first?.transitions == ["pinch2-in", "pinch3-in", "pinch4-in"])
        
        let rotate = translate("gesture pinch anticlockwise 3 notify-send r")
        #expect(rotate.actions.first?.transitions == ["rotate3-ccw"])
    }

    @Test func holdsTranslateAndDelayedHoldsDoNotTranslate() {
        let hold = translate("gesture hold on 4 xdotool key control+t")
        #expect(hold.actions.first?.transitions == ["hold4"])
        let delayed = translate("gesture hold on+1.5 4 notify-send long")
        #expect(delayed.actions.isEmpty)
        #expect(delayed.notes.first?.kind == .skipped)
    }

    @Test func diagonalsAndUnknownLinesAreExplained() {
        let result = translate("""
            gesture swipe right_up xdotool key control+Tab
            gesture swipe sideways echo
            gesture twist left echo
            gestures swipe up echo
            gesture swipe up
            """)
        #expect(result.actions.isEmpty)
        #expect(result.notes.map(\.line) == [1, 2, 3, 4, 5])
        #expect(result.notes.allSatisfy { $0.kind == .skipped })
        #expect(result.notes[0].message.contains("diagonal"))
    }

    @Test func settingsLinesAreExplained() {
        let result = translate("swipe_threshold 100\ntimeout 1.5\ndevice all\nswipe_threshold -1")
        #expect(result.notes.map(\.kind) == [.setting, .setting, .setting, .skipped])
        #expect(result.actions.isEmpty)
    }
}
