// SPDX-License-Identifier: MIT
public import TransitionActions

/// The KWin script through which the runner follows focus on KDE Plasma under Wayland, and what
/// it reports. Plasma offers no standard protocol for the active window (no
/// `wlr-foreign-toplevel`), so, as fusuma-plugin-appmatcher does (`kwin_scripts/appmatcher-kde`),
/// a script loaded into KWin (`org.kde.kwin.Scripting.loadScript`) watches the workspace and calls
/// the runner back over the session bus (`callDBus`, KWin's `src/scripting/scripting.cpp`).
///
/// Unlike appmatcher's, the script is the runner's own for as long as it runs: it is loaded under
/// a plugin name made from the runner's unique bus name, calls that unique name (no well-known
/// name, so `transitionctl run` and `transitionctl desktop focus` can both follow), reports the
/// window that is active when it starts, and unloads itself once the runner's name has no owner
/// (a runner killed before it could unload the script): unique names are never reused, so a
/// stale script never speaks to another runner.
public enum KWinFocusScript {
    /// The object the runner exports and the script calls (``CompositorFocus``'s).
    public static let objectPath = CompositorFocus.objectPath
    /// Its interface: one method, `Activated(resourceClass, resourceName, caption)`.
    public static let interface = CompositorFocus.interface
    /// The method the script calls on every activation and once when it starts.
    public static let method = CompositorFocus.method

    /// The plugin name under which the runner whose unique bus name is `uniqueName` loads its
    /// script ("transitiond-focus-1.42" for ":1.42"); nil when `uniqueName` is not a unique bus
    /// name (a ':' and the characters the D-Bus specification allows in names).
    public static func pluginName(uniqueName: String) -> String? {
        guard isUniqueName(uniqueName) else { return nil }
        return "transitiond-focus-" + uniqueName.dropFirst()
    }

    /// Whether `name` is a unique bus name (``CompositorFocus/isUniqueName(_:)``).
    static func isUniqueName(_ name: String) -> Bool { CompositorFocus.isUniqueName(name) }

    /// The script for the runner at `uniqueName`, loaded as `pluginName`; nil when either is not
    /// what ``pluginName(uniqueName:)`` makes.
    ///
    /// KWin 6 names the signal `windowActivated` and the property `activeWindow`; KWin 5
    /// `clientActivated` and `activeClient`. An activation moving from one window to another is
    /// emitted as null, then the new window: the null waits for KWin's next turn (a 0 ms
    /// `QTimer`), so that the runner never sees a moment without focus between two windows (KWin
    /// 5.27 and 6.3 alike, tried). KWin 5 passes `resourceClass` and `resourceName` as byte arrays
    /// (QByteArray properties become "ay"), KWin 6 as strings: the runner reads both.
    /// A property KWin does not have is passed as "" (callDBus drops undefined arguments).
    public static func source(uniqueName: String, pluginName: String) -> String? {
        guard let expected = Self.pluginName(uniqueName: uniqueName), expected == pluginName else { return nil }
        return """
        // Loaded by transitiond's `transitionctl run` (\(uniqueName)): tells it which window is
        // active, and unloads itself when the runner has left the session bus.
        var runner = "\(uniqueName)";
        var plugin = "\(pluginName)";
        function text(value) { return value === undefined || value === null ? "" : value; }
        function report(window) {
            var resourceClass = window ? text(window.resourceClass) : "";
            var resourceName = window ? text(window.resourceName) : "";
            var caption = window ? text(window.caption) : "";
            callDBus("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", runner, function (present) {
                if (present) {
                    callDBus(runner, "\(objectPath)", "\(interface)", "\(method)", resourceClass, resourceName, caption);
                } else {
                    callDBus("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "unloadScript", plugin);
                }
            });
        }
        // KWin emits the signal with null before the window that takes over (KWin 5.27 and 6.3, tried):
        // a null is reported only if no window is active once KWin is back in its event loop.
        var pending = new QTimer();
        pending.singleShot = true;
        pending.interval = 0;
        function active() { return workspace.windowActivated ? workspace.activeWindow : workspace.activeClient; }
        pending.timeout.connect(function () { report(active()); });
        function activated(window) {
            if (window) {
                pending.stop();
                report(window);
            } else {
                pending.start();
            }
        }
        (workspace.windowActivated ? workspace.windowActivated : workspace.clientActivated).connect(activated);
        report(active());

        """
    }

    /// The application KWin reported: `resourceClass` is the Wayland app id (KWin sets it from
    /// `xdg_toplevel.set_app_id`) or X11's WM_CLASS class, `resourceName` the executable or
    /// WM_CLASS instance. Nil when both are empty: no active window (the desktop, a lock screen).
    public static func application(resourceClass: String, resourceName: String, caption: String) -> FocusedApplication? {
        switch (resourceClass.isEmpty, resourceName.isEmpty) {
        case (true, true): nil
        case (true, false): FocusedApplication(appID: resourceName, title: caption.isEmpty ? nil : caption)
        default: FocusedApplication(appID: resourceClass, instance: resourceName.isEmpty ? nil : resourceName,
                                    title: caption.isEmpty ? nil : caption)
        }
    }
}
