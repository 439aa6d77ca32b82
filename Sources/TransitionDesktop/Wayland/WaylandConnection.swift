// SPDX-License-Identifier: MIT
import CWayland
import CWaylandProtocols
import Glibc

/// A client connection to a Wayland compositor: the display, its registry of globals, and the
/// non-blocking read that the runner's event loop drives. Both wlroots back ends (the focus
/// source and the key sender) stand on it.
final class WaylandConnection {
    /// One global the compositor announces (`wl_registry.global`).
    struct Global: Equatable {
        var name: UInt32
        var interface: String
        var version: UInt32
    }

    /// `wl_display*`.
    let display: OpaquePointer
    /// `WAYLAND_DISPLAY`, for messages.
    let displayName: String
    /// The globals announced so far, by registry name.
    private(set) var globals: [UInt32: Global] = [:]
    private var registry: WaylandObject?

    /// Connects to the compositor at `displayName` and reads its globals (one roundtrip).
    init(display displayName: String) throws(DesktopError) {
        guard let display = wl_display_connect(displayName) else {
            throw DesktopError("cannot connect to the Wayland compositor at \(displayName): \(String(cString: strerror(errno)))")
        }
        self.display = display
        self.displayName = displayName
        guard let proxy = wl_display_get_registry(display) else {
            wl_display_disconnect(display)
            throw DesktopError("the Wayland compositor at \(displayName) gave no registry")
        }
        registry = WaylandObject(proxy: proxy, interface: nil) { [unowned self] event, arguments in
            switch event {
            case "global":
                let global = Global(name: arguments[0].u, interface: arguments.string(1) ?? "", version: arguments[2].u)
                globals[global.name] = global
            case "global_remove":
                globals[arguments[0].u] = nil
            default:
                break
            }
        }
        try roundtrip()
    }

    deinit {
        registry = nil
        wl_display_disconnect(display)
    }

    /// The descriptor to watch for reading.
    var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// The first global of `interface`, or nil when the compositor offers none.
    func global(_ interface: String) -> Global? {
        globals.values.filter { $0.interface == interface }.min { $0.name < $1.name }
    }

    /// Binds the first global of `interface` (at most at `version`) and dispatches its events to
    /// `handler`, or says that the compositor lacks it.
    func bind(_ interface: UnsafePointer<wl_interface>, version: UInt32,
              handler: @escaping WaylandObject.Handler = { _, _ in }) throws(DesktopError) -> WaylandObject {
        let name = String(cString: interface.pointee.name)
        guard let global = global(name) else {
            throw DesktopError("the Wayland compositor at \(displayName) offers no \(name)")
        }
        guard let registry, let raw = wl_registry_bind(registry.proxy, global.name, interface, min(version, global.version)) else {
            throw DesktopError("binding \(name) on \(displayName) failed")
        }
        return WaylandObject(proxy: OpaquePointer(raw), interface: interface, handler: handler)
    }

    /// Sends what is queued and waits until the compositor has handled it, dispatching every
    /// event it sent meanwhile.
    func roundtrip() throws(DesktopError) {
        if wl_display_roundtrip(display) < 0 { throw failure() }
    }

    /// Reads and dispatches whatever the compositor sent, without blocking, then flushes.
    /// (The prepare-read dance: events already queued are dispatched first, then the socket is
    /// read once; a socket with nothing to read is no error.)
    func readReady() throws(DesktopError) {
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw failure() }
        }
        if wl_display_read_events(display) < 0 { throw failure() }
        if wl_display_dispatch_pending(display) < 0 { throw failure() }
        try flush()
    }

    /// Sends the queued requests; a full socket keeps the rest queued for the next flush.
    func flush() throws(DesktopError) {
        if wl_display_flush(display) < 0, errno != EAGAIN { throw failure() }
    }

    /// Why the connection failed, from libwayland's error state.
    func failure() -> DesktopError {
        let code = wl_display_get_error(display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let error = wl_display_get_protocol_error(display, &interface, &id)
            let on = interface.map { String(cString: $0.pointee.name) } ?? "the display"
            return DesktopError("the Wayland compositor at \(displayName) reported protocol error \(error) on \(on)@\(id)")
        }
        let reason = code == 0 ? "it closed the connection" : String(cString: strerror(code))
        return DesktopError("the Wayland connection to \(displayName) failed: \(reason)")
    }
}
