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

    /// The codes the service's keyboard has, and the only ones it sends: the keyboard keys from
    /// KEY_ESC (1) to KEY_MICMUTE (248), media and brightness keys included. Mouse and joystick
    /// buttons (BTN_*, from 0x100) and the rarer keys above them are not among them.
    public static let keyboardCodes: ClosedRange<UInt16> = 1...248
}
