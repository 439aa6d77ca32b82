// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
@testable import TransitionCtl
import TransitionDesktop
import TransitionKeys

/// `run --check` refuses a `keys` action the uinput key service would refuse, from the same list
/// (``KeyAllowList``), with where it is and why.
@Suite struct KeysActionCheckTests {
    static let file = """
        [[action]]
        transition = "swipe3-left"
        on = "finish"
        keys = "super+Right"

        [[action]]
        transition = "swipe3-right"
        on = "finish"
        keys = "XF86PowerOff"

        [[action]]
        transition = "swipe3-up"
        on = "finish"
        keys = "ctrl+alt+Delete"
        """

    /// A US keyboard's codes for the names above, as the keymap gives them.
    private static func strokes(_ keys: KeySequence) -> [KeyStroke]? {
        let codes: [String: [UInt16]] = ["super+Right": [125, 106], "XF86PowerOff": [116], "ctrl+alt+Delete": [29, 56, 111]]
        guard let chord = codes[keys.text] else { return nil }
        return chord.map { KeyStroke(code: $0, pressed: true) } + chord.reversed().map { KeyStroke(code: $0, pressed: false) }
    }

    @Test func refusedKeysAreProblemsWithTheirPlace() throws {
        let file = try ActionsDecoder.decode(Self.file, source: "actions.toml", keysyms: .xkbcommon)
        let problems = KeysActionCheck.problems(in: file, strokes: Self.strokes)
        #expect(problems.count == 2)
        #expect(problems.first?.hasPrefix("actions.toml:6:1: keys \"XF86PowerOff\": KEY_POWER (116) is a power key") == true)
        #expect(problems.last?.contains("keys \"ctrl+alt+Delete\": Ctrl+Alt+Delete") == true)
    }

    @Test func ordinaryKeysAreNoProblem() throws {
        let file = try ActionsDecoder.decode("[[action]]\ntransition = \"*\"\non = \"finish\"\nkeys = \"super+Right\"\n", source: "a.toml", keysyms: .xkbcommon)
        #expect(KeysActionCheck.problems(in: file, strokes: Self.strokes).isEmpty)
    }
}
