// SPDX-License-Identifier: MIT
import Testing
import TransitionDesktop
import TransitionKeys
import TransitionActions

/// The keymap lookup every key sender shares, on xkeyboard-config's US and German layouts.
@Suite struct XKBKeymapTests {
    @Test func namesResolveExactlyThenIgnoringCase() throws {
        #expect(XKBKeymap.keysym(named: "Right") == 0xff53)
        #expect(XKBKeymap.keysym(named: "right") == 0xff53)
        #expect(XKBKeymap.keysym(named: "Super_L") == 0xffeb)
        #expect(XKBKeymap.keysym(named: "XF86AudioRaiseVolume") == 0x1008ff13)
        #expect(XKBKeymap.keysym(named: "NoSuchKey") == nil)
        #expect(XKBKeymap.name(of: 0xff53) == "Right")
    }

    @Test func superRightIsSuperDownRightDownUpSuperUp() throws {
        let keymap = try XKBKeymap(layout: "us")
        let events = try keymap.events(for: [KeyChord(modifiers: [0xffeb], key: 0xff53)])
        // KEY_LEFTMETA 125, KEY_RIGHT 106.
        #expect(events == [KeyStroke(code: 125, pressed: true), KeyStroke(code: 106, pressed: true),
                           KeyStroke(code: 106, pressed: false), KeyStroke(code: 125, pressed: false)])
    }

    @Test func aShiftedSymbolHoldsShift() throws {
        let keymap = try XKBKeymap(layout: "us")
        // "exclam" is Shift+1 on a US keyboard: KEY_LEFTSHIFT 42, KEY_1 2.
        let events = try keymap.events(for: [KeyChord(modifiers: [], key: 0x21)])
        #expect(events.map(\.code) == [42, 2, 2, 42])
    }

    @Test func theLayoutDecidesTheKey() throws {
        // "z" is KEY_Z (44) on a US keyboard and KEY_Y (21) on a German one.
        #expect(try XKBKeymap(layout: "us").location(of: 0x7a)?.code == 44)
        #expect(try XKBKeymap(layout: "de").location(of: 0x7a)?.code == 21)
    }

    @Test func aKeymapSurvivesItsOwnText() throws {
        let keymap = try XKBKeymap(layout: "us")
        let copy = try XKBKeymap(text: keymap.text)
        #expect(copy.location(of: 0xff53) == keymap.location(of: 0xff53))
    }

    @Test func aKeysymNoKeyTypesIsNamed() throws {
        let keymap = try XKBKeymap(layout: "us")
        #expect(throws: KeyError.notInKeymap("Greek_alpha")) {
            try keymap.events(for: [KeyChord(modifiers: [], key: 0x7e1)])
        }
    }
}
