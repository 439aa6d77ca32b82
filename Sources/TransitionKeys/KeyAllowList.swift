// SPDX-License-Identifier: MIT

/// What the uinput key service may press: ordinary keyboard keys and modifiers, and nothing that
/// acts on the machine rather than on the focused window. Pure: the service checks every request
/// with it (``refusal(_:)``), its virtual keyboard has only the ``allowedCodes``, and
/// `transitionctl run --check` checks `keys` actions against the same list.
///
/// Refused, whatever the peer:
/// - keys of the classes in ``KeyClass`` (``refusedKeys``: power, sleep, suspend, wake, rfkill,
///   eject, brightness, the display), and codes that name no key;
/// - the kernel's magic SysRq: a key pressed while KEY_SYSRQ and an Alt key are held (Alt+SysRq+S
///   syncs, +B reboots, past polkit and logind's inhibitors). KEY_SYSRQ alone is the Print
///   Screen key, and Alt+Print (a window's screenshot) stays allowed: the kernel acts only on a
///   third key;
/// - Ctrl+Alt+Delete (KEY_DELETE or KEY_KPDOT with a Ctrl and an Alt held): on a text console the
///   kernel turns it into a reboot (systemd's ctrl-alt-del.target).
public enum KeyAllowList {
    /// Why a key is refused.
    public enum KeyClass: String, CaseIterable, Sendable {
        case power, sleep, suspend, wake, rfkill, eject, brightness, display
        /// A code of the range that names no key (`linux/input-event-codes.h` skips it, or KEY_UNKNOWN).
        case undefined = "no key"
    }

    /// A refused key: its code, its name in `linux/input-event-codes.h`, and its class.
    public struct RefusedKey: Equatable, Sendable {
        public var code: UInt16
        public var name: String
        public var keyClass: KeyClass
    }

    /// Every refused code of ``KeyStroke/keyboardCodes``, in order.
    public static let refusedKeys: [RefusedKey] = [
        RefusedKey(code: 84, name: "(none)", keyClass: .undefined),
        RefusedKey(code: 116, name: "KEY_POWER", keyClass: .power),
        RefusedKey(code: 142, name: "KEY_SLEEP", keyClass: .sleep),
        RefusedKey(code: 143, name: "KEY_WAKEUP", keyClass: .wake),
        RefusedKey(code: 153, name: "KEY_ROTATE_DISPLAY", keyClass: .display),
        RefusedKey(code: 160, name: "KEY_CLOSECD", keyClass: .eject),
        RefusedKey(code: 161, name: "KEY_EJECTCD", keyClass: .eject),
        RefusedKey(code: 162, name: "KEY_EJECTCLOSECD", keyClass: .eject),
    ] + (195...199).map { RefusedKey(code: $0, name: "(none)", keyClass: .undefined) } + [
        RefusedKey(code: 205, name: "KEY_SUSPEND", keyClass: .suspend),
        RefusedKey(code: 224, name: "KEY_BRIGHTNESSDOWN", keyClass: .brightness),
        RefusedKey(code: 225, name: "KEY_BRIGHTNESSUP", keyClass: .brightness),
        RefusedKey(code: 227, name: "KEY_SWITCHVIDEOMODE", keyClass: .display),
        RefusedKey(code: 228, name: "KEY_KBDILLUMTOGGLE", keyClass: .brightness),
        RefusedKey(code: 229, name: "KEY_KBDILLUMDOWN", keyClass: .brightness),
        RefusedKey(code: 230, name: "KEY_KBDILLUMUP", keyClass: .brightness),
        RefusedKey(code: 237, name: "KEY_BLUETOOTH", keyClass: .rfkill),
        RefusedKey(code: 238, name: "KEY_WLAN", keyClass: .rfkill),
        RefusedKey(code: 239, name: "KEY_UWB", keyClass: .rfkill),
        RefusedKey(code: 240, name: "KEY_UNKNOWN", keyClass: .undefined),
        RefusedKey(code: 241, name: "KEY_VIDEO_NEXT", keyClass: .display),
        RefusedKey(code: 242, name: "KEY_VIDEO_PREV", keyClass: .display),
        RefusedKey(code: 243, name: "KEY_BRIGHTNESS_CYCLE", keyClass: .brightness),
        RefusedKey(code: 244, name: "KEY_BRIGHTNESS_AUTO", keyClass: .brightness),
        RefusedKey(code: 245, name: "KEY_DISPLAY_OFF", keyClass: .display),
        RefusedKey(code: 246, name: "KEY_WWAN", keyClass: .rfkill),
        RefusedKey(code: 247, name: "KEY_RFKILL", keyClass: .rfkill),
    ]

