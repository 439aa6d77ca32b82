// SPDX-License-Identifier: MIT
import CSystemd
import Glibc
public import TransitionIO
public import Logging

/// The daemon's one connection to the system bus, on the event loop, kept up: when dbus-daemon
/// goes away (a restart, a crash) the connection is dropped and opened again with backoff
/// (``ReconnectBackoff``, loop timers: no busy waiting). Its users (``LockedHintWatcher``,
/// ``SleepWatcher``) register with ``attach(connected:lost:)``: `connected` runs on every new
/// connection (add matches, ask again), `lost` when it drops. The loss and the recovery are
/// logged once each.
///
/// Nothing here waits for the bus: sd-bus's descriptor is one more watch on the loop, and
/// sd-bus's own timeout (replies that never come) one more loop timer.
public final class SystemBus {
    private let loop: EventLoop
    private let logger: Logger
    private let open: () -> (bus: OpaquePointer?, error: Int32)
    /// The connection, `nil` while there is none.
    private(set) var bus: OpaquePointer?
    private var watch: WatchID?
    private var watchedEvents: IOEvents = .readable
    private var timer: TimerID?
    private var timerDeadline: UInt64?
    private var retry: TimerID?
    private var backoff = ReconnectBackoff()
    private var users: [(connected: (OpaquePointer) -> Void, lost: () -> Void)] = []
    /// Set when a connection was lost (or never made), until one is made again: what to log then.
    private var outage: (since: UInt64, reason: String)?
    private var closed = false

    /// A connection to the system bus (`sd_bus_open_system`), not opened yet: ``start()``.
    public convenience init(loop: EventLoop, logger: Logger) {
        self.init(loop: loop, logger: logger) {
            var bus: OpaquePointer?
            let r = sd_bus_open_system(&bus)
            return (r >= 0 ? bus : nil, r < 0 ? -r : 0)
        }
    }

    /// A connection made by `open` (tests point it at a private bus).
    init(loop: EventLoop, logger: Logger, open: @escaping () -> (bus: OpaquePointer?, error: Int32)) {
        self.loop = loop
        self.logger = logger
        self.open = open
    }

    deinit { close() }

    /// Connects now; when that fails, logs why and tries again later (so a daemon started before
    /// dbus-daemon finds the bus once it is there). Returns whether it connected now.
    @discardableResult
    public func start() -> Bool {
        guard bus == nil, retry == nil, !closed else { return bus != nil }
        return connect()
    }

    /// Registers a user of the connection: `connected` now if the bus is up, and on every
    /// reconnection; `lost` whenever it drops (before sd-bus's handle goes: release slots there).
    func attach(connected: @escaping (OpaquePointer) -> Void, lost: @escaping () -> Void) {
        users.append((connected, lost))
        if let bus {
            connected(bus)
            updateInterest()
        }
    }

    /// Call after queueing messages on the bus: polls for writing and arms sd-bus's timeout.
    func flush() { updateInterest() }

    /// Drops the connection for good (the daemon stops).
    public func close() {
        closed = true
        if let retry { loop.cancelTimer(retry) }
        retry = nil
        disconnect(notify: false)
        users = []
    }

    // MARK: Connecting

    private func connect() -> Bool {
        let (opened, error) = open()
        guard let opened else {
            retryLater(error == 0 ? "sd_bus_open_system failed" : String(cString: strerror(error)))
            return false
        }
        bus = opened
        let fd = sd_bus_get_fd(opened)
        do {
            guard fd >= 0 else { throw SystemError("sd_bus_get_fd", errno: -fd) }
            watchedEvents = .readable
            watch = try loop.watch(fd: fd, events: .readable) { [unowned self] _ in process() }
        } catch {
            disconnect(notify: false)
            retryLater("\(error)")
            return false
        }
        if let outage {
            let seconds = Double(MonotonicClock.nowUs() &- outage.since) / 1_000_000
            logger.notice("system bus: connected again after \(Self.format(seconds)) s (\(backoff.attempts) attempts): following logind again")
        }
        outage = nil
        backoff.reset()
        for user in users { user.connected(opened) }
        updateInterest()
        return true
    }

