// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionDesktop

/// The desktop this process runs in (``DesktopSession``'s reading of the environment) and the
/// gestures it acts on by itself, which `transitionctl doctor` and `transitionctl run` check
/// the bound gestures against.
struct RunningDesktop {
    /// The variables it reads.
    static let variables = ["XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "XDG_SESSION_TYPE", "WAYLAND_DISPLAY", "DISPLAY"]

    /// `XDG_CURRENT_DESKTOP=GNOME (wayland)`, or `DESKTOP_SESSION=…` when only that is set; empty
    /// when neither is.
    var names: String
    /// The desktop's own gestures, when transitiond knows them.
    var gestures: DesktopGestureSet?

    init(environment: [String: String]) {
        let session = DesktopSession(environment: environment)
        let desktopSession = environment["DESKTOP_SESSION"].flatMap { $0.isEmpty ? nil : $0 }
        gestures = DesktopGestureSet.running(desktops: session.desktops, session: desktopSession)
        let type = environment["XDG_SESSION_TYPE"].flatMap { $0.isEmpty ? nil : " (\($0))" } ?? ""
        if !session.desktops.isEmpty {
            names = "XDG_CURRENT_DESKTOP=" + session.desktops.joined(separator: ":") + type
        } else if let desktopSession {
            names = "DESKTOP_SESSION=" + desktopSession + type
        } else {
            names = ""
        }
    }
}
