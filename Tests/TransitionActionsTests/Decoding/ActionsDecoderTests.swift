// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionConfig
import TransitionDesktop

@Suite struct ActionsDecoderTests {
    @Test func decodesTheDocumentedExample() throws {
        let file = try actions("""
            timeout = 5
            frame_rate = 30

            [[action]]
            transition = "swipe3-left"          # one name
            on = "finish"
            command = ["swaymsg", "workspace", "next"]

            [[action]]
            transition = ["swipe3-up", "swipe4-up"]
            on = "step"
            step = 0.1
            command = "pactl set-sink-volume @DEFAULT_SINK@ ${TRANSITIOND_STEP}5%"
            timeout = 2
            source = ["swipe", "trigger"]

            [[action]]
            transition = "*"
            on = "threshold"
            threshold = 0.6
            command = ["notify-send", "past 60%"]
            """)
        #expect(file.timeout == 5)
        #expect(file.frameRate == 30)
        #expect(file.actions.count == 3)
        #expect(file.actions[0] == Action(transitions: .named(["swipe3-left"]), event: .finish,
                                          command: .argv(["swaymsg", "workspace", "next"]),
                                          position: SourcePosition(line: 4, column: 1)))
        #expect(file.actions[1].transitions == .named(["swipe3-up", "swipe4-up"]))
        #expect(file.actions[1].step == 0.1)
        #expect(file.actions[1].timeout == 2)
        #expect(file.actions[1].sources == [.swipe, .trigger])
        #expect(file.actions[1].command.arguments == ["/bin/sh", "-c", "pactl set-sink-volume @DEFAULT_SINK@ ${TRANSITIOND_STEP}5%"])
        #expect(file.actions[2].transitions == .any)
        #expect(file.actions[2].threshold == 0.6)
        #expect(file.location(of: 2) == "actions.toml:17")
    }

    @Test func anEmptyFileHasNoActionsAndTheDefaults() throws {
        let file = try actions("# nothing yet\n")
        #expect(file.actions.isEmpty)
        #expect(file.timeout == ActionsFile.defaultTimeout)
        #expect(file.frameRate == ActionsFile.defaultFrameRate)
        #expect(!file.wantsFrames)
    }

    /// Every problem of a file is reported at once, each with its line and column.
    @Test func reportsEveryProblemWithItsPlace() {
        let text = """
            timout = 3
            [[action]]
            transition = "swipe3-left"
            on = "finsh"
            command = []

            [[action]]
            transition = "swipe3-up"
            on = "step"
            command = ["true"]

            [[action]]
            transition = "swipe3-up"
            on = "finish"
            step = 0.2
            comand = "true"

            [[action]]
            transition = []
            on = "threshold"
            threshold = -1
            command = ["", "x"]
            source = "pinchh"
            """
        #expect(throws: ConfigError.self) { try actions(text) }
        do {
            _ = try actions(text)
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(lines == [
                "actions.toml:1:1: unknown key 'timout' at the top level (did you mean 'timeout'?)",
                "actions.toml:4:6: 'on' in [[action]] #1 must be one of \"began\", \"finish\", \"cancel\", \"completed\", \"step\", \"threshold\", \"progress\", not \"finsh\" (did you mean \"finish\"?)",
                "actions.toml:5:11: 'command' in [[action]] #1 must not be an empty list",
                "actions.toml:7:1: missing 'step' in [[action]] #2 (on = \"step\" needs it)",
                "actions.toml:12:1: missing 'command' in [[action]] #3 (a list of arguments, or a string for sh -c), or 'keys' (e.g. \"super+Right\")",
                "actions.toml:15:1: 'step' in [[action]] #3 only applies to on = \"step\"",
                "actions.toml:16:1: unknown key 'comand' in [[action]] #3 (did you mean 'command'?)",
                "actions.toml:19:14: 'transition' in [[action]] #4 must not be an empty list",
                "actions.toml:21:13: 'threshold' in [[action]] #4 must be greater than 0, not -1",
                "actions.toml:22:12: 'command' in [[action]] #4 must start with a program, not an empty string",
                "actions.toml:23:10: 'source' in [[action]] #4 must be one of \"swipe\", \"scroll\", \"touch\", \"pinch\", \"trigger\", not \"pinchh\" (did you mean \"pinch\"?)",
            ])
        }
    }

    @Test func aSyntaxErrorNamesItsPlace() {
        do {
            _ = try actions("[[action]]\ntransition = \"a\"\non = finish\n")
            Issue.record("decoded")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics[0].description.hasPrefix("actions.toml:3:6: "))
        }
    }

    @Test func anActionMustBeATableArray() {
        do {
            _ = try actions("action = 3\n")
            Issue.record("decoded")
        } catch {
            #expect(error.description == "actions.toml:1:1: 'action' must be written as [[action]] tables")
        }
    }

    @Test func missingKeysAreNamed() {
        do {
            _ = try actions("[[action]]\ncommand = \"true\"\n")
            Issue.record("decoded")
        } catch {
            #expect(error.diagnostics.map(\.message) == [
                "missing 'transition' in [[action]] #1 (a name, a list of names, or \"*\")",
                "missing 'on' in [[action]] #1 (one of \"began\", \"finish\", \"cancel\", \"completed\", \"step\", \"threshold\", \"progress\")",
            ])
        }
    }

    @Test func aStarInAListSelectsEverything() throws {
        let file = try actions("[[action]]\ntransition = [\"a\", \"*\"]\non = \"began\"\ncommand = \"true\"\n")
        #expect(file.actions[0].transitions == .any)
    }

    @Test func progressActionsAskForFrames() throws {
        #expect(try actions("[[action]]\ntransition = \"a\"\non = \"progress\"\ncommand = \"cat\"\n").wantsFrames)
        #expect(try !actions("frame_rate = 0\n[[action]]\ntransition = \"a\"\non = \"progress\"\ncommand = \"cat\"\n").wantsFrames)
    }

    @Test func defaultPathFollowsXDG() {
        #expect(ActionsDecoder.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/transitiond/actions.toml")
        #expect(ActionsDecoder.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h/"]) == "/h/.config/transitiond/actions.toml")
        #expect(ActionsDecoder.defaultPath(environment: [:]) == nil)
    }

    @Test func unknownTransitionsAreWarnedAboutWithASuggestion() throws {
        let file = try actions("[[action]]\ntransition = [\"swipe3-lft\", \"pinch3-in\"]\non = \"began\"\ncommand = \"true\"\n")
        #expect(file.unknownTransitionWarnings(known: ["swipe3-left", "pinch3-in"])
                == ["actions.toml:1: transitiond has no transition 'swipe3-lft' (did you mean 'swipe3-left'?)"])
    }

    @Test func commandsAreShownAsWritten() {
        #expect(ActionCommand.argv(["notify-send", "a b", "it's"]).description == "notify-send 'a b' 'it'\\''s'")
        #expect(ActionCommand.shell("echo $X | cat").description == "echo $X | cat")
    }
}

