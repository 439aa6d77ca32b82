// SPDX-License-Identifier: MIT
import TransitionSystemd
import TransitionActions

/// A reporter of the active window that runs inside the compositor and calls the runner back over
/// the session bus (``CompositorFocusSource``): a KWin script (``KWinFocusReporter``) or
/// transitiond's GNOME Shell extension (``GnomeShellFocusReporter``). The source is the same for
/// both: it exports ``CompositorFocus/objectPath``, believes only the owner of ``busName``, and
/// reads the three texts of ``CompositorFocus/method``; a reporter says how it is installed and
/// what the texts mean.
protocol CompositorFocusReporter: AnyObject {
    /// What the source speaks, for logs: "kwin", "gnome-shell".
    var name: String { get }
    /// The compositor's well-known name on the session bus: calls from its owner alone are believed.
    var busName: String { get }
    /// The compositor, in words: "KWin", "GNOME Shell".
    var compositor: String { get }
    /// Has the compositor call the runner (`uniqueName` on `bus`) on every activation and once
    /// now; returns once that is under way (the source then waits for the first call).
    func install(on bus: SessionBus, uniqueName: String, timeoutUs: UInt64) throws(DesktopError)
    /// The first report came, or installing failed: what install kept for it may go.
    func settled()
    /// The source closes while the compositor is still there: stop reporting (sent, not awaited).
    func uninstall(on bus: SessionBus)
    /// The application the three texts of a report name; nil for no active window.
    func application(_ texts: [String]) -> FocusedApplication?
}

/// What every compositor's reporter calls on the runner.
public enum CompositorFocus {
    /// The object the runner exports and the reporter calls.
    public static let objectPath = "/org/transitiond/Focus"
    /// Its interface: `Activated(s, s, s)` and `Stopped()`.
    public static let interface = "org.transitiond.Focus1"
    /// The method the reporter calls on every activation and once when it starts: three texts,
    /// whose meaning is the reporter's (KWin: resource class, resource name, caption; GNOME
    /// Shell: app id, WM_CLASS, title).
    public static let method = "Activated"
    /// What a reporter that stops while the compositor stays calls (the GNOME Shell extension
    /// disabled: GNOME Shell keeps its name, so no NameOwnerChanged says it): the source is lost.
    public static let stopped = "Stopped"

    /// Whether `name` is a unique bus name: ':' then elements of [A-Za-z0-9_-] separated by
    /// dots (the D-Bus specification, "Bus names"). Only such names are put in a KWin script,
    /// so that it needs no quoting.
    static func isUniqueName(_ name: String) -> Bool {
        guard name.hasPrefix(":"), name.utf8.count <= 255 else { return false }
        let elements = name.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        guard elements.count >= 2 else { return false }
        return elements.allSatisfy { element in
            !element.isEmpty && element.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x2D
            }
        }
    }
}
