// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
import TransitionImport

@Suite struct ActionsRendererTests {
    @Test func writesEveryActionUnderItsLine() throws {
        var result = ImportResult(format: .fusuma, source: "/home/u/.config/fusuma/config.yml")
        result.actions = [
            ImportedAction(transitions: ["swipe3-up"], event: .finish, command: .shell("echo \"hi\"\nnext"), line: 3),
            ImportedAction(transitions: ["swipe3-down"], event: .finish, command: .argv(["a"]), line: 7, comments: ["why"]),
            ImportedAction(transitions: ["swipe4-up"], event: .finish, command: .keys(try KeySequence(parsing: "super+Up")),
                           apps: AppCondition(names: ["firefox"], excluded: false), line: 9),
            ImportedAction(transitions: ["swipe4-up"], event: .finish, command: .argv(["b"]),
                           apps: AppCondition(names: ["firefox", "foot"], excluded: true), line: 10),
        ]
        let text = ActionsRenderer.actionsFile(result)
        #expect(text.contains("""
            # config.yml:3
            [[action]]
            transition = "swipe3-up"
            on = "finish"
            command = "echo \\"hi\\"\\nnext"
            """))
        #expect(text.contains("""
            # config.yml:7
            # why
            [[action]]
            transition = "swipe3-down"
            on = "finish"
            command = ["a"]
            """))
        #expect(!text.contains("# [[action]]"))
        let decoded = try ActionsDecoder.decode(text, source: "a.toml")
        #expect(text.contains("on = \"finish\"\napp = \"firefox\"\nkeys = \"super+Up\"\n"))
        #expect(text.contains("not_apps = [\"firefox\", \"foot\"]\ncommand = [\"b\"]"))
        #expect(decoded.actions.map(\.command) == [.shell("echo \"hi\"\nnext"), .argv(["a"]), .keys(try KeySequence(parsing: "super+Up")),
                                                   .argv(["b"])])
        #expect(decoded.actions.map(\.apps) == [nil, nil, AppCondition(names: ["firefox"], excluded: false),
                                                AppCondition(names: ["firefox", "foot"], excluded: true)])
    }

    @Test func controlCharactersInCommentsAreReplaced() throws {
        // Found by FuzzFusumaImport: a control character in a sendkey value reached a comment.
        let output = try Importer.run("swipe:\n  3:\n    up:\n      sendkey: 'A\u{15}B'\n", source: "c\n.yml", format: .fusuma)
        #expect(output.actionsText.contains(#"sendkey A\x15B"#))
        #expect(output.actionsText.contains("from c\\n.yml"))
        #expect(ImportNote(line: 1, .skipped, "a\u{1B}[31mb\nc").rendered(source: "f") == #"f:1: skipped: a\x1b[31mb\nc"#)
    }

    @Test func workspaceCommandsGuardTheEnds() {
        #expect(DesktopCommands.workspace(1, wrap: false).description.contains("if (c + 1 < NR) system(\"wmctrl -s \" c + 1)"))
        #expect(DesktopCommands.workspace(-1, wrap: true).description.contains("(c + NR - 1) % NR"))
    }

    @Test func stepGuardsRunOneDirection() {
        #expect(DesktopCommands.onlyStep(1, .argv(["xdotool", "key", "ctrl+plus"])).description
                == "[ \"$TRANSITIOND_STEP\" = +1 ] || exit 0\nexec xdotool key ctrl+plus")
        #expect(DesktopCommands.bothSteps(forwards: .shell("a"), backwards: .shell("b")).description
                == "if [ \"$TRANSITIOND_STEP\" = +1 ]; then\n  a\nelse\n  b\nfi")
    }
}