@Suite struct ActionsDecoderDesktopTests {
    @Test func decodesAppsAndKeys() throws {
        let file = try actions("""
            [[action]]
            transition = "swipe3-left"
            on = "finish"
            app = "firefox"
            keys = "alt+Left"

            [[action]]
            transition = "swipe3-right"
            on = "step"
            step = 0.2
            apps = ["foot", "kitty"]
            keys = "ctrl+c ctrl+v"

            [[action]]
            transition = "*"
            on = "began"
            not_apps = ["firefox"]
            command = "true"
            """)
        #expect(file.actions[0].apps == AppCondition(names: ["firefox"], excluded: false))
        #expect(file.actions[0].command == .keys(try KeySequence(parsing: "alt+Left")))
        #expect(file.actions[1].apps == AppCondition(names: ["foot", "kitty"], excluded: false))
        #expect(file.actions[2].apps == AppCondition(names: ["firefox"], excluded: true))
        #expect(file.wantsFocus && file.wantsKeys)
        #expect(try !actions("[[action]]\ntransition = \"*\"\non = \"began\"\ncommand = \"x\"\n").wantsFocus)
    }

    @Test func refusesBadKeysAndConditionsWithTheirPlace() {
        let head = "[[action]]\ntransition = \"*\"\non = \"finish\"\n"
        #expect(Self.errors(head + "keys = \"ctrl+Nope\"\n").contains("actions.toml:4:14: 'keys' in [[action]] #1: no key is named “Nope”"))
        #expect(Self.errors(head + "keys = \"a\"\ncommand = \"x\"\n").contains("'keys' in [[action]] #1 and 'command' cannot be on one action"))
        #expect(Self.errors(head + "keys = 3\n").contains("must be a string of chords"))
        #expect(Self.errors(head + "app = \"a\"\nnot_apps = [\"b\"]\ncommand = \"x\"\n").contains("actions.toml:5:1: 'not_apps' in [[action]] #1 cannot be beside 'app'"))
        #expect(Self.errors(head + "app = [\"a\", \"b\"]\ncommand = \"x\"\n").contains("is one name; write apps = [...]"))
        #expect(Self.errors(head + "apps = []\ncommand = \"x\"\n").contains("must not be an empty list"))
        #expect(Self.errors("[[action]]\ntransition = \"*\"\non = \"progress\"\nkeys = \"a\"\n").contains("cannot feed on = \"progress\""))
        #expect(Self.errors(head).contains("missing 'command' in [[action]] #1 (a list of arguments, or a string for sh -c), or 'keys'"))
    }

    static func errors(_ text: String) -> String {
        do { _ = try actions(text); return "" } catch { return "\(error)" }
    }
}
