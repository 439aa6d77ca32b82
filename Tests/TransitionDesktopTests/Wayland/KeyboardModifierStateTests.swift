// SPDX-License-Identifier: MIT
import Testing
@testable import TransitionDesktop
import TransitionActions

/// The `modifiers` masks the virtual keyboard sends beside its keys, on xkeyboard-config's US layout.
@Suite struct KeyboardModifierStateTests {
    @Test func modifierKeysSetTheirDepressedBits() throws {
        let keymap = try XKBKeymap(layout: "us")
        let state = try KeyboardModifierState(keymapText: keymap.text)
        let events = try keymap.events(for: [KeyChord(modifiers: [0xffe3 /* Control_L */, 0xffe1 /* Shift_L */], key: 0x74 /* t */)])
        let masks = events.map { state.update($0) }
        // Control down (the keymap's Control index is 2), Shift down (index 0), t down and up
        // (no change), Shift up, Control up.
        #expect(masks.map { $0?.depressed } == [4, 5, nil, nil, 4, 0])
        #expect(state.masks == .init(depressed: 0, latched: 0, locked: 0, group: 0))
    }

    @Test func aPlainKeyChangesNoMask() throws {
        let keymap = try XKBKeymap(layout: "us")
        let state = try KeyboardModifierState(keymapText: keymap.text)
        #expect(try keymap.events(for: [KeyChord(modifiers: [], key: 0xff53 /* Right */)]).allSatisfy { state.update($0) == nil })
    }
}
