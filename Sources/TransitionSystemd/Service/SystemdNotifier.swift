// SPDX-License-Identifier: MIT
import CLinux
import CSystemd
import Glibc
import TransitionIO

/// Tells systemd how the daemon is doing, through `sd_notify(3)` from libsystemd.
///
/// Every message goes to the datagram socket named by `$NOTIFY_SOCKET`. When the daemon does not
/// run under a `Type=notify` unit (no `$NOTIFY_SOCKET`), every call is a cheap no-op, so callers
/// never need to check ``isEnabled`` first.
///
/// The order a `Type=notify` service follows:
/// 1. ``ready(status:)`` once the devices are enumerated and the socket is served (systemd keeps
///    `systemctl start` waiting until then, and starts units ordered after this one only then);
/// 2. ``status(_:)`` whenever the device or client count changes (`systemctl status` shows it);
/// 3. ``watchdog()`` at least every ``watchdogIntervalUs`` when the unit sets `WatchdogSec=`;
/// 4. ``reloading()`` on SIGHUP, then ``ready(status:)`` again when the new configuration is in
///    force (or the old one is kept);
/// 5. ``stopping(status:)`` first thing on SIGTERM/SIGINT, before transitions are cancelled and
///    the socket is closed.
///
/// Holds no C handle and no mutable state: the watchdog interval is read once at creation, so the
/// type is `Sendable` without any unchecked promise.
public final class SystemdNotifier: Sendable {
    /// Whether `$NOTIFY_SOCKET` was set when the notifier was created.
    public let isEnabled: Bool

    /// How often to call ``watchdog()``, in microseconds: half of the unit's `WatchdogSec=`
    /// (`$WATCHDOG_USEC`, as `sd_watchdog_enabled(3)` reads it), or `nil` when the watchdog is off
    /// or meant for another process (`$WATCHDOG_PID`).
    public let watchdogIntervalUs: UInt64?

    /// Reads `$NOTIFY_SOCKET` and the watchdog settings from the environment. The environment is
    /// left as it is, so every later message still finds the socket.
    public init() {
        isEnabled = ProcessEnvironment.value("NOTIFY_SOCKET") != nil
        var usec: UInt64 = 0
        if sd_watchdog_enabled(0, &usec) > 0, usec > 0 {
            watchdogIntervalUs = max(usec / 2, 1)
        } else {
            watchdogIntervalUs = nil
        }
    }

    /// `READY=1`: start-up is complete. Also sent after a reload has finished.
    /// - Parameter status: an optional `STATUS=` line sent in the same datagram.
    public func ready(status: String? = nil) {
        send(["READY=1"] + Self.statusField(status))
    }

    /// `STATUS=`: one line of free text for `systemctl status`, such as
    /// `"2 devices, 1 client"`. Newlines are replaced by spaces.
    public func status(_ text: String) {
        send(Self.statusField(text))
    }

    /// `RELOADING=1` with the current `MONOTONIC_USEC=`: the configuration is being reloaded.
    /// Follow with ``ready(status:)`` when done, whether the new configuration was taken or not.
    public func reloading() {
        send(["RELOADING=1", "MONOTONIC_USEC=\(MonotonicClock.nowUs())"])
    }

    /// `STOPPING=1`: shutdown has begun. Send it before cancelling transitions and closing clients,
    /// so systemd reports "deactivating" and does not mistake a slow stop for a hang.
    /// - Parameter status: an optional `STATUS=` line, such as `"stopping: SIGTERM"`.
    public func stopping(status: String? = nil) {
        send(["STOPPING=1"] + Self.statusField(status))
    }

    /// `WATCHDOG=1`: the event loop is alive. Call it from a loop timer every
    /// ``watchdogIntervalUs``; nothing happens when the watchdog is off.
    public func watchdog() {
        guard watchdogIntervalUs != nil else { return }
        send(["WATCHDOG=1"])
    }

    /// `ERRNO=`: the reason for a failure, shown by `systemctl status` (send before exiting
    /// with an error).
    public func errno(_ code: Int32) {
        send(["ERRNO=\(code)"])
    }

    /// Sends raw `KEY=value` assignments in one datagram. Returns whether a message was sent
    /// (`false` without `$NOTIFY_SOCKET` or when sending failed).
    @discardableResult
    public func send(_ assignments: [String]) -> Bool {
        guard isEnabled, !assignments.isEmpty else { return false }
        return sd_notify(0, assignments.joined(separator: "\n")) > 0
    }

    private static func statusField(_ text: String?) -> [String] {
        guard let text else { return [] }
        let oneLine = String(text.map { $0.isNewline ? " " : $0 })
        return ["STATUS=\(oneLine)"]
    }
}
