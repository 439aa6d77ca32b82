// SPDX-License-Identifier: MIT
import CLinux
import Glibc
public import Logging
import TransitionIO
import TransitionKeys
import TransitionLog
import TransitionProtocol
public import TransitionServer
public import TransitionSystemd

/// The uinput key service (`transitiond-keys`): presses ordinary keys (``KeyAllowList``) on its
/// ``UinputKeyboard`` for processes of the seat's active session, one request line at a time
/// (``KeyServiceRequest``), and answers each (``KeyServiceReply``).
///
/// A connection is decided when it is accepted: a peer (SO_PEERCRED) that may not press keys
/// then (``KeyServiceAccess``, the daemon's ``DeliveryPolicy``) is refused and answered at once
/// and never gets a slot, and the others get one of the ``KeyServiceSlots`` (per uid, in all,
/// and closed when idle).
/// Every request is decided again when it arrives: its keys against ``KeyAllowList``, its peer's
/// uid and session (``KeyServicePeerCheck``, read at accept) against the seat's active session
/// now, that session's lock state read from logind for it (``SessionLockReader``: fails closed),
/// then the rate limit (one ``TokenBucket`` of key strokes for the service: only
/// one user is ever served at a time). It is pressed whole or not at all, and the journal says
/// who sent it: uid, user, pid, session and how many strokes (the key codes only at debug level:
/// they can spell a password).
public final class KeyService {
    /// The rate limit: a burst of this many key strokes…
    public static let burst = 120
    /// …refilled at this many a second (30 chords of one modifier and one key a second).
    public static let strokesPerSecond = 60
    /// Connections open at once, in all: at the cap, one whose user may no longer press keys is
    /// closed to make room, else the new one is closed at once.
    public static let maxConnections = 32
    /// Connections open at once from one uid, root included; more are closed at once.
    public static let maxConnectionsPerUID = 4
    /// How long a connection may go without completing a request (after connecting or after
    /// its last request) before it is closed, in seconds.
    public static let idleSeconds = 5

    private let loop: EventLoop
    private let listener: UnixListener
    private let keyboard: UinputKeyboard
    private let sessions: (any SessionSource)?
    private let seat: String
    private let logger: Logger
    private var bucket: TokenBucket
    /// The active session's lock state, read for each request.
    private let lockReader = SessionLockReader()
    /// The uid SO_PEERCRED gives peers this user namespace does not map (none under systemd).
    private let unmappedUID = UserNamespaceMap.unmappedPeerUID()
    private var listenWatch: WatchID?
    private var connections: [Int32: Connection] = [:]
    /// The connections that may send requests.
    private var slots = KeyServiceSlots(total: maxConnections, perUID: maxConnectionsPerUID,
                                        idleUs: UInt64(idleSeconds) * 1_000_000)
    /// The connections refused at accept, answered, and kept only until their request comes, to
    /// log it, as many and as long at most as the slots (a full set never evicts: more are closed at once).
    private var refused = KeyServiceSlots(total: maxConnections, perUID: maxConnectionsPerUID,
                                          idleUs: UInt64(idleSeconds) * 1_000_000)
    /// Due when the first connection will have been idle too long; absent while none is open.
    private var idleTimer: TimerID?
    /// Refusals in the log (connections, requests, the rate limit): the first after a quiet 10 s
    /// at once, the rest summed up by user at the end of the 10 s.
    private var refusals = RefusalLog(intervalUs: 10_000_000, noun: "connections or requests")
    private var refusalsTimer: TimerID?

    private final class Connection {
        let fd: Int32
        let peer: PeerCredentials
        let user: String
        /// The peer process's logind session, read at accept (`nil`: root, or no logind).
        var session: KeyServicePeerCheck.PeerSession?
        var splitter = LineSplitter()
        var watch: WatchID?
        /// Why it was refused at accept: it was answered so, and is read only to log its request.
        var refusedMessage: String?
        init(fd: Int32, peer: PeerCredentials, user: String) { self.fd = fd; self.peer = peer; self.user = user }
        var who: String { "uid \(peer.uid) (\(user)) pid \(peer.pid)" }
        /// The session, for the journal.
        var sessionName: String {
            switch session {
            case .session(let id)?: id
            case .none?: "none"
            case nil: "-"
            }
        }
    }

    /// A service on `listener` pressing keys on `keyboard`, for the active session of `seat` as
    /// `sessions` follows it (`nil`: no logind, so for root only).
    public init(loop: EventLoop, listener: UnixListener, keyboard: UinputKeyboard, sessions: (any SessionSource)?,
                seat: String, logger: Logger) {
        self.loop = loop; self.listener = listener; self.keyboard = keyboard; self.sessions = sessions
        self.seat = seat; self.logger = logger
        bucket = TokenBucket(capacity: Double(Self.burst), perSecond: Double(Self.strokesPerSecond), nowUs: MonotonicClock.nowUs())
    }

