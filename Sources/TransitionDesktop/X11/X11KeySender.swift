// SPDX-License-Identifier: MIT
import TransitionKeys
import CXCB
import CXKBCommon
import Glibc
import TransitionActions

/// Presses keys on X11 through the XTEST extension (`xcb_test_fake_input`), with the server's
/// own keymap read by xkbcommon-x11 before every sequence (so a layout switched since is
/// followed): the keysym → keycode lookup is ``XKBKeymap``'s, shared with every sender.
final class X11KeySender: KeySender {
    let name = "xtest"
    private let x: X11Connection
    private let deviceID: Int32

    init(display: String) throws(DesktopError) {
        x = try X11Connection(display: display)
        let query = xcb_query_extension(x.connection, 5, "XTEST")
        guard let test = xcb_query_extension_reply(x.connection, query, nil) else {
            throw DesktopError("the X server \(display) does not answer")
        }
        let present = test.pointee.present != 0
        free(test)
        guard present else { throw DesktopError("the X server \(display) has no XTEST extension") }
        var major: UInt16 = 0, minor: UInt16 = 0
        guard xkb_x11_setup_xkb_extension(x.connection, UInt16(XKB_X11_MIN_MAJOR_XKB_VERSION), UInt16(XKB_X11_MIN_MINOR_XKB_VERSION),
                                          XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, &major, &minor, nil, nil) != 0 else {
            throw DesktopError("the X server \(display) has no usable XKB extension")
        }
        deviceID = xkb_x11_get_core_keyboard_device_id(x.connection)
        guard deviceID >= 0 else { throw DesktopError("the X server \(display) has no core keyboard") }
        _ = try keymap()
    }

    /// The server's keymap now.
    private func keymap() throws(DesktopError) -> XKBKeymap {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw DesktopError("xkb_context_new failed") }
        guard let keymap = xkb_x11_keymap_new_from_device(context, x.connection, deviceID, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            throw DesktopError("cannot read the X server's keymap")
        }
        return XKBKeymap(context: context, keymap: keymap)
    }

    func send(_ chords: [KeyChord]) throws(KeyError) {
        if x.failed { throw .unavailable("the X server closed the connection") }
        let map: XKBKeymap
        do throws(DesktopError) { map = try keymap() } catch { throw .unavailable(error.message) }
        for event in try map.events(for: chords) {
            let type = UInt8(event.pressed ? XCB_KEY_PRESS : XCB_KEY_RELEASE)
            xcb_test_fake_input(x.connection, type, UInt8(truncatingIfNeeded: event.code + 8), 0 /* XCB_CURRENT_TIME */,
                                x.root, 0, 0, 0)
        }
        // A round trip: the server has handled every fake event when this returns.
        let cookie = xcb_get_input_focus(x.connection)
        guard let reply = xcb_get_input_focus_reply(x.connection, cookie, nil) else {
            throw .unavailable("the X server closed the connection")
        }
        free(reply)
    }
}
