// SPDX-License-Identifier: MIT
import CWayland
import CWaylandProtocols
import TransitionActions

/// Follows focus on wlroots compositors (sway, Hyprland, niri, labwc, river, Wayfire) through
/// `zwlr_foreign_toplevel_manager_v1`: every toplevel's `app_id`, `title` and `state` come as
/// events, and the one whose state holds `activated` after its `done` is the focused application.
final class WaylandFocusSource: FocusSource {
    let name = "wlr-foreign-toplevel"
    private let connection: WaylandConnection
    private var manager: WaylandObject?
    private var handles: [UInt: WaylandObject] = [:]
    private var tracker = ToplevelTracker()
    private var changed = false
    /// Set when the compositor ends the manager (`finished`): the source is then useless.
    private var finished = false

    /// Connects to the compositor at `display`, binds the manager (version 3 at most: `parent`
    /// is the newest event, and is not needed) and reads the toplevels that exist.
    init(display: String) throws(DesktopError) {
        connection = try WaylandConnection(display: display)
        manager = try connection.bind(cwayland_foreign_toplevel_manager(), version: 3) { [unowned self] event, arguments in
            switch event {
            case "toplevel":
                guard let proxy = arguments[0].o else { return }
                adopt(proxy)
            case "finished":
                finished = true
                manager = nil
            default:
                break
            }
        }
        // The toplevels and their first `done`s.
        try connection.roundtrip()
        changed = false
    }

    deinit {
        handles = [:]
        manager = nil
    }

    var fileDescriptor: Int32 { connection.fileDescriptor }

    var focused: FocusedApplication? { tracker.focused }

    func readReady() throws -> Bool {
        try connection.readReady()
        if finished { throw DesktopError("the Wayland compositor at \(connection.displayName) stopped its toplevel list") }
        defer { changed = false }
        return changed
    }

    /// Follows a new toplevel handle.
    private func adopt(_ proxy: OpaquePointer) {
        let id = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(proxy)))
        tracker.created(id)
        handles[id] = WaylandObject(proxy: proxy, interface: cwayland_foreign_toplevel_handle()) { [unowned self] event, arguments in
            switch event {
            case "title": tracker.title(id, arguments.string(0) ?? "")
            case "app_id": tracker.appID(id, arguments.string(0) ?? "")
            case "state": tracker.state(id, arguments.uint32Array(0))
            case "done": if tracker.done(id) { changed = true }
            case "closed":
                if tracker.closed(id) { changed = true }
                _ = try? handles[id]?.request("destroy", [], destroying: true)
                handles[id] = nil
            default: break
            }
        }
    }
}
