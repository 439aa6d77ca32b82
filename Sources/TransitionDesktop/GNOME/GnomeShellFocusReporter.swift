// SPDX-License-Identifier: MIT
import CSystemd
import TransitionSystemd
import TransitionActions

/// GNOME Shell's reporter of the focused window, for the ``CompositorFocusSource``: transitiond's
/// extension, already running inside GNOME Shell, asked to follow (``GnomeShellExtension/follow``).
/// It then calls the runner's ``CompositorFocus/method`` with the app id, WM_CLASS and title,
/// once at once and on every focus change, until the runner unfollows or leaves the bus.
final class GnomeShellFocusReporter: CompositorFocusReporter {
    let name = "gnome-shell"
    let busName = GnomeShellExtension.busName
    let compositor = "GNOME Shell"
    private var following = false

    init() {}

    func install(on bus: SessionBus, uniqueName: String, timeoutUs: UInt64) throws(DesktopError) {
        do throws(SessionBusError) {
            try bus.call(busName, GnomeShellExtension.objectPath, GnomeShellExtension.interface, GnomeShellExtension.follow,
                         timeoutUs: timeoutUs) { _ in () }
        } catch {
            throw DesktopError(Self.describe(error))
        }
        following = true
    }

    func settled() {}

    func uninstall(on bus: SessionBus) {
        guard following else { return }
        _ = csystemd_send_empty(bus.handle, busName, GnomeShellExtension.objectPath, GnomeShellExtension.interface,
                                GnomeShellExtension.unfollow)
    }

    func application(_ texts: [String]) -> FocusedApplication? {
        GnomeShellExtension.application(appID: texts[0], wmClass: texts[1], title: texts[2])
    }

    /// Words for a call the extension did not answer: not installed or not enabled (GNOME Shell
    /// has no such object), refused, or something else.
    static func describe(_ error: SessionBusError) -> String {
        switch error.name {
        case "org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownMethod",
             "org.freedesktop.DBus.Error.UnknownInterface":
            "transitiond's GNOME Shell extension is not enabled (GNOME Shell has no \(GnomeShellExtension.objectPath)): "
                + "`gnome-extensions enable transitiond@transitiond.github.io` (docs/gnome.md)"
        case "org.freedesktop.DBus.Error.AccessDenied":
            "transitiond's GNOME Shell extension refused: \(error.message)"
        default:
            "cannot reach transitiond's GNOME Shell extension: \(error.message)"
        }
    }
}
