// SPDX-License-Identifier: MIT
import CEvdev
import Glibc
public import TransitionIO
public import TransitionKeys

/// The uinput key service's virtual keyboard: a device on `/dev/uinput` (libevdev's uinput API)
/// with ordinary keyboard keys and nothing else: EV_KEY codes ``KeyAllowList/allowedCodes`` only
/// (no power, sleep, wake, rfkill, eject or brightness key), no buttons, no relative or absolute
/// axes, no LEDs, no autorepeat (EV_REP).
public final class UinputKeyboard {
    private let evdev: OpaquePointer
    private var uinput: OpaquePointer?
    /// The device's event node, e.g. `/dev/input/event7`.
    public let devnode: String
    /// The device's name, as libinput and `/proc/bus/input/devices` show it.
    public static let name = "transitiond virtual keyboard"

    /// Creates the device (libevdev opens `/dev/uinput` itself and closes it with the device).
    public init() throws(SystemError) {
        guard let evdev = libevdev_new() else { throw SystemError("libevdev_new", errno: ENOMEM) }
        self.evdev = evdev
        libevdev_set_name(evdev, Self.name)
        libevdev_set_id_bustype(evdev, 0x06)  // BUS_VIRTUAL
        libevdev_set_id_vendor(evdev, 0)
        libevdev_set_id_product(evdev, 0)
        libevdev_set_id_version(evdev, 1)
        for code in KeyAllowList.allowedCodes {
            libevdev_enable_event_code(evdev, UInt32(EV_KEY), UInt32(code), nil)
        }
        var uinput: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(evdev, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uinput)
        guard rc == 0, let uinput else {
            libevdev_free(evdev)
            throw SystemError("create the keyboard on /dev/uinput", errno: -rc)
        }
        self.uinput = uinput
        devnode = libevdev_uinput_get_devnode(uinput).map { String(cString: $0) } ?? "unknown"
    }

    deinit {
        if let uinput { libevdev_uinput_destroy(uinput) }
        libevdev_free(evdev)
    }

    /// Writes the strokes, each in a frame of its own (the key, then SYN_REPORT), as a keyboard
    /// reports them. Codes outside ``KeyAllowList/allowedCodes`` are never written.
    public func send(_ strokes: [KeyStroke]) throws(SystemError) {
        guard let uinput else { throw SystemError("the keyboard is gone", errno: ENODEV) }
        for stroke in strokes where KeyAllowList.isAllowed(stroke.code) {
            var rc = libevdev_uinput_write_event(uinput, UInt32(EV_KEY), UInt32(stroke.code), stroke.pressed ? 1 : 0)
            if rc == 0 { rc = libevdev_uinput_write_event(uinput, UInt32(EV_SYN), UInt32(SYN_REPORT), 0) }
            guard rc == 0 else { throw SystemError("write to /dev/uinput", errno: -rc) }
        }
    }
}
