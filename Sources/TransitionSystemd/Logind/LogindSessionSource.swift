// SPDX-License-Identifier: MIT
import CSystemd
import Glibc
public import TransitionIO
public import Logging
public import TransitionProtocol

/// The seat's active session, from logind, without polling and without D-Bus on the input path.
///
/// - Which session is active, and its user: `sd_seat_get_active(3)`, read again whenever an
///   `sd_login_monitor` (categories `seat` and `session`: logind rewrites `/run/systemd/seats/SEAT`
///   when the active session changes and `/run/systemd/sessions/ID` when a session changes) makes
///   its descriptor readable on the event loop.
/// - Whether it is locked: the session's `LockedHint`, which logind publishes only on the system
///   bus (``LockedHintWatcher``: a signal match and an asynchronous `Get`, also on the loop).
///   Without a system bus, sessions count as unlocked and the daemon says so once; when the bus
///   drops, a locked session stays locked until the bus is back and logind says otherwise.
///
/// Everything is read when logind announces a change; the input path only reads ``current``.
public final class LogindSessionSource: SessionSource {
    public let seat: String
    public private(set) var current: SessionInfo?
    private let logger: Logger
    private var loop: EventLoop?
    private var monitors: [OpaquePointer] = []
    private var watches: [WatchID] = []
    private var locks: LockedHintWatcher?
    private var sharedBus: SystemBus?
    private var ownBus: SystemBus?
    private var onChange: ((SessionInfo?) -> Void)?

    /// A source for `seat`; ``start(on:onChange:)`` begins following it. Locked hints come over
    /// `bus` (the daemon's system-bus connection), or over a connection of its own when `nil`.
    public init(seat: String, bus: SystemBus? = nil, logger: Logger = Logger(label: "transitiond.logind")) {
        self.seat = seat
        self.sharedBus = bus
        self.logger = logger
    }

    deinit { stop() }

    /// Whether logind runs: systemd is PID 1 (`sd_booted(3)`) and `/run/systemd/seats` exists,
    /// which is how systemd's own tools tell.
    public static func presence() -> LogindPresence {
        guard sd_booted() > 0 else { return .absent("systemd is not PID 1") }
        guard access("/run/systemd/seats/", F_OK) == 0 else { return .absent("/run/systemd/seats missing") }
        return .running
    }

    public func start(on loop: EventLoop, onChange: @escaping (SessionInfo?) -> Void) throws(SystemError) {
        stop()
        self.loop = loop
        self.onChange = onChange
        for category in ["seat", "session"] {
            var monitor: OpaquePointer?
            let r = sd_login_monitor_new(category, &monitor)
            guard r >= 0, let monitor else { stop(); throw SystemError("sd_login_monitor_new(\(category))", errno: -r) }
            monitors.append(monitor)
            let fd = sd_login_monitor_get_fd(monitor)
            guard fd >= 0 else { stop(); throw SystemError("sd_login_monitor_get_fd", errno: -fd) }
            do {
                watches.append(try loop.watch(fd: fd) { [unowned self] _ in
                    _ = sd_login_monitor_flush(monitor)
                    refresh()
                })
            } catch {
                stop()
                throw error
            }
        }
        let bus: SystemBus
        if let sharedBus {
            bus = sharedBus
        } else {
            bus = SystemBus(loop: loop, logger: logger)
            ownBus = bus
            bus.start()
        }
        locks = LockedHintWatcher(bus: bus, logger: logger) { [unowned self] session in
            if session == current?.id { refresh() }
        }
        current = read()
        locks?.follow(sessions())
    }

    public func stop() {
        if let loop { for watch in watches { loop.unwatch(watch) } }
        watches = []
        for monitor in monitors { sd_login_monitor_unref(monitor) }
        monitors = []
        locks?.close()
        locks = nil
        ownBus?.close()
        ownBus = nil
        onChange = nil
    }

    /// Reads the seat again and reports a change.
    private func refresh() {
        locks?.follow(sessions())
        let new = read()
        guard new != current else { return }
        current = new
        onChange?(new)
    }

    /// The seat's active session now.
    private func read() -> SessionInfo? {
        var id: UnsafeMutablePointer<CChar>?
        var uid: uid_t = 0
        guard sd_seat_get_active(seat, &id, &uid) >= 0, let id else { return nil }
        let session = String(cString: id)
        free(id)
        return SessionInfo(id: session, uid: uid, user: Self.userName(uid), locked: locks?.locked(session) ?? false,
                           sessionClass: Self.string { sd_session_get_class(session, &$0) },
                           state: Self.string { sd_session_get_state(session, &$0) })
    }

    /// The seat's sessions (for their locked hints).
    private func sessions() -> [String] {
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let n = sd_seat_get_sessions(seat, &list, nil, nil)
        guard n > 0, let list else { return [] }
        defer { free(list) }
        var result: [String] = []
        for i in 0..<Int(n) {
            guard let s = list[i] else { continue }
            result.append(String(cString: s))
            free(s)
        }
        return result
    }

    private static func string(_ call: (inout UnsafeMutablePointer<CChar>?) -> Int32) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard call(&value) >= 0, let value else { return nil }
        defer { free(value) }
        return String(cString: value)
    }

    private static func userName(_ uid: uid_t) -> String? {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }
}
