// SPDX-License-Identifier: MIT
import CSystemd
import Glibc
import Logging

/// Follows the `LockedHint` of logind's sessions over the system bus, which is the only place
/// it is published: logind keeps it in memory and announces changes with a D-Bus
/// `PropertiesChanged` signal; it is not in `/run/systemd/sessions/ID` and sd-login has no call
/// for it (systemd 252 and later alike).
///
/// The bus is one more descriptor on the event loop: a match on logind's `PropertiesChanged`
/// for sessions, and an asynchronous `Get` for a session not heard of yet. Nothing waits for a
/// reply and nothing runs on the input path: the input path reads ``locked(_:)``, a cached value.
final class LockedHintWatcher {
    private let loop: EventLoop
    private let logger: Logger
    private var bus: OpaquePointer?
    private var matchSlot: OpaquePointer?
    private var watch: WatchID?
    private var watchedEvents: IOEvents = .readable
    private var timer: TimerID?
    private var timerDeadline: UInt64?
    /// Session id → locked hint, from replies and signals.
    private var hints: [String: Bool] = [:]
    private var asked: Set<String> = []
    /// Called with the session id whose hint changed (or became known).
    private let onChange: (String) -> Void

    static let sessionPrefix = "/org/freedesktop/login1/session"

    /// Connects to the system bus and subscribes to logind's session property changes; throws
    /// when there is no system bus (then no locked hint can be followed).
    init(loop: EventLoop, logger: Logger, onChange: @escaping (String) -> Void) throws(SystemError) {
        self.loop = loop
        self.logger = logger
        self.onChange = onChange
        var bus: OpaquePointer?
        let r = sd_bus_open_system(&bus)
        guard r >= 0, let bus else { throw SystemError("sd_bus_open_system", errno: -r) }
        self.bus = bus
        let match = "type='signal',sender='org.freedesktop.login1',interface='org.freedesktop.DBus.Properties',"
            + "member='PropertiesChanged',arg0='org.freedesktop.login1.Session'"
        let added = sd_bus_add_match_async(bus, &matchSlot, match, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            Unmanaged<LockedHintWatcher>.fromOpaque(userdata).takeUnretainedValue().received(signal: message)
            return 0
        }, nil, Unmanaged.passUnretained(self).toOpaque())
        guard added >= 0 else { close(); throw SystemError("sd_bus_add_match_async", errno: -added) }
        let fd = sd_bus_get_fd(bus)
        guard fd >= 0 else { close(); throw SystemError("sd_bus_get_fd", errno: -fd) }
        do {
            watch = try loop.watch(fd: fd, events: .readable) { [unowned self] _ in process() }
        } catch {
            close()
            throw error
        }
        updateInterest()
    }

    deinit { close() }

    /// The session's locked hint, when known.
    func locked(_ session: String) -> Bool? { hints[session] }

    /// Asks logind for the hints of `sessions` not known or asked for yet, and forgets the
    /// sessions not listed (they are gone).
    func follow(_ sessions: [String]) {
        let keep = Set(sessions)
        hints = hints.filter { keep.contains($0.key) }
        asked.formIntersection(keep)
        for session in sessions where hints[session] == nil && !asked.contains(session) { ask(session) }
        updateInterest()
    }

    private func ask(_ session: String) {
        guard let bus, let path = Self.path(of: session) else { return }
        let box = Unmanaged.passRetained(PendingGet(watcher: self, session: session))
        let r = csystemd_get_locked_hint_async(bus, path, { message, userdata, _ in
            guard let userdata else { return 0 }
            let pending = Unmanaged<PendingGet>.fromOpaque(userdata).takeRetainedValue()
            if let message { pending.watcher?.received(reply: message, for: pending.session) }
            return 0
        }, box.toOpaque())
        if r < 0 {
            box.release()
            logger.warning("cannot ask logind whether session \(session) is locked: \(String(cString: strerror(-r)))")
        } else {
            asked.insert(session)
        }
    }

    /// Drops the bus and everything on the loop.
    func close() {
        if let watch { loop.unwatch(watch) }
        watch = nil
        if let timer { loop.cancelTimer(timer) }
        timer = nil
        if let matchSlot { sd_bus_slot_unref(matchSlot) }
        matchSlot = nil
        if let bus { sd_bus_flush_close_unref(bus) }
        bus = nil
    }

    // MARK: Bus traffic

    private func received(signal message: OpaquePointer) {
        guard let rawPath = sd_bus_message_get_path(message), let session = Self.session(atPath: String(cString: rawPath)) else { return }
        var locked: Int32 = 0
        switch csystemd_read_locked_hint_change(message, &locked) {
        case 1: set(session, locked != 0)
        case 2:
            hints[session] = nil
            if !asked.contains(session) { ask(session) }
            updateInterest()
        default: break
        }
    }

    private func received(reply message: OpaquePointer, for session: String) {
        asked.remove(session)
        let r = csystemd_read_locked_hint_reply(message)
        if r < 0 {
            // The session went away meanwhile (or logind refused): nothing to follow.
            logger.debug("logind did not say whether session \(session) is locked: \(String(cString: strerror(-r)))")
            return
        }
        set(session, r == 1)
    }

    private func set(_ session: String, _ locked: Bool) {
        guard hints[session] != locked else { return }
        hints[session] = locked
        onChange(session)
    }

    /// Lets sd-bus read, write and dispatch whatever is ready, then polls for what it wants next.
    private func process() {
        guard let bus else { return }
        while true {
            let r = sd_bus_process(bus, nil)
            if r < 0 {
                // dbus-daemon drops a peer whose uid it cannot resolve, such as a DynamicUser= uid
                // (systemd#22737): the unit's User= is a static user from sysusers.d for this.
                logger.error("lost the system bus (\(String(cString: strerror(-r)))): session locks are no longer followed; if this happens at startup, dbus-daemon could not resolve this process's uid (a DynamicUser= uid without a static user of that name: see docs/service.md)")
                close()
                return
            }
            if r == 0 { break }
        }
        updateInterest()
    }

    private func updateInterest() {
        guard let bus, let watch else { return }
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
        let deadline: UInt64? = sd_bus_get_timeout(bus, &usec) > 0 && usec != UInt64.max ? usec : nil
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

    // MARK: Object paths

    /// `/org/freedesktop/login1/session/c2` (with sd-bus's escaping, `_33` for `3`).
    static func path(of session: String) -> String? {
        var path: UnsafeMutablePointer<CChar>?
        guard sd_bus_path_encode(sessionPrefix, session, &path) >= 0, let path else { return nil }
        defer { free(path) }
        return String(cString: path)
    }

    /// The session id of a session object path.
    static func session(atPath path: String) -> String? {
        var id: UnsafeMutablePointer<CChar>?
        guard sd_bus_path_decode(path, sessionPrefix, &id) > 0, let id else { return nil }
        defer { free(id) }
        return String(cString: id)
    }
}

/// A `Get` in flight: which session it asks about. Retained by the call until its reply.
private final class PendingGet {
    weak var watcher: LockedHintWatcher?
    let session: String
    init(watcher: LockedHintWatcher, session: String) { self.watcher = watcher; self.session = session }
}
