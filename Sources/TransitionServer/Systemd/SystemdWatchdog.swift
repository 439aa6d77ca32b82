/// Sends `WATCHDOG=1` from the event loop every ``SystemdNotifier/watchdogIntervalUs``, so a
/// loop that stops turning (a deadlock, a busy loop) stops the pings and systemd restarts the
/// service (`WatchdogSec=` with `Restart=on-failure`).
///
/// Pinging from a loop timer, never from a thread of its own, is the point: the ping proves
/// the loop runs. Not `Sendable`: create, start and stop it on the loop's thread.
public final class SystemdWatchdog {
    private let notifier: SystemdNotifier
    private let loop: EventLoop
    private var timer: TimerID?

    /// A watchdog for `loop`, silent until ``start()``.
    public init(notifier: SystemdNotifier, loop: EventLoop) {
        self.notifier = notifier
        self.loop = loop
    }

    /// Whether the unit asked for pings (`WatchdogSec=` set for this process).
    public var isEnabled: Bool { notifier.watchdogIntervalUs != nil }

    /// Pings now and then every interval; a no-op when the watchdog is off or already started.
    public func start() {
        guard timer == nil, let interval = notifier.watchdogIntervalUs else { return }
        notifier.watchdog()
        schedule(after: interval)
    }

    /// Stops pinging (on shutdown, after `STOPPING=1`).
    public func stop() {
        if let timer { loop.cancelTimer(timer) }
        timer = nil
    }

    private func schedule(after interval: UInt64) {
        timer = loop.schedule(atUs: EventLoop.nowUs() + interval) { [weak self] in
            guard let self, self.timer != nil else { return }
            self.notifier.watchdog()
            self.schedule(after: interval)
        }
    }
}
