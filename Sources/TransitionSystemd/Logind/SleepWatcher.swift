// SPDX-License-Identifier: MIT
import CSystemd
import Glibc
import TransitionIO
public import Logging

/// Follows logind's `PrepareForSleep` on the daemon's ``SystemBus``, the way compositors do: a
/// "delay" inhibitor lock on sleep is held while awake, so logind waits (up to its
/// `InhibitDelayMaxSec=`, 5 s by default) until the daemon has run `sleep` and released the lock;
/// after resume, `wake` runs and the lock is taken again.
///
/// Without the lock (logind or polkit refuses it) the signal still arrives before the sleep, and
/// `sleep` runs then, but logind does not wait for it; the daemon says so once.
public final class SleepWatcher {
    private let bus: SystemBus
    private let logger: Logger
    private let onSleep: () -> Void
    private let onWake: () -> Void
    private var slot: OpaquePointer?
    private var inhibitor: Int32 = -1
    private var inhibiting = false
    private var refusalLogged = false
    /// Between PrepareForSleep(true) and PrepareForSleep(false).
    public private(set) var asleep = false

    /// Follows sleep on `bus` (connected now or later): `sleep` runs before the machine sleeps,
    /// `wake` after it resumes, both on the loop.
    public init(bus: SystemBus, logger: Logger, sleep: @escaping () -> Void, wake: @escaping () -> Void) {
        self.bus = bus
        self.logger = logger
        self.onSleep = sleep
        self.onWake = wake
        bus.attach(connected: { [weak self] in self?.connected($0) }, lost: { [weak self] in self?.lost() })
    }

    deinit { close() }

    /// Stops following sleep and releases the lock.
    public func close() {
        if let slot { sd_bus_slot_unref(slot) }
        slot = nil
        releaseLock()
    }

    private func connected(_ bus: OpaquePointer) {
        if let slot { sd_bus_slot_unref(slot) }
        slot = nil
        let rule = "type='signal',sender='org.freedesktop.login1',path='/org/freedesktop/login1',"
            + "interface='org.freedesktop.login1.Manager',member='PrepareForSleep'"
        do {
            slot = try BusMatch.add(bus, rule: rule) { [weak self] message in self?.received(message) }
        } catch {
            logger.warning("cannot follow logind's PrepareForSleep: \(error); transitions in flight are not ended before sleep")
        }
        // The bus went away across a sleep, and the resume was never heard: this runs, so it woke.
        if asleep { wake() } else { takeLock(bus) }
    }

    private func lost() {
        if let slot { sd_bus_slot_unref(slot) }
        slot = nil
        inhibiting = false // the reply will not come; the lock itself (a pipe) outlives the bus
    }

    private func received(_ message: OpaquePointer) {
        switch csystemd_read_prepare_for_sleep(message) {
        case 1:
            guard !asleep else { return }
            asleep = true
            onSleep()
            releaseLock()
        case 0:
            guard asleep else { return }
            wake()
        default:
            break
        }
    }

    private func wake() {
        asleep = false
        onWake()
        if let connection = bus.bus { takeLock(connection) }
    }

    private func takeLock(_ connection: OpaquePointer) {
        guard inhibitor < 0, !inhibiting else { return }
        let box = Unmanaged.passRetained(WeakSleepWatcher(self))
        let r = csystemd_inhibit_sleep_async(connection, "transitiond", "end the transitions in flight before sleeping", { message, userdata, _ in
            guard let userdata else { return 0 }
            let watcher = Unmanaged<WeakSleepWatcher>.fromOpaque(userdata).takeRetainedValue().watcher
            if let message { watcher?.received(lockReply: message) }
            return 0
        }, box.toOpaque())
        if r < 0 {
            box.release()
            refused(String(cString: strerror(-r)))
        } else {
            inhibiting = true
            bus.flush()
        }
    }

    private func received(lockReply message: OpaquePointer) {
        inhibiting = false
        var error: UnsafePointer<CChar>?
        let fd = csystemd_read_inhibit_reply(message, &error)
        guard fd >= 0 else {
            refused(error.map { String(cString: $0) } ?? String(cString: strerror(-fd)))
            return
        }
        if asleep || inhibitor >= 0 {
            Glibc.close(fd) // too late (the sleep began meanwhile), or a second one
            return
        }
        inhibitor = fd
        logger.debug("holding a delay inhibitor lock on sleep")
    }

    private func refused(_ why: String) {
        guard !refusalLogged else { return }
        refusalLogged = true
        logger.notice("logind gives no delay lock on sleep (\(why)): transitions in flight end when logind announces the sleep, without it waiting for them")
    }

    private func releaseLock() {
        if inhibitor >= 0 { Glibc.close(inhibitor) }
        inhibitor = -1
    }
}

/// The watcher an Inhibit call in flight answers to.
private final class WeakSleepWatcher {
    weak var watcher: SleepWatcher?
    init(_ watcher: SleepWatcher) { self.watcher = watcher }
}