    /// Starts following the seat and accepting connections.
    public func start() throws(SystemError) {
        var said = ""
        try sessions?.start(on: loop) { [unowned self] session in
            // The source also reports changes of the session's state and class: say only who is in front.
            let now = Self.describe(session)
            guard now != said else { return }
            said = now
            logger.info("\(seat): active session \(now)")
        }
        said = Self.describe(sessions?.current)
        listenWatch = try loop.watch(fd: listener.fd) { [unowned self] _ in acceptAll() }
    }

    /// Closes every connection and stops following the seat.
    public func stop() {
        if let listenWatch { loop.unwatch(listenWatch) }
        listenWatch = nil
        for fd in Array(connections.keys) { drop(fd) }
        sessions?.stop()
        if let refusalsTimer { loop.cancelTimer(refusalsTimer) }
        refusalsTimer = nil
    }

    /// The active session now, for the startup line.
    public var sessionDescription: String { sessions == nil ? "none (no logind)" : Self.describe(sessions?.current) }

    private static func describe(_ session: SessionInfo?) -> String {
        guard let session else { return "none" }
        return "\(session.id) of uid \(session.uid)\(session.user.map { " (\($0))" } ?? "")\(session.locked ? ", locked" : "")"
    }

    // MARK: Connections

    private func acceptAll() {
        while true {
            let fd = accept(listener.fd, nil, nil)
            guard fd >= 0 else {
                let error = clinux_errno()
                if error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM { pauseAccepting(error) }
                return
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            guard let peer = PeerCredentials(socket: fd) else {
                logger.warning("refused a connection: no peer credentials")
                close(fd)
                continue
            }
            let connection = Connection(fd: fd, peer: peer, user: Self.userName(peer.uid))
            if sessions != nil, peer.uid != 0 { connection.session = KeyServicePeerCheck.session(of: peer.pid) }
            let now = MonotonicClock.nowUs()
            if let (reason, message) = refusal(connection) {
                refuseAtAccept(connection, reason, message, nowUs: now)
                continue
            }
            switch slots.decide(uid: peer.uid, nowUs: now, mayPress: { refusal($0) == nil }) {
            case .admit:
                break
            case .evict(let victim, let limit):
                evict(victim, limit: limit)
            case .refuse(let limit):
                let message = Self.describe(limit)
                noteRefusal("refused a connection from \(connection.who): \(message)", "connections", of: connection)
                _ = WriteAll.write(fd, KeyServiceReply.error(.rateLimited, message).line, mode: .socket)
                close(fd)
                continue
            }
            if let error = keep(connection, in: \.slots, nowUs: now) {
                logger.error("cannot watch a connection: \(error)")
                close(fd)
                continue
            }
            logger.debug("\(connection.who) connected")
        }
    }

    /// Why `uid` may not press keys now (its user, not yet its process); `nil` when it may.
    private func refusal(_ uid: UInt32) -> (reason: KeyServiceRefusal, message: String)? {
        KeyServiceAccess.refusal(uid: uid, seat: seat, session: sessions?.current, logind: sessions != nil, unmappedUID: unmappedUID)
    }

    /// Why `connection`'s peer may not press keys now: its user and its process's session, and
    /// with `lock`, the lock state read for a request instead of the cached one; `nil` when it may.
    private func refusal(_ connection: Connection,
                         lock: KeyServiceAccess.LockState? = nil) -> (reason: KeyServiceRefusal, message: String)? {
        KeyServiceAccess.refusal(uid: connection.peer.uid, peer: connection.session, lock: lock, seat: seat,
                                 session: sessions?.current, logind: sessions != nil, unmappedUID: unmappedUID)
    }

    /// Refuses a connection whose user may not press keys: it never gets a slot. It is answered
    /// at once (one `error` line, then the service's end shut), and the journal says who was
    /// refused when its request comes, as for any refused request. Until then it is kept among
    /// the ``refused`` (no longer than a slot's idle bound), since closing it at once would make a
    /// client that writes its request just after connecting fail with EPIPE before it reads the
    /// answer; past their caps it is closed at once.
    private func refuseAtAccept(_ connection: Connection, _ reason: KeyServiceRefusal, _ message: String, nowUs: UInt64) {
        let fd = connection.fd
        connection.refusedMessage = message
        _ = WriteAll.write(fd, KeyServiceReply.error(reason, message).line, mode: .socket)
        _ = shutdown(fd, Int32(SHUT_WR))
        guard !readRefused(connection) else { close(fd); return }
        guard case .admit = refused.decide(uid: connection.peer.uid, nowUs: nowUs, mayPress: { _ in true }) else {
            noteRefusal("refused a connection from \(connection.who): \(message)", "connections", of: connection)
            close(fd)
            return
        }
        if keep(connection, in: \.refused, nowUs: nowUs) != nil {
            noteRefusal("refused a connection from \(connection.who): \(message)", "connections", of: connection)
            close(fd)
        }
    }

    /// Watches `connection` and keeps it in `pool` (``slots`` or ``refused``), under the idle
    /// timer. Returns the error when it cannot be watched (nothing is kept then).
    private func keep(_ connection: Connection, in pool: ReferenceWritableKeyPath<KeyService, KeyServiceSlots>,
                      nowUs: UInt64) -> SystemError? {
        let fd = connection.fd
        do {
            connection.watch = try loop.watch(fd: fd) { [unowned self] _ in readable(fd) }
        } catch {
            return error
        }
        connections[fd] = connection
        self[keyPath: pool].open(fd, uid: connection.peer.uid, nowUs: nowUs)
        armIdleTimer()
        return nil
    }

    /// Reads what a connection refused at accept sent; once it is a whole request line (or the
    /// peer is gone, or sent something else), logs the refusal, as for a request, and returns true.
    private func readRefused(_ connection: Connection) -> Bool {
        guard let message = connection.refusedMessage else { return true }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
        if n < 0 && (clinux_errno() == EAGAIN || clinux_errno() == EINTR) { return false }
        if n > 0 {
            connection.splitter.append(contentsOf: buffer[0..<n])
            if let line = connection.splitter.nextLine() {
                if let request = try? KeyServiceRequest(parsing: line) {
                    noteRefusal("refused \(request.strokes.count) key strokes from \(connection.who) session \(connection.sessionName): \(message)", "requests", of: connection)
                    return true
                }
            } else {
                connection.splitter.compact()
                guard connection.splitter.partialCount > KeyServiceRequest.maxLineBytes else { return false }
            }
        }
        noteRefusal("refused a connection from \(connection.who): \(message)", "connections", of: connection)
        return true
    }

    /// Closes `fd`, whose user may no longer press keys, to make room under `limit`.
    private func evict(_ fd: Int32, limit: AdmissionPolicy.Limit) {
        guard let victim = connections[fd] else { return }
        let (reason, why) = refusal(victim) ?? (.notActive, "uid \(victim.peer.uid) may no longer press keys")
        logger.notice("closed the connection of \(victim.who) to make room (\(Self.describe(limit))): \(why)")
        _ = reply(.error(reason, "\(why): closed to make room for another connection"), to: victim)
        drop(fd)
    }

    private static func describe(_ limit: AdmissionPolicy.Limit) -> String {
        switch limit {
        case .perUser(let uid, let max): "uid \(uid) already has \(max) connections open, the most one user may have"
        case .global(let max): "the key service already has \(max) connections open"
        }
    }

    /// Keeps one loop timer at the first idle deadline while any connection is open.
    private func armIdleTimer() {
        guard idleTimer == nil, let due = [slots.nextIdleDeadlineUs, refused.nextIdleDeadlineUs].compactMap(\.self).min() else { return }
        idleTimer = loop.schedule(atUs: due) { [unowned self] in
            idleTimer = nil
            closeIdle()
        }
    }

    /// Closes the connections that completed no request within ``idleSeconds``.
    private func closeIdle() {
        let now = MonotonicClock.nowUs()
        for fd in slots.idle(nowUs: now) {
            guard let connection = connections[fd] else { slots.close(fd); continue }
            let message = "no complete request within \(Self.idleSeconds) s"
            logger.notice("closed the connection of \(connection.who): \(message)")
            _ = reply(.error(.invalid, "\(message): closed"), to: connection)
            drop(fd)
        }
        for fd in refused.idle(nowUs: now) {
            guard let connection = connections[fd] else { refused.close(fd); continue }
            noteRefusal("refused a connection from \(connection.who): \(connection.refusedMessage ?? "")", "connections", of: connection)
            drop(fd)
        }
        armIdleTimer()
    }

    /// Out of descriptors or memory: stop watching the listener for a second rather than spin.
    private func pauseAccepting(_ error: Int32) {
        guard let watch = listenWatch else { return }
        logger.error("accept: \(String(cString: strerror(error))); pausing accepts for 1 s")
        loop.unwatch(watch)
        listenWatch = nil
        _ = loop.schedule(atUs: MonotonicClock.nowUs() + 1_000_000) { [weak self] in
            guard let self, listenWatch == nil else { return }
            listenWatch = try? loop.watch(fd: listener.fd) { [unowned self] _ in acceptAll() }
        }
    }

    private func readable(_ fd: Int32) {
        guard let connection = connections[fd] else { return }
        guard connection.refusedMessage == nil else {
            if readRefused(connection) { drop(fd) }
            return
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 && (clinux_errno() == EAGAIN || clinux_errno() == EINTR) { return }
        guard n > 0 else { drop(fd); return }
        connection.splitter.append(contentsOf: buffer[0..<n])
        while let line = connection.splitter.nextLine() {
            guard reply(handle(line, from: connection), to: connection) else { return }
            slots.completedRequest(fd, nowUs: MonotonicClock.nowUs())
        }
        connection.splitter.compact()
        if connection.splitter.partialCount > KeyServiceRequest.maxLineBytes {
            logger.warning("\(connection.who): \(KeyServiceRequestError.tooLong); disconnected")
            _ = reply(.error(.invalid, KeyServiceRequestError.tooLong.description), to: connection)
            drop(fd)
        }
    }

    /// Writes the reply; drops the connection and returns false when it cannot.
    private func reply(_ reply: KeyServiceReply, to connection: Connection) -> Bool {
        guard WriteAll.write(connection.fd, reply.line, mode: .socket) == nil else {
            drop(connection.fd)
            return false
        }
        return true
    }

    private func drop(_ fd: Int32) {
        guard let connection = connections.removeValue(forKey: fd) else { return }
        if let watch = connection.watch { loop.unwatch(watch) }
        close(fd)
        slots.close(fd)
        refused.close(fd)
        if slots.slots.isEmpty, refused.slots.isEmpty, let idleTimer {
            loop.cancelTimer(idleTimer)
            self.idleTimer = nil
        }
    }

    // MARK: Requests

    private func handle(_ line: ArraySlice<UInt8>, from connection: Connection) -> KeyServiceReply {
        let request: KeyServiceRequest
        do {
            request = try KeyServiceRequest(parsing: line)
        } catch {
            noteRefusal("\(connection.who): invalid request: \(error)", "invalid requests", of: connection)
            return .error(.invalid, error.description)
        }
        if let refused = KeyAllowList.refusal(request.strokes) {
            noteRefusal("refused \(request.strokes.count) key strokes from \(connection.who): \(refused)", "requests", of: connection)
            return .error(.notAllowed, refused.description)
        }
        // Who asks (uid and session), then the lock state, read from logind now.
        var decision = refusal(connection, lock: .unlocked)
        if decision == nil, connection.peer.uid != 0, let active = sessions?.current {
            decision = refusal(connection, lock: lockReader.state(of: active.id))
        }
        if let (reason, message) = decision {
            noteRefusal("refused \(request.strokes.count) key strokes from \(connection.who) session \(connection.sessionName): \(message)", "requests", of: connection)
            return .error(reason, message)
        }
        let session = sessions?.current?.id
        let now = MonotonicClock.nowUs()
        guard bucket.take(request.strokes.count, nowUs: now) else {
            noteRefusal("rate limit: refused \(request.strokes.count) key strokes from \(connection.who)", "rate-limited requests", of: connection)
            let wait = bucket.waitUs(for: request.strokes.count, nowUs: now).map { "retry in \(($0 + 999) / 1000) ms" }
                ?? "a request has at most \(Self.burst) strokes"
            return .error(.rateLimited, "more than \(Self.burst) key strokes at once or \(Self.strokesPerSecond) a second: \(wait)")
        }
        do {
            try keyboard.send(request.strokes)
        } catch {
            logger.error("\(connection.who): \(error)")
            return .error(.device, error.description)
        }
        logger.info("\(connection.who) session \(session ?? "none"): pressed \(request.strokes.count / 2) key\(request.strokes.count == 2 ? "" : "s")")
        logger.debug("\(connection.who): \(request.line.dropLast())")
        return .ok
    }

    /// Logs a refusal at once, or counts it for the summary (``RefusalLog``) under `kind` and
    /// the peer's uid ("connections of uid 1001 (31)"): whatever peers send, at most two lines
    /// per 10 s.
    private func noteRefusal(_ line: String, _ kind: String, of connection: Connection) {
        let now = MonotonicClock.nowUs()
        if let line = refusals.record(line, what: "\(kind) of uid \(connection.peer.uid)", nowUs: now) { logger.notice("\(line)") }
        guard refusalsTimer == nil, let due = refusals.summaryDueUs else { return }
        refusalsTimer = loop.schedule(atUs: due) { [unowned self] in
            refusalsTimer = nil
            if let summary = refusals.summary(nowUs: MonotonicClock.nowUs()) { logger.notice("\(summary)") }
        }
    }

    private static func userName(_ uid: UInt32) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "?" }
        return String(cString: name)
    }
}
