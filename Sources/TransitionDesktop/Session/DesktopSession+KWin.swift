// SPDX-License-Identifier: MIT

// KDE Plasma's focus under Wayland (KWin/): KWin's scripting over the session bus.
extension DesktopSession {
    /// Follows focus through a KWin script that calls the runner back over the session bus
    /// (Plasma on Wayland has no standard protocol for it): ``CompositorFocusSource`` with
    /// ``KWinFocusReporter``.
    static func kwinFocusSource() throws(DesktopError) -> any FocusSource {
        try CompositorFocusSource(reporter: KWinFocusReporter())
    }
}
