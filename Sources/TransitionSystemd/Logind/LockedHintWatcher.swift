// SPDX-License-Identifier: MIT
import CSystemd
import Glibc
import TransitionIO
import Logging

/// Follows the `LockedHint` of logind's sessions over the system bus, which is the only place
/// it is published: logind keeps it in memory and announces changes with a D-Bus
/// `PropertiesChanged` signal; it is not in `/run/systemd/sessions/ID` and sd-login has no call
/// for it (systemd 252 and later alike).
///
/// On the daemon's ``SystemBus`` connection: a match on logind's `PropertiesChanged` for
/// sessions, and an asynchronous `Get` for a session not heard of yet. Nothing waits for a
/// reply and nothing runs on the input path: the input path reads ``locked(_:)``, a cached value.
/// When the bus drops, the hints stay as they were (a locked session stays locked: fail closed);
/// when it is back, or logind comes back on it (`NameOwnerChanged`), every session is asked
/// again (``LockedHints``).
final class LockedHintWatcher {
    private let bus: SystemBus
    private let logger: Logger
    private var slots: [OpaquePointer] = []
    private var state = LockedHints()
    /// Called with the session id whose hint changed (or became known).
    private let onChange: (String) -> Void

    static let sessionPrefix = "/org/freedesktop/login1/session"

    /// Follows hints on `bus` (connected now or later).
    init(bus: SystemBus, logger: Logger, onChange: @escaping (String) -> Void) {
        self.bus = bus
        self.logger = logger
        self.onChange = onChange
        bus.attach(connected: { [weak self] in self?.connected($0) }, lost: { [weak self] in self?.lost() })
    }

    deinit { releaseSlots() }

    /// The session's locked hint, when known.
    func locked(_ session: String) -> Bool? { state.locked(session) }

    /// Asks logind for the hints of `sessions` not known or asked for yet, and forgets the
    /// sessions not listed (they are gone).
    func follow(_ sessions: [String]) {
        for session in state.follow(sessions) { ask(session) }
        bus.flush()
    }

    /// Stops following (the source stops): the matches go; the connection stays the bus's.
    func close() {
        releaseSlots()
    }

    private func connected(_ bus: OpaquePointer) {
        releaseSlots()
        let properties = "type='signal',sender='org.freedesktop.login1',interface='org.freedesktop.DBus.Properties',"
            + "member='PropertiesChanged',arg0='org.freedesktop.login1.Session'"
        let owner = "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
            + "member='NameOwnerChanged',arg0='org.freedesktop.login1'"
        let handlers: [(String, (OpaquePointer) -> Void)] = [
            (properties, { [weak self] message in self?.received(signal: message) }),
            (owner, { [weak self] _ in self?.askAgain() }),
        ]
        for (rule, handler) in handlers {
            do throws(SystemError) {
                slots.append(try BusMatch.add(bus, rule: rule, handler))
            } catch {
                logger.warning("cannot follow logind's session locks on the system bus: \(error)")
            }
        }
        askAgain()
    }

    private func lost() {
        releaseSlots()
        state.busLost()
    }

    /// Every followed session, asked again (the bus or logind is back).
    private func askAgain() {
        for session in state.busRecovered() { ask(session) }
        bus.flush()
    }

    private func releaseSlots() {
        for slot in slots { sd_bus_slot_unref(slot) }
        slots = []
    }

    private func ask(_ session: String) {
        guard let connection = bus.bus, let path = Self.path(of: session) else { return }
        let box = Unmanaged.passRetained(PendingGet(watcher: self, session: session))
        let r = csystemd_get_locked_hint_async(connection, path, { message, userdata, _ in
            guard let userdata else { return 0 }
            let pending = Unmanaged<PendingGet>.fromOpaque(userdata).takeRetainedValue()
            if let message { pending.watcher?.received(reply: message, for: pending.session) }
            return 0
        }, box.toOpaque())
        if r < 0 {
            box.release()
            logger.warning("cannot ask logind whether session \(session) is locked: \(String(cString: strerror(-r)))")
        } else {
            state.didAsk(session)
        }
    }

    // MARK: Bus traffic

    private func received(signal message: OpaquePointer) {
        guard let rawPath = sd_bus_message_get_path(message), let session = Self.session(atPath: String(cString: rawPath)) else { return }
        var locked: Int32 = 0
        switch csystemd_read_locked_hint_change(message, &locked) {
        case 1: if state.set(session, locked != 0) { onChange(session) }
        case 2:
            if state.invalidated(session) { ask(session) }
            bus.flush()
        default: break
        }
    }

    private func received(reply message: OpaquePointer, for session: String) {
        let r = csystemd_read_locked_hint_reply(message)
        if r < 0 {
            // The session went away meanwhile, logind refused, or the bus dropped.
            logger.debug("logind did not say whether session \(session) is locked: \(String(cString: strerror(-r)))")
            _ = state.answered(session, locked: nil)
            return
        }
        if state.answered(session, locked: r == 1) { onChange(session) }
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
