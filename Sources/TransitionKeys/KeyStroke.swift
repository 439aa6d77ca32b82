// SPDX-License-Identifier: MIT

/// One key going down or up on the uinput key service's keyboard, in the kernel's numbering
/// (`KEY_*` of linux/input-event-codes.h).
public struct KeyStroke: Equatable, Hashable, Sendable {
    /// The evdev code, one of ``KeyStroke/keyboardCodes``.
    public var code: UInt16
    /// Down (true) or up.
    public var pressed: Bool

    /// A key going down or up.
    public init(code: UInt16, pressed: Bool) {
        self.code = code
        self.pressed = pressed
    }

    /// The codes a request may name: the keyboard keys from KEY_ESC (1) to KEY_MICMUTE (248).
    /// Mouse and joystick buttons (BTN_*, from 0x100) and the rarer keys above them are not
    /// among them; of these, the service's keyboard has and presses only
    /// ``KeyAllowList/allowedCodes`` (no power, sleep, brightness… keys).
    public static let keyboardCodes: ClosedRange<UInt16> = 1...248
}
