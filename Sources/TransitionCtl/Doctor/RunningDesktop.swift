// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionDesktop
import TransitionFiles

/// The desktop this process runs in (``DesktopSession``'s reading of the environment) and the
/// gestures it acts on by itself, which `transitionctl doctor` and `transitionctl run` check
/// the bound gestures against.
struct RunningDesktop {
    /// The variables it reads.
    static let variables = ["XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "XDG_SESSION_TYPE", "WAYLAND_DISPLAY", "DISPLAY",
                            "XDG_CONFIG_HOME", "HOME"]

    /// `XDG_CURRENT_DESKTOP=GNOME (wayland)`, or `DESKTOP_SESSION=…` when only that is set; empty
    /// when neither is.
    var names: String
    /// The desktop's own gestures, when transitiond knows them.
    var gestures: DesktopGestureSet?
    /// The configuration file the gestures were read from (Hyprland's).
    var configPath: String?

    init(environment: [String: String]) {
        let session = DesktopSession(environment: environment)
        let desktopSession = environment["DESKTOP_SESSION"].flatMap { $0.isEmpty ? nil : $0 }
        gestures = DesktopGestureSet.running(desktops: session.desktops, session: desktopSession)
        // Hyprland acts on what its configuration declares: read it when it is there.
        if gestures?.desktop == DesktopGestureSet.hyprland.desktop, let path = Self.hyprlandConfig(environment),
           let bytes = try? FileBytes.read(path: path, limit: 1 << 20) {
            gestures = .hyprland(config: String(decoding: bytes, as: UTF8.self), path: path)
            configPath = path
        }
        let type = environment["XDG_SESSION_TYPE"].flatMap { $0.isEmpty ? nil : " (\($0))" } ?? ""
        if !session.desktops.isEmpty {
            names = "XDG_CURRENT_DESKTOP=" + session.desktops.joined(separator: ":") + type
        } else if let desktopSession {
            names = "DESKTOP_SESSION=" + desktopSession + type
        } else {
            names = ""
        }
        if let configPath { names += ", gestures from \(configPath)" }
    }

    /// `$XDG_CONFIG_HOME/hypr/hyprland.conf`, else `~/.config/hypr/hyprland.conf`.
    static func hyprlandConfig(_ environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return config + "/hypr/hyprland.conf" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/hypr/hyprland.conf" }
        return nil
    }
}