    private func retryLater(_ reason: String) {
        if outage == nil {
            outage = (MonotonicClock.nowUs(), reason)
            logger.error("system bus: cannot connect (\(reason)): session locks and sleep are not followed until it is back; retrying")
        } else {
            logger.debug("system bus: still away (\(reason))")
        }
        let delay = backoff.nextDelayUs()
        retry = loop.schedule(atUs: MonotonicClock.nowUs() + delay) { [unowned self] in
            retry = nil
            if !closed { _ = connect() }
        }
    }

    /// The connection broke: tells the users, drops it, and reconnects later.
    private func lose(_ reason: String) {
        disconnect(notify: true)
        outage = (MonotonicClock.nowUs(), reason)
        // dbus-daemon drops a peer whose uid it cannot resolve, such as a DynamicUser= uid
        // (systemd#22737): the unit's User= is a static user from sysusers.d for this.
        logger.error("system bus: connection lost (\(reason)): session locks and sleep are not followed until it is back (a locked session stays paused); reconnecting. If this happens at startup, dbus-daemon could not resolve this process's uid (a DynamicUser= uid without a static user of that name: see docs/service.md)")
        let delay = backoff.nextDelayUs()
        retry = loop.schedule(atUs: MonotonicClock.nowUs() + delay) { [unowned self] in
            retry = nil
            if !closed { _ = connect() }
        }
    }

    private func disconnect(notify: Bool) {
        if let watch { loop.unwatch(watch) }
        watch = nil
        if let timer { loop.cancelTimer(timer) }
        timer = nil
        timerDeadline = nil
        guard let bus else { return }
        if notify { for user in users { user.lost() } }
        sd_bus_flush_close_unref(bus)
        self.bus = nil
    }

    // MARK: Traffic

    /// Lets sd-bus read, write and dispatch whatever is ready, then polls for what it wants next.
    private func process() {
        while let bus {
            let r = sd_bus_process(bus, nil)
            if r < 0 {
                lose(String(cString: strerror(-r)))
                return
            }
            if r == 0 { break }
        }
        updateInterest()
    }

    private func updateInterest() {
        guard let bus, let watch else { return }
        if sd_bus_is_open(bus) <= 0 {
            // Closing (a send failed): sd-bus wants to be processed now, to dispatch its
            // Disconnected and fail the pending calls; process() then finds it closed.
            scheduleProcessing(at: MonotonicClock.nowUs())
            return
        }
        let wanted = sd_bus_get_events(bus)
        var events: IOEvents = []
        if wanted >= 0 {
            if wanted & Int32(POLLIN) != 0 { events.insert(.readable) }
            if wanted & Int32(POLLOUT) != 0 { events.insert(.writable) }
        }
        if events != watchedEvents {
            do {
                try loop.modify(watch, events: events)
                watchedEvents = events
            } catch {
                logger.error("cannot poll the system bus: \(error)")
            }
        }
        var usec: UInt64 = 0
        let r = sd_bus_get_timeout(bus, &usec)
        scheduleProcessing(at: Self.deadline(timeoutResult: r, usec: usec, nowUs: MonotonicClock.nowUs()))
    }

    private func scheduleProcessing(at deadline: UInt64?) {
        guard deadline != timerDeadline else { return }
        if let timer { loop.cancelTimer(timer) }
        timer = nil
        timerDeadline = deadline
        if let deadline {
            timer = loop.schedule(atUs: deadline) { [unowned self] in
                timer = nil
                timerDeadline = nil
                process()
            }
        }
    }

    /// The loop deadline for what `sd_bus_get_timeout` returned: `nil` for none (an error, or
    /// `UINT64_MAX`), and for 0 — which sd-bus returns when it must be processed at once, e.g.
    /// once a send failed and the bus is closing — now, never the bare 0.
    static func deadline(timeoutResult r: Int32, usec: UInt64, nowUs: UInt64) -> UInt64? {
        guard r > 0, usec != UInt64.max else { return nil }
        return usec == 0 ? nowUs : usec
    }

    private static func format(_ seconds: Double) -> String {
        String(Double((seconds * 10).rounded()) / 10)
    }
}
