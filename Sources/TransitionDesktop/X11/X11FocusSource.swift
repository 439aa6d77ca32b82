// SPDX-License-Identifier: MIT
import CXCB
import Glibc
import TransitionActions

/// Follows the keyboard focus on X11 through EWMH: the window manager sets
/// `_NET_ACTIVE_WINDOW` on the root window, and a `PropertyNotify` says when it changes (no
/// polling). The application is the active window's `WM_CLASS` (instance, class), its title
/// `_NET_WM_NAME` (else `WM_NAME`); those are followed on the active window too, since a client
/// may set them after it is focused.
final class X11FocusSource: FocusSource {
    let name = "ewmh"
    private let x: X11Connection
    private let activeWindowAtom: xcb_atom_t
    private let netWMNameAtom: xcb_atom_t
    private let utf8StringAtom: xcb_atom_t
    private var active: xcb_window_t = 0
    private(set) var focused: FocusedApplication?

    init(display: String) throws(DesktopError) {
        x = try X11Connection(display: display)
        activeWindowAtom = x.atom("_NET_ACTIVE_WINDOW")
        netWMNameAtom = x.atom("_NET_WM_NAME")
        utf8StringAtom = x.atom("UTF8_STRING")
        var mask = XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue
        xcb_change_window_attributes(x.connection, x.root, XCB_CW_EVENT_MASK.rawValue, &mask)
        let supported = x.atom("_NET_SUPPORTING_WM_CHECK")
        if x.property(x.root, supported, type: 0) == nil {
            throw DesktopError("the window manager on \(display) does not follow EWMH (no _NET_SUPPORTING_WM_CHECK): focus is unknown")
        }
        _ = refresh()
        xcb_flush(x.connection)
    }

    var fileDescriptor: Int32 { x.fileDescriptor }

    func readReady() throws -> Bool {
        var changed = false
        while let event = xcb_poll_for_event(x.connection) {
            defer { free(event) }
            guard event.pointee.response_type & 0x7f == XCB_PROPERTY_NOTIFY else { continue }
            let notify = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_property_notify_event_t.self).pointee
            if notify.window == x.root ? notify.atom == activeWindowAtom
                : notify.window == active && [XCB_ATOM_WM_CLASS.rawValue, netWMNameAtom, XCB_ATOM_WM_NAME.rawValue].contains(notify.atom) {
                if refresh() { changed = true }
            }
        }
        if x.failed { throw DesktopError("the X server closed the connection") }
        xcb_flush(x.connection)
        return changed
    }

    /// Reads the active window and its class and title; whether the application changed.
    private func refresh() -> Bool {
        let window = x.property(x.root, activeWindowAtom, type: XCB_ATOM_WINDOW.rawValue).flatMap { bytes -> xcb_window_t? in
            guard bytes.count >= 4 else { return nil }
            return bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        } ?? 0
        if window != active {
            if active != 0 {
                var none = XCB_EVENT_MASK_NO_EVENT.rawValue
                xcb_change_window_attributes(x.connection, active, XCB_CW_EVENT_MASK.rawValue, &none)
            }
            active = window
            if window != 0 {
                var mask = XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue
                xcb_change_window_attributes(x.connection, window, XCB_CW_EVENT_MASK.rawValue, &mask)
            }
        }
        let now = window == 0 ? nil : application(of: window)
        guard now != focused else { return false }
        focused = now
        return true
    }

    private func application(of window: xcb_window_t) -> FocusedApplication? {
        // WM_CLASS: two NUL-terminated Latin-1 strings, the instance then the class (ICCCM 4.1.2.5).
        let parts = (x.property(window, XCB_ATOM_WM_CLASS.rawValue, type: XCB_ATOM_STRING.rawValue) ?? [])
            .split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let title = x.property(window, netWMNameAtom, type: utf8StringAtom)
            ?? x.property(window, XCB_ATOM_WM_NAME.rawValue, type: XCB_ATOM_STRING.rawValue)
        let instance = parts.first.flatMap { $0.isEmpty ? nil : $0 }
        let appClass = parts.count > 1 && !parts[1].isEmpty ? parts[1] : instance
        guard let appClass else {
            // A window without WM_CLASS is still a window: it is named by its id, which no
            // action names, so `not_apps` actions run and `app` ones do not.
            return FocusedApplication(appID: "", instance: nil, title: title.map { String(decoding: $0, as: UTF8.self) })
        }
        return FocusedApplication(appID: appClass, instance: instance, title: title.map { String(decoding: $0, as: UTF8.self) })
    }
}
