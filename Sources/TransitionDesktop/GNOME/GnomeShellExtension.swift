// SPDX-License-Identifier: MIT
public import TransitionActions

/// What the runner asks of transitiond's GNOME Shell extension (gnome-shell-extension/,
/// core/runnerBus.js) and what it reports. The extension runs inside GNOME Shell, so it speaks on
/// GNOME Shell's own session-bus connection: the one that owns `org.gnome.Shell`
/// (src/main.c, `shell_dbus_init`). The runner calls it there, and believes only calls from that
/// owner (docs/gnome.md, "Actions per application and keys").
public enum GnomeShellExtension {
    /// GNOME Shell's well-known name.
    public static let busName = "org.gnome.Shell"
    /// The object the extension exports on GNOME Shell's connection.
    public static let objectPath = "/org/transitiond/Extension"
    /// Its interface: `Follow()`, `Unfollow()`, `PressKeys(a(qb))`.
    public static let interface = "org.transitiond.Extension1"
    /// Asks the extension to call the caller's ``CompositorFocus/method`` now and on every focus change.
    public static let follow = "Follow"
    /// Asks it to stop (it also stops by itself once the caller leaves the bus).
    public static let unfollow = "Unfollow"
    /// Asks it to press key strokes (evdev codes, down or up) through its Clutter virtual keyboard.
    public static let pressKeys = "PressKeys"

    /// The application the extension reported: `appID` is GNOME's app id without `.desktop`
    /// (`Shell.WindowTracker.get_window_app(window).get_id()`; empty for a window GNOME matched to no
    /// application), `wmClass` the window's `get_wm_class()` (the Wayland app id, or X11's WM_CLASS
    /// class). Nil when both are empty: no focused window (the desktop, the overview, a lock screen).
    public static func application(appID: String, wmClass: String, title: String) -> FocusedApplication? {
        let title = title.isEmpty ? nil : title
        switch (appID.isEmpty, wmClass.isEmpty) {
        case (true, true): return nil
        case (true, false): return FocusedApplication(appID: wmClass, title: title)
        default: return FocusedApplication(appID: appID, instance: wmClass.isEmpty || wmClass == appID ? nil : wmClass, title: title)
        }
    }
}
