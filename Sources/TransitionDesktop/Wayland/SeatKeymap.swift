// SPDX-License-Identifier: MIT
import CWayland
import CWaylandProtocols
import Glibc

/// The keymap a Wayland compositor gives its seat's keyboard (`wl_keyboard.keymap`): the layout
/// the user set in the compositor, which the runner's environment may not know. Read by the
/// wlroots virtual keyboard (``VirtualKeyboardSender``) and for GNOME Shell's extension
/// (``GnomeShellKeySender``), whose virtual keyboard presses evdev codes that GNOME turns into
/// symbols with this keymap.
enum SeatKeymap {
    /// The keymap of the first seat's keyboard on the compositor at `display`; nil when the seat
    /// has no keyboard (a headless compositor without one) or sent none.
    static func read(display: String) throws(DesktopError) -> String? {
        let connection = try WaylandConnection(display: display)
        var capabilities: UInt32 = 0
        let seat = try connection.bind(cwayland_seat(), version: 5) { event, arguments in
            if event == "capabilities" { capabilities = arguments[0].u }
        }
        try connection.roundtrip()
        guard capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0 else { return nil }
        return try read(of: seat, on: connection)
    }

    /// The keymap the compositor gives `seat`'s keyboard, or nil.
    static func read(of seat: WaylandObject, on connection: WaylandConnection) throws(DesktopError) -> String? {
        var text: String?
        guard let proxy = try seat.request("get_keyboard", [wl_argument(n: 0)], creating: cwayland_keyboard()) else { return nil }
        let keyboard = WaylandObject(proxy: proxy, interface: cwayland_keyboard()) { event, arguments in
            guard event == "keymap" else { return }
            let fd = arguments[1].h, size = Int(arguments[2].u)
            defer { close(fd) }
            guard arguments[0].u == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, size > 0,
                  let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return }
            defer { munmap(map, size) }
            let bytes = UnsafeRawBufferPointer(start: map, count: size)
            text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        try connection.roundtrip()
        if wl_proxy_get_version(keyboard.proxy) >= 3 {
            try keyboard.request("release", [], destroying: true)
        }
        return text
    }
}
