// SPDX-License-Identifier: MIT
import TransitionKeys
import CWayland
import CWaylandProtocols
import Glibc
import TransitionIO
import TransitionActions

/// Presses keys on wlroots compositors (sway, Hyprland, niri, labwc, river, Wayfire) through
/// `zwp_virtual_keyboard_manager_v1`: one virtual keyboard on the first seat, with a keymap
/// uploaded once, then `key` and `modifiers` requests per chord.
///
/// The keymap is the compositor's own when its seat has a keyboard (read from `wl_keyboard`'s
/// `keymap` event): keysyms then resolve on the layout the user set in the compositor (sway's
/// `xkb_layout`, which the runner's environment may not know), and clients see the keymap they
/// already have. A seat without a keyboard (a headless compositor) gets xkbcommon's default
/// layout, which follows `XKB_DEFAULT_LAYOUT` and friends, as compositors do.
final class VirtualKeyboardSender: KeySender {
    let name = "virtual-keyboard"
    /// Where the keymap came from, for logs: "the compositor's" or "XKB_DEFAULT_*".
    let keymapOrigin: String
    private let connection: WaylandConnection
    private var seat: WaylandObject?
    private var keyboard: WaylandObject?
    private let keymap: XKBKeymap
    private let modifiers: KeyboardModifierState

    /// Connects to the compositor at `display` and creates the virtual keyboard.
    init(display: String) throws(DesktopError) {
        connection = try WaylandConnection(display: display)
        guard connection.global("zwp_virtual_keyboard_manager_v1") != nil else {
            throw DesktopError("the Wayland compositor at \(display) offers no zwp_virtual_keyboard_manager_v1")
        }
        var capabilities: UInt32 = 0
        let seat = try connection.bind(cwayland_seat(), version: 5) { event, arguments in
            if event == "capabilities" { capabilities = arguments[0].u }
        }
        self.seat = seat
        try connection.roundtrip()

        let compositorKeymap = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0 ? try SeatKeymap.read(of: seat, on: connection) : nil
        do {
            if let compositorKeymap {
                keymap = try XKBKeymap(text: compositorKeymap)
                keymapOrigin = "the compositor's"
            } else {
                keymap = try XKBKeymap(layout: nil)
                keymapOrigin = "XKB_DEFAULT_*"
            }
            modifiers = try KeyboardModifierState(keymapText: keymap.text)
        } catch {
            throw DesktopError("no keymap for the virtual keyboard: \(error)")
        }

        let manager = try connection.bind(cwayland_virtual_keyboard_manager(), version: 1)
        guard let proxy = try manager.request("create_virtual_keyboard", [wl_argument(o: seat.proxy), wl_argument(n: 0)],
                                              creating: cwayland_virtual_keyboard()) else {
            throw DesktopError("the Wayland compositor at \(display) made no virtual keyboard")
        }
        keyboard = WaylandObject(proxy: proxy, interface: cwayland_virtual_keyboard()) { _, _ in }
        try upload(keymap.text)
        try connection.roundtrip()
    }

    deinit {
        if let keyboard { _ = try? keyboard.request("destroy", [], destroying: true) }
        keyboard = nil
        seat = nil
        _ = try? connection.flush()
    }

    func send(_ chords: [KeyChord]) throws(KeyError) {
        let events = try keymap.events(for: chords)
        guard let keyboard else { throw .unavailable("the virtual keyboard is gone") }
        do {
            for event in events {
                let time = UInt32(truncatingIfNeeded: MonotonicClock.nowNs() / 1_000_000)
                let state = event.pressed ? WL_KEYBOARD_KEY_STATE_PRESSED.rawValue : WL_KEYBOARD_KEY_STATE_RELEASED.rawValue
                try keyboard.request("key", [wl_argument(u: time), wl_argument(u: UInt32(event.code)), wl_argument(u: state)])
                if let masks = modifiers.update(event) {
                    try keyboard.request("modifiers", [wl_argument(u: masks.depressed), wl_argument(u: masks.latched),
                                                       wl_argument(u: masks.locked), wl_argument(u: masks.group)])
                }
            }
            // The keys have reached the compositor (and it has handled them) when this returns.
            try connection.roundtrip()
        } catch {
            throw .unavailable("keys through the virtual keyboard on \(connection.displayName): \(error)")
        }
    }

    /// Uploads `text` as the keyboard's keymap, through a memfd (NUL-terminated, as wl_keyboard's
    /// keymaps are).
    private func upload(_ text: String) throws(DesktopError) {
        let fd = cwayland_memfd("transitiond-keymap")
        guard fd >= 0 else { throw DesktopError("memfd_create: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes = Array(text.utf8)
        bytes.append(0)
        if let error = WriteAll.write(fd, bytes) {
            throw DesktopError("writing the keymap: \(String(cString: strerror(error)))")
        }
        // libwayland sends a duplicate of the descriptor; this one closes on return.
        try keyboard?.request("keymap", [wl_argument(u: WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue), wl_argument(h: fd),
                                         wl_argument(u: UInt32(bytes.count))])
    }
}
