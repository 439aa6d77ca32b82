// SPDX-License-Identifier: MIT
/// The udev properties that say what kind of input device a node is (set by udev's `input_id`
/// builtin and hwdb) and which seat it belongs to. Pure data, so classification is unit-tested.
struct UdevTags: Equatable {
    var touchpad = false
    var touchscreen = false
    var keyboard = false
    var key = false
    var mouse = false
    var pointingStick = false
    var tablet = false
    var tabletPad = false
    var joystick = false
    var accelerometer = false
    var `switch` = false
    /// `ID_SEAT`, or `nil` (meaning seat0).
    var seat: String?

    init() {}

    /// Reads the `ID_INPUT_*` properties and `ID_SEAT` through `lookup`.
    init(lookup: (String) -> String?) {
        func flag(_ name: String) -> Bool { lookup(name) == "1" }
        touchpad = flag("ID_INPUT_TOUCHPAD")
        touchscreen = flag("ID_INPUT_TOUCHSCREEN")
        keyboard = flag("ID_INPUT_KEYBOARD")
        key = flag("ID_INPUT_KEY")
        mouse = flag("ID_INPUT_MOUSE")
        pointingStick = flag("ID_INPUT_POINTINGSTICK")
        tablet = flag("ID_INPUT_TABLET")
        tabletPad = flag("ID_INPUT_TABLET_PAD")
        joystick = flag("ID_INPUT_JOYSTICK")
        accelerometer = flag("ID_INPUT_ACCELEROMETER")
        `switch` = flag("ID_INPUT_SWITCH")
        seat = lookup("ID_SEAT").flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The seat the device belongs to (udev's default is seat0).
    var effectiveSeat: String { seat ?? "seat0" }

    /// What the device is, in a word, for the listing of devices transitiond ignores.
    var kindDescription: String {
        if keyboard { return "keyboard" }
        if mouse { return "mouse" }
        if pointingStick { return "pointing stick" }
        if tabletPad { return "tablet pad" }
        if tablet { return "tablet" }
        if joystick { return "joystick" }
        if accelerometer { return "accelerometer" }
        if `switch` { return "switch" }
        if key { return "buttons" }
        return "unclassified device"
    }
}
