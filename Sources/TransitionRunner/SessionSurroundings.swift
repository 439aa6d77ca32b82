// SPDX-License-Identifier: MIT
public import TransitionActions

/// What the runner asks of the session around it, which `transitionctl doctor` asks too, handed
/// in by `transitionctl` (whose doctor holds the readers): the running desktop's own gestures,
/// the other gesture tools running, and what to say of Touchégg's clients.
public struct SessionSurroundings {
    /// The running desktop's own gestures (nil: none that transitiond knows), and why GNOME
    /// Shell's version is unknown when it is; on GNOME Shell, asks the session bus, bounded.
    public var desktop: () -> (gestures: DesktopGestureSet?, versionProblem: String?)
    /// One piece of advice for each other gesture tool running in the session.
    public var otherTools: () -> [String]
    /// The advice when `count` Touchégg clients are on transitiond's `@touchegg`.
    public var toucheggAdvice: (UInt64) -> String
    /// The name of a process by pid (`/proc/PID/comm`), `nil` when unknown: tells the GNOME Shell
    /// extension's declared transitions (``TransitionActions/GnomeExtensionGestures``).
    public var processName: (Int32) -> String?

    /// Surroundings found by these.
    public init(desktop: @escaping () -> (gestures: DesktopGestureSet?, versionProblem: String?),
                otherTools: @escaping () -> [String], toucheggAdvice: @escaping (UInt64) -> String,
                processName: @escaping (Int32) -> String? = { _ in nil }) {
        self.desktop = desktop
        self.otherTools = otherTools
        self.toucheggAdvice = toucheggAdvice
        self.processName = processName
    }
}
