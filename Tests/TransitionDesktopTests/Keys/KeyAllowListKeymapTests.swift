// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionActions
import TransitionDesktop
import TransitionKeys

/// The uinput key service's allow-list against the keys `keys` actions and the importer name:
/// every ordinary xkb name, with any modifiers, is allowed on a US keymap; the names of power,
/// sleep, brightness, rfkill, eject and display keys are refused, as Ctrl+Alt+Delete is.
@Suite struct KeyAllowListKeymapTests {
    /// Names `keys` actions and the importers write (docs/actions.md, the importers' tables).
    static let ordinary: [String] = (UnicodeScalar("a").value...UnicodeScalar("z").value).map { String(UnicodeScalar($0)!) }
        + (0...9).map(String.init) + (1...12).map { "F\($0)" }
        + ["Return", "Tab", "Escape", "BackSpace", "space", "Delete", "Insert", "Home", "End", "Prior", "Next",
           "Left", "Right", "Up", "Down", "Print", "Pause", "Menu", "minus", "equal", "bracketleft", "bracketright",
           "comma", "period", "slash", "semicolon", "apostrophe", "grave", "backslash", "plus", "exclam",
           "KP_Add", "KP_Subtract", "KP_Enter", "KP_Delete",
           "Super_L", "Super_R", "Control_L", "Control_R", "Alt_L", "Shift_L", "Shift_R",
           "XF86AudioRaiseVolume", "XF86AudioLowerVolume", "XF86AudioMute", "XF86AudioMicMute", "XF86AudioPlay",
           "XF86AudioPause", "XF86AudioNext", "XF86AudioPrev", "XF86AudioStop", "XF86Back", "XF86Forward",
           "XF86Reload", "XF86Search", "XF86Mail", "XF86WWW", "XF86HomePage", "XF86Calculator", "XF86Explorer",
           "XF86ScreenSaver", "XF86Copy", "XF86Paste", "XF86Cut", "XF86Close", "XF86Tools"]
    /// Names the service refuses, and the class of each.
    static let refused: [(String, KeyAllowList.KeyClass)] = [
        ("XF86PowerOff", .power), ("XF86Sleep", .sleep), ("XF86Suspend", .suspend), ("XF86WakeUp", .wake),
        ("XF86Eject", .eject), ("XF86MonBrightnessUp", .brightness), ("XF86MonBrightnessDown", .brightness),
        ("XF86KbdBrightnessUp", .brightness), ("XF86KbdBrightnessDown", .brightness), ("XF86KbdLightOnOff", .brightness),
        ("XF86WLAN", .rfkill), ("XF86Bluetooth", .rfkill), ("XF86UWB", .rfkill), ("XF86RFKill", .rfkill),
        ("XF86Display", .display),
    ]
    static let modifiers: [(String, UInt32)] = [("ctrl", 0xffe3), ("alt", 0xffe9), ("shift", 0xffe1), ("super", 0xffeb)]

    private func strokes(_ keymap: XKBKeymap, _ modifiers: [UInt32], _ name: String) throws -> [KeyStroke] {
        let keysym = try #require(XKBKeymap.keysym(named: name), "\(name)")
        return try keymap.events(for: [KeyChord(modifiers: modifiers, key: keysym)])
    }

    @Test func everyOrdinaryNameWithAnyModifiersIsAllowed() async throws {
        let keymap = try XKBKeymap(layout: "us")
        await propertyCheck(count: 300, input: Gen<Int>.int(in: 0...(Self.ordinary.count - 1)), Gen<Int>.int(in: 0...15)) { index, mask in
            let name = Self.ordinary[index]
            let held = Self.modifiers.indices.filter { mask & (1 << $0) != 0 }.map { Self.modifiers[$0] }
            guard let events = try? strokes(keymap, held.map(\.1), name) else {
                Issue.record("\(name) is not on the US keymap")
                return
            }
            let ctrlAltDelete = ["Delete", "KP_Delete"].contains(name) && held.contains { $0.0 == "ctrl" } && held.contains { $0.0 == "alt" }
            if ctrlAltDelete {
                #expect(KeyAllowList.refusal(events) == .ctrlAltDelete)
            } else {
                #expect(KeyAllowList.refusal(events) == nil, "\(held.map(\.0)) + \(name): \(events)")
            }
        }
    }

    @Test func everyNameOfARefusedKeyIsRefused() throws {
        let keymap = try XKBKeymap(layout: "us")
        for (name, keyClass) in Self.refused {
            let events = try strokes(keymap, [], name)
            guard case .key(let key)? = KeyAllowList.refusal(events) else {
                Issue.record("\(name) (\(events)) is not refused")
                continue
            }
            #expect(key.keyClass == keyClass, "\(name)")
        }
    }
}
