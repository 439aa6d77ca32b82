// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TransitionKeys

/// What the key service may press: ordinary keys and modifiers, never a key that acts on the
/// machine, the magic SysRq or the console's Ctrl+Alt+Delete.
@Suite struct KeyAllowListTests {
    private func strokes(_ text: String) -> [KeyStroke] {
        text.split(separator: " ").map { KeyStroke(code: UInt16($0.dropFirst())!, pressed: $0.first == "+") }
    }

    private func chord(_ codes: [UInt16]) -> [KeyStroke] {
        codes.map { KeyStroke(code: $0, pressed: true) } + codes.reversed().map { KeyStroke(code: $0, pressed: false) }
    }

    @Test func ordinaryKeysAndModifiersPass() {
        #expect(KeyAllowList.refusal(strokes("+125 +106 -106 -125")) == nil)   // Super+Right
        #expect(KeyAllowList.refusal(strokes("+29 +56 +106 -106 -56 -29")) == nil)  // Ctrl+Alt+Right
        #expect(KeyAllowList.refusal(strokes("+99 -99")) == nil)               // Print (KEY_SYSRQ)
        #expect(KeyAllowList.refusal(strokes("+56 +99 -99 -56")) == nil)       // Alt+Print
        #expect(KeyAllowList.refusal(strokes("+29 +99 -99 -29")) == nil)       // Ctrl+Print
        #expect(KeyAllowList.refusal(strokes("+29 +56 +59 -59 -56 -29")) == nil)  // Ctrl+Alt+F1
        #expect(KeyAllowList.refusal(strokes("+29 +111 -111 -29")) == nil)     // Ctrl+Delete
        #expect(KeyAllowList.refusal(strokes("+56 +111 -111 -56")) == nil)     // Alt+Delete
        for media: UInt16 in [113, 114, 115, 163, 164, 165, 248, 152] {       // volume, songs, mic mute, lock screen
            #expect(KeyAllowList.refusal(chord([media])) == nil)
        }
    }

    @Test func theMagicSysRqIsRefused() {
        #expect(KeyAllowList.refusal(strokes("+56 +99 +31 -31 -99 -56")) == .sysrq(31))   // Alt+SysRq+S
        #expect(KeyAllowList.refusal(strokes("+100 +99 +48 -48 -99 -100")) == .sysrq(48))  // AltGr+SysRq+B
        #expect(KeyAllowList.refusal(strokes("+29 +56 +99 +19 -19 -99 -56 -29")) == .sysrq(19))  // Ctrl+Alt+SysRq+R
        // The other Alt going down while both are held is no command; the next key is.
        #expect(KeyAllowList.refusal(strokes("+56 +99 +100 +30 -30 -100 -99 -56")) == .sysrq(30))
    }

    @Test func ctrlAltDeleteIsRefused() {
        #expect(KeyAllowList.refusal(strokes("+29 +56 +111 -111 -56 -29")) == .ctrlAltDelete)
        #expect(KeyAllowList.refusal(strokes("+97 +100 +83 -83 -100 -97")) == .ctrlAltDelete)  // right ones, KP_Delete
    }

    @Test func everyRefusedClassIsRefused() throws {
        for keyClass in KeyAllowList.KeyClass.allCases {
            let keys = KeyAllowList.refusedKeys.filter { $0.keyClass == keyClass }
            #expect(!keys.isEmpty, "no key of class \(keyClass)")
            for key in keys {
                #expect(!KeyAllowList.isAllowed(key.code))
                #expect(!KeyAllowList.allowedCodes.contains(key.code))
                #expect(KeyAllowList.refusal(chord([key.code])) == .key(key))
                #expect(KeyAllowList.refusal(chord([29, key.code])) == .key(key))
            }
        }
        let named = Dictionary(uniqueKeysWithValues: KeyAllowList.refusedKeys.filter { $0.keyClass != .undefined }.map { ($0.name, $0.code) })
        #expect(named["KEY_POWER"] == 116 && named["KEY_SLEEP"] == 142 && named["KEY_SUSPEND"] == 205)
        #expect(named["KEY_WAKEUP"] == 143 && named["KEY_RFKILL"] == 247 && named["KEY_EJECTCD"] == 161)
        #expect(named["KEY_BRIGHTNESSUP"] == 225 && named["KEY_BRIGHTNESSDOWN"] == 224)
        #expect(KeyAllowList.refusal(chord([300])) == .notAKey(300))
    }

    @Test func everyRefusalSaysWhy() {
        for key in KeyAllowList.refusedKeys {
            #expect(KeyRefusal.key(key).description.contains(String(key.code)))
        }
        #expect(KeyRefusal.key(KeyAllowList.refusedKey(116)!).description.hasPrefix("KEY_POWER (116) is a power key"))
        #expect(KeyRefusal.sysrq(31).description.contains("magic SysRq"))
        #expect(KeyRefusal.ctrlAltDelete.description.contains("Ctrl+Alt+Delete"))
    }

    @Test func theAllowedCodesAreTheKeyboardCodesButTheRefused() {
        #expect(KeyAllowList.allowedCodes.count + KeyAllowList.refusedKeys.count == KeyStroke.keyboardCodes.count)
        #expect(Set(KeyAllowList.refusedKeys.map(\.code)).count == KeyAllowList.refusedKeys.count)
        #expect(KeyAllowList.refusedKeys.allSatisfy { KeyStroke.keyboardCodes.contains($0.code) })
    }

    /// Chords of allowed keys (modifiers first, then a key, as the client builds them) pass, unless
    /// they hold Alt and SysRq under another key or are Ctrl+Alt+Delete; with any refused key in
    /// them, they are refused.
    @Test func chordsOfAllowedKeysPass() async {
        let allowed = KeyAllowList.allowedCodes
        let codes = Gen<Int>.int(in: 0...(allowed.count - 1)).array(of: 1...4).map { indices in
            Array(Set(indices.map { allowed[$0] })).sorted()
        }
        await propertyCheck(input: codes.array(of: 1...8)) { chords in
            let strokes = chords.flatMap(chord)
            // Keys go down in the chord's order and stay held: the kernel acts on a key other than
            // Alt pressed after SysRq while an Alt is held.
            let magic = chords.contains { keys in
                guard let sysrqAt = keys.firstIndex(of: KeyAllowList.sysrq) else { return false }
                return keys.indices.contains { j in
                    j > sysrqAt && !KeyAllowList.alts.contains(keys[j]) && keys[..<j].contains(where: KeyAllowList.alts.contains)
                }
            }
            let reboot = chords.contains { keys in
                guard let at = keys.firstIndex(where: KeyAllowList.deletes.contains) else { return false }
                let before = keys[..<at]
                return before.contains(where: KeyAllowList.ctrls.contains) && before.contains(where: KeyAllowList.alts.contains)
            }
            let refusal = KeyAllowList.refusal(strokes)
            if !magic && !reboot {
                #expect(refusal == nil, "\(chords)")
            } else {
                #expect(refusal != nil, "\(chords)")
            }
        }
    }

    @Test func anyRefusedKeyRefusesTheRequest() async {
        let allowed = KeyAllowList.allowedCodes, refused = KeyAllowList.refusedKeys
        await propertyCheck(input: Gen<Int>.int(in: 0...(allowed.count - 1)).array(of: 0...3),
                            Gen<Int>.int(in: 0...(refused.count - 1))) { before, index in
            let keys = Array(Set(before.map { allowed[$0] })).sorted() + [refused[index].code]
            #expect(KeyAllowList.refusal(chord(keys)) != nil)
        }
    }
}