    private static let refusedByCode: [UInt16: RefusedKey] = Dictionary(uniqueKeysWithValues: refusedKeys.map { ($0.code, $0) })

    /// The codes the service's keyboard has and may press: ``KeyStroke/keyboardCodes`` but the
    /// ``refusedKeys``.
    public static let allowedCodes: [UInt16] = KeyStroke.keyboardCodes.filter { refusedByCode[$0] == nil }

    /// KEY_SYSRQ, which is also the Print Screen key.
    public static let sysrq: UInt16 = 99
    /// KEY_LEFTALT, KEY_RIGHTALT.
    public static let alts: Set<UInt16> = [56, 100]
    /// KEY_LEFTCTRL, KEY_RIGHTCTRL.
    public static let ctrls: Set<UInt16> = [29, 97]
    /// KEY_DELETE, KEY_KPDOT: the console's Ctrl+Alt+Delete.
    public static let deletes: Set<UInt16> = [111, 83]

    /// Whether `code` is a key the service may press (in some chord: see ``refusal(_:)``).
    public static func isAllowed(_ code: UInt16) -> Bool {
        KeyStroke.keyboardCodes.contains(code) && refusedByCode[code] == nil
    }

    /// The refused key of `code`, if it is one.
    public static func refusedKey(_ code: UInt16) -> RefusedKey? { refusedByCode[code] }

    /// Why `strokes` may not be pressed, or `nil` when they may: the first refused key or chord.
    public static func refusal(_ strokes: [KeyStroke]) -> KeyRefusal? {
        var held = Set<UInt16>()
        for stroke in strokes {
            guard stroke.pressed else { held.remove(stroke.code); continue }
            guard KeyStroke.keyboardCodes.contains(stroke.code) else { return .notAKey(stroke.code) }
            if let refused = refusedByCode[stroke.code] { return .key(refused) }
            if held.contains(sysrq), !held.isDisjoint(with: alts), !alts.contains(stroke.code) {
                return .sysrq(stroke.code)
            }
            if deletes.contains(stroke.code), !held.isDisjoint(with: ctrls), !held.isDisjoint(with: alts) {
                return .ctrlAltDelete
            }
            held.insert(stroke.code)
        }
        return nil
    }
}

/// Why ``KeyAllowList`` refuses a request.
public enum KeyRefusal: Equatable, Sendable, CustomStringConvertible {
    /// A key of a refused class.
    case key(KeyAllowList.RefusedKey)
    /// A code outside ``KeyStroke/keyboardCodes``.
    case notAKey(UInt16)
    /// This key pressed while KEY_SYSRQ and an Alt key are held: the kernel's magic SysRq.
    case sysrq(UInt16)
    /// Ctrl+Alt+Delete.
    case ctrlAltDelete

    public var description: String {
        switch self {
        case .key(let key) where key.keyClass == .undefined:
            "code \(key.code) names no key"
        case .key(let key):
            "\(key.name) (\(key.code)) is a \(key.keyClass.rawValue) key: the uinput key service presses only ordinary keys and modifiers"
        case .notAKey(let code):
            "code \(code) is not a keyboard key (\(KeyStroke.keyboardCodes.lowerBound)-\(KeyStroke.keyboardCodes.upperBound))"
        case .sysrq(let code):
            "key \(code) pressed while Alt and SysRq are held is the kernel's magic SysRq (it can sync, kill every process or reboot): refused"
        case .ctrlAltDelete:
            "Ctrl+Alt+Delete reboots the machine from a text console: refused"
        }
    }
}
