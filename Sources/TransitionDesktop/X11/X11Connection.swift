// SPDX-License-Identifier: MIT
import CXCB
import Glibc

/// One connection to an X server through xcb, with the root window of its default screen and
/// atoms interned by name.
final class X11Connection {
    let connection: OpaquePointer
    let root: xcb_window_t

    /// Connects to `display` (":0", "localhost:10.0").
    init(display: String) throws(DesktopError) {
        var screenNumber: Int32 = 0
        guard let made = xcb_connect(display, &screenNumber) else { throw DesktopError("cannot connect to the X server \(display)") }
        if xcb_connection_has_error(made) != 0 {
            xcb_disconnect(made)
            throw DesktopError("cannot connect to the X server \(display)")
        }
        var screens = xcb_setup_roots_iterator(xcb_get_setup(made))
        for _ in 0..<max(0, screenNumber) where screens.rem > 0 { xcb_screen_next(&screens) }
        guard let screen = screens.data else {
            xcb_disconnect(made)
            throw DesktopError("the X server \(display) has no screen \(screenNumber)")
        }
        connection = made
        root = screen.pointee.root
    }

    deinit { xcb_disconnect(connection) }

    /// The connection's descriptor (for the event loop).
    var fileDescriptor: Int32 { xcb_get_file_descriptor(connection) }

    /// Whether the connection broke.
    var failed: Bool { xcb_connection_has_error(connection) != 0 }

    /// The atom of `name` (interned if missing).
    func atom(_ name: String) -> xcb_atom_t {
        let cookie = xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name)
        guard let reply = xcb_intern_atom_reply(connection, cookie, nil) else { return 0 }
        defer { free(reply) }
        return reply.pointee.atom
    }

    /// The bytes of a window's property (at most 64 KiB), nil when it has none.
    func property(_ window: xcb_window_t, _ property: xcb_atom_t, type: xcb_atom_t) -> [UInt8]? {
        let cookie = xcb_get_property(connection, 0, window, property, type, 0, 16384)
        guard let reply = xcb_get_property_reply(connection, cookie, nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        guard reply.pointee.type != 0, length > 0, let value = xcb_get_property_value(reply) else { return nil }
        return Array(UnsafeRawBufferPointer(start: value, count: length))
    }
}
