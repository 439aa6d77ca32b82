// SPDX-License-Identifier: MIT
import Logging
import TransitionInput
import TransitionServer
import TransitionSystemd

extension Daemon {
    /// The `STATUS=` line systemd shows.
    var statusLine: String {
        let devices = input?.devices.count ?? 0
        let clients = server?.clientCount ?? 0
        let waiting = devices == 0 && input != nil ? " (waiting for a touch device)" : ""
        return "\(devices) device\(devices == 1 ? "" : "s")\(waiting), \(clients) client\(clients == 1 ? "" : "s")"
    }

    /// Devices came or went: tell systemd.
    func deviceCountChanged() {
        notifier.status(statusLine)
    }

    /// With `WatchdogSec=`: pings systemd from a loop timer at half the interval, so a stuck
    /// loop stops the pings and systemd restarts the daemon. Without it, nothing is scheduled
    /// and the idle loop never wakes.
    func startWatchdog() {
        guard let interval = notifier.watchdogIntervalUs, interval > 0 else { return }
        pingWatchdog(every: interval)
    }

    /// Pings now and schedules the next ping. The timer holds the daemon weakly: the loop is the
    /// daemon's, and a timer that held it strongly (daemon → loop → timer → daemon) kept a
    /// stopped daemon, and everything it owns, alive until the process ended (LeakSanitizer
    /// found the cycle in the e2e suite's service scenario).
    func pingWatchdog(every interval: UInt64) {
        notifier.watchdog()
        loop.schedule(atUs: MonotonicClock.nowUs() + interval) { [weak self] in self?.pingWatchdog(every: interval) }
    }
}
