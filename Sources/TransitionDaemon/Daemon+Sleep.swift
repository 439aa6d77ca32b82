// SPDX-License-Identifier: MIT
import Logging
import TransitionCore
import TransitionInput
import TransitionServer
import TransitionSystemd

extension Daemon {
    /// The daemon's one system-bus connection, shared by the session source (locked hints) and
    /// the sleep watcher: opened on first use where logind runs, `nil` elsewhere. It reconnects
    /// by itself when dbus-daemon restarts.
    func systemBus() -> SystemBus? {
        if let bus = systemBusConnection { return bus }
        guard case .running = logindPresence() else { return nil }
        let bus = SystemBus(loop: loop, logger: logger)
        systemBusConnection = bus
        bus.start()
        return bus
    }

    /// Follows logind's `PrepareForSleep` when there are devices to read and logind runs.
    func followSleep() {
        guard input != nil, sleepWatcher == nil, let bus = systemBus() else { return }
        sleepWatcher = SleepWatcher(bus: bus, logger: logger,
                                    sleep: { [unowned self] in prepareForSleep() },
                                    wake: { [unowned self] in wakeFromSleep() })
    }

    /// Before the sleep: every transition in flight ends at once as `cancel`, reason `suspend`
    /// (clients undo; nothing animates across the sleep), and the devices are closed, each
    /// keeping its id (InputManager.suspend).
    func prepareForSleep() {
        let cancelled = endAllAtOnce(reason: .suspend)
        logger.notice("going to sleep: ended \(cancelled) transition\(cancelled == 1 ? "" : "s") in flight (cancel, reason suspend)")
        input?.suspend(feed)
    }

    /// After the resume: the devices are opened again (InputManager.resume).
    func wakeFromSleep() {
        logger.notice("resumed from sleep")
        input?.resume(feed)
        deviceCountChanged()
    }

    /// Stops following sleep and drops the system bus (the daemon stops).
    func closeSystemBus() {
        sleepWatcher?.close()
        sleepWatcher = nil
        systemBusConnection?.close()
    }
}
