// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionConfig
import TransitionImport

/// Golden tests of the importer's messages (issue 33): each input the user could have, and the
/// whole of every note it gets, as `transitionctl import` prints them.
@Suite struct ImportMessagesTests {
    /// The notes for `text`, rendered as the command prints them, with the settings going to
    /// `settings` (what `--settings-out FILE` names).
    func notes(_ text: String, source: String, settings: String = "/home/u/s.toml") throws -> [String] {
        let output = try Importer.run(text, source: source, format: nil, settingsName: settings)
        return output.result.sortedNotes.map { $0.rendered(source: source) }
    }

    /// A hold the standard configuration leaves unbound goes to the user's settings, named as
    /// the file really written, with a hold's own reason, as valid TOML.
    @Test func aHoldIsBoundInTheUsersSettings() throws {
        #expect(try notes("gesture hold on 4 xdotool key control+t\n", source: "lg.conf") == [
            "lg.conf:1: translated: hold4 finish: keys control+t",
            "lg.conf:1: setting: transitiond's standard configuration has no transition 'hold4' (holds, fingers resting on the touchpad, are left unbound): a [[transition]] named hold4 and bound to the gesture hold4 is added to your user settings (/home/u/s.toml)",
        ])
        let output = try Importer.run("gesture hold on 4 xdotool key control+t\n", source: "lg.conf", format: nil,
                                      settingsName: "/home/u/s.toml")
        #expect(output.settingsText == """
            # Settings translated by `transitionctl import` from lg.conf (libinput-gestures).
            # Your own gesture settings: in ~/.config/transitiond/config.toml (or `transitionctl run
            # --settings FILE`), `transitionctl run` sends them to transitiond, which lays them over the
            # system's configuration while your session is the active one; see
            # /usr/share/doc/transitiond/configuration.md, "User settings". Check them with:
            # transitionctl run --check --settings /home/u/s.toml

            [[transition]]
            name = "hold4"
            # lg.conf:1: holds, fingers resting on the touchpad, are left unbound: bound here for the imported actions
            binding = "hold4"

            """)
    }

    /// Each kind of gesture gets its own reason, never another's.
    @Test(arguments: [
        ("gesture pinch in 2 a", "pinch2-in", "two-finger pinches are the applications' zoom"),
        ("gesture pinch clockwise 3 a", "rotate3-cw", "rotations are left unbound"),
        ("gesture hold on 3 a", "hold3", "holds, fingers resting on the touchpad, are left unbound"),
    ])
    func reasonsAreTheGesturesOwn(line: String, name: String, why: String) throws {
        #expect(try notes(line + "\n", source: "lg.conf").last
            == "lg.conf:1: setting: transitiond's standard configuration has no transition '\(name)' (\(why)): a [[transition]] named \(name) and bound to the gesture \(name) is added to your user settings (/home/u/s.toml)")
    }

    @Test func aGestureNoConfigurationCanBindIsSaid() throws {
        #expect(try notes("gesture swipe left 2 xdotool key alt+Left\n", source: "lg.conf") == [
            "lg.conf:1: translated: swipe2-left finish: keys alt+Left",
            "lg.conf:1: setting: libinput has no 2-finger swipe: the action never runs",
            "lg.conf:1: setting: transitiond cannot bind a gesture 'swipe2-left' (binding of [[transition]] 'swipe2-left': a swipe has 3 to 10 fingers, not 2): the action for it never runs",
        ])
    }

    /// fusuma's diagonal swipe, in fusuma's words; an unknown key under the finger count names
    /// the keys of that level (directions and a leaf's keys), not only a leaf's.
    @Test func fusumasDiagonalsAndKeysOfTheWrongLevel() throws {
        let text = "swipe:\n  3:\n    left_up:\n      command: foo\n    lft:\n      command: bar\n    left:\n      comand: baz\n"
        #expect(try notes(text, source: "config.yml") == [
            "config.yml:3: skipped: swipe 3 left_up: fusuma has no diagonal swipes (it calls a swipe left, right, up or down, by the axis the fingers moved most along), so it never ran this entry; transitiond has none either (a swipe locks onto one axis): put the command under a straight swipe (left:, right:, up: or down:)",
            "config.yml:5: skipped: swipe 3: 'lft' is neither a swipe direction (left, right, up, down) nor a fusuma key (command, sendkey, keypress, threshold, interval, accel, or begin, update, end, cancelled); fusuma never runs it",
            "config.yml:8: skipped: swipe 3 left: 'comand' is not a fusuma key here (command, sendkey, keypress, threshold, interval, accel, or begin, update, end, cancelled)",
        ])
    }

    /// Settings notes name the settings file really written (`--settings-out FILE`).
    @Test func settingsNotesNameTheRealFile() throws {
        #expect(try notes("threshold:\n  swipe: 0.5\n", source: "config.yml", settings: "out/settings.toml") == [
            "config.yml:2: setting: threshold: swipe: 0.5: written as a `distance` setting (`distance_scale` for pinches) in your user settings (out/settings.toml)",
        ])
        let touchegg = "<touchégg><settings><property name=\"action_execute_threshold\">30</property></settings></touchégg>\n"
        #expect(try notes(touchegg, source: "touchegg.conf", settings: "out/settings.toml").contains(
            "touchegg.conf:1: setting: action_execute_threshold 30 → finish_threshold = 0.3 in your user settings (out/settings.toml); the release velocity also decides in transitiond"))
    }

    /// `xdotool key` becomes keys in every format: Touchégg's RUN_COMMAND too, repeat and
    /// decreaseCommand included.
    @Test func toucheggsXdotoolKeyBecomesKeys() throws {
        let text = """
            <touchégg><application name="All">
            <gesture type="SWIPE" fingers="3" direction="LEFT"><action type="RUN_COMMAND"><command>xdotool key alt+Left</command></action></gesture>
            <gesture type="SWIPE" fingers="4" direction="UP"><action type="RUN_COMMAND"><repeat>true</repeat><command>xdotool key ctrl+Tab</command><decreaseCommand>xdotool key ctrl+shift+Tab</decreaseCommand></action></gesture>
            </application></touchégg>
            """
        let output = try Importer.run(text, source: "touchegg.conf", format: nil)
        #expect(output.result.actions.map(\.command) == [
            .keys(try KeySequence(parsing: "alt+Left")),
            DesktopCommands.bothSteps(forwards: .keys(try KeySequence(parsing: "ctrl+Tab")),
                                      backwards: .keys(try KeySequence(parsing: "ctrl+shift+Tab"))),
        ])
        #expect(output.result.sortedNotes.map { $0.rendered(source: "touchegg.conf") }.contains(
            "touchegg.conf:2: translated: swipe3-left,touch3-left finish: keys alt+Left (xdotool key as keys, on every desktop)"))
    }

    /// Entries that did not translate stay in the written file, as comments saying why, in the
    /// order of the file; the file still reads back as the actions alone.
    @Test func skippedEntriesStayAsComments() throws {
        let text = "gesture swipe left 3 xdotool key alt+Right\ngesture swipe left_up 3 foo\nswipe_threshold x\n"
        let output = try Importer.run(text, source: "/home/u/.config/libinput-gestures.conf", format: nil,
                                      outputName: "/tmp/a.toml")
        #expect(output.actionsText == """
            # Imported by `transitionctl import` from /home/u/.config/libinput-gestures.conf (libinput-gestures).
            # Each action names the line it comes from; what did not translate is left here as a
            # comment saying why. Check the file with: transitionctl run --check --actions /tmp/a.toml
            # See /usr/share/doc/transitiond/actions.md or transitiond-actions.toml(5).

            # libinput-gestures.conf:1
            [[action]]
            transition = "swipe3-left"
            on = "finish"
            keys = "alt+Right"

            # libinput-gestures.conf:2: not translated: diagonal swipe 'left_up': transitiond's swipes lock onto one axis; bind the command to a straight swipe instead

            # libinput-gestures.conf:3: not translated: swipe_threshold must be an integer >= 0, not 'x' (libinput-gestures refuses this line too)

            """)
        #expect(try ActionsDecoder.decode(output.actionsText, source: "a.toml").actions.count == 1)
    }
}
