// SPDX-License-Identifier: MIT
public import TransitionActions

/// The keysym names the importer fuzzers pass in place of xkbcommon's (`KeysymLookup.xkbcommon`
/// would link xkbcommon, and through TransitionDesktop Wayland, XCB and sd-bus): letters and
/// digits, the keys the importers' formats name most, and the modifiers. A name outside it is an
/// unknown name, a path the importers take anyway (`xdotool key`, with a note).
public enum KeysymTable {
    /// Letters, digits, function keys, navigation, editing, media and the modifiers, with
    /// xkbcommon's values (xkbcommon-keysyms.h).
    public static let lookup: KeysymLookup = {
        var names: [String: UInt32] = [
            "Return": 0xff0d, "Tab": 0xff09, "Escape": 0xff1b, "BackSpace": 0xff08, "Delete": 0xffff,
            "space": 0x20, "plus": 0x2b, "minus": 0x2d, "equal": 0x3d, "comma": 0x2c, "period": 0x2e,
            "Home": 0xff50, "Left": 0xff51, "Up": 0xff52, "Right": 0xff53, "Down": 0xff54,
            "Page_Up": 0xff55, "Page_Down": 0xff56, "End": 0xff57, "Insert": 0xff63, "Print": 0xff61,
            "Shift_L": 0xffe1, "Shift_R": 0xffe2, "Control_L": 0xffe3, "Control_R": 0xffe4,
            "Alt_L": 0xffe9, "Alt_R": 0xffea, "Super_L": 0xffeb, "Super_R": 0xffec, "Meta_L": 0xffe7,
            "ISO_Level3_Shift": 0xfe03,
            "XF86AudioRaiseVolume": 0x1008ff13, "XF86AudioLowerVolume": 0x1008ff11, "XF86AudioMute": 0x1008ff12,
            "XF86MonBrightnessUp": 0x1008ff02, "XF86MonBrightnessDown": 0x1008ff03,
            "XF86Back": 0x1008ff26, "XF86Forward": 0x1008ff27,
        ]
        for f in 1...12 { names["F\(f)"] = 0xffbe + UInt32(f - 1) }
        for scalar in UInt32(0x61)...0x7a { names[String(UnicodeScalar(scalar)!)] = scalar }
        for scalar in UInt32(0x41)...0x5a { names[String(UnicodeScalar(scalar)!)] = scalar }
        for scalar in UInt32(0x30)...0x39 { names[String(UnicodeScalar(scalar)!)] = scalar }
        return KeysymLookup.table(names)
    }()
}
