// SPDX-License-Identifier: MIT
import CLinux
import Glibc
public import Logging
import TransitionIO
import TransitionKeys
import TransitionProtocol
public import TransitionServer

/// The uinput key service (`transitiond-keys`): presses keys on its ``UinputKeyboard`` for the
/// user of the seat's active session, one request line at a time (``KeyServiceRequest``), and
/// answers each (``KeyServiceReply``).
///
/// Every request is decided when it arrives: its peer's uid (SO_PEERCRED, read at connect)
/// against the seat's active session now (``KeyServiceAccess``, the daemon's ``DeliveryPolicy``),
/// then the rate limit (one ``TokenBucket`` of key strokes for the service: only one user is
/// ever served at a time). It is pressed whole or not at all, and the journal says who sent it:
/// uid, user, pid, session and how many strokes (the key codes only at debug level: they can spell a password).
public final class KeyService {
    /// The rate limit: a burst of this many key strokes…
    public static let burst = 120
    /// …refilled at this many a second (30 chords of one modifier and one key a second).
    public static let strokesPerSecond = 60
    /// Connections open at once; more are closed at once.
    public static let maxConnections = 32

    private let loop: EventLoop
    private let listener: UnixListener
    private let keyboard: UinputKeyboard
    private let sessions: (any SessionSource)?
    private let seat: String
    private let logger: Logger
    private var bucket: TokenBucket
    /// The uid SO_PEERCRED gives peers this user namespace does not map (none under systemd).
    private let unmappedUID = UserNamespaceMap.unmappedPeerUID()
    private var listenWatch: WatchID?
    private var connections: [Int32: Connection] = [:]
    private var lastRateLogUs: UInt64 = 0
    private var rateRefusedSinceLog = 0

    private final class Connection {
        let fd: Int32
        let peer: PeerCredentials
        let user: String
        var splitter = LineSplitter()
        var watch: WatchID?
        init(fd: Int32, peer: PeerCredentials, user: String) { self.fd = fd; self.peer = peer; self.user = user }
        var who: String { "uid \(peer.uid) (\(user)) pid \(peer.pid)" }
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
            guard connections.count < Self.maxConnections, let peer = PeerCredentials(socket: fd) else {
                logger.warning("refused a connection: \(connections.count) are open (at most \(Self.maxConnections))")
                close(fd)
                continue
            }
            let connection = Connection(fd: fd, peer: peer, user: Self.userName(peer.uid))
            do {
                connection.watch = try loop.watch(fd: fd) { [unowned self] _ in readable(fd) }
            } catch {
                logger.error("cannot watch a connection: \(error)")
                close(fd)
                continue
            }
            connections[fd] = connection
            logger.debug("\(connection.who) connected")
        }
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
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 && (clinux_errno() == EAGAIN || clinux_errno() == EINTR) { return }
        guard n > 0 else { drop(fd); return }
        connection.splitter.append(contentsOf: buffer[0..<n])
        while let line = connection.splitter.nextLine() {
            guard reply(handle(line, from: connection), to: connection) else { return }
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
    }

    // MARK: Requests

    private func handle(_ line: ArraySlice<UInt8>, from connection: Connection) -> KeyServiceReply {
        let request: KeyServiceRequest
        do {
            request = try KeyServiceRequest(parsing: line)
        } catch {
            logger.warning("\(connection.who): invalid request: \(error)")
            return .error(.invalid, error.description)
        }
        if let (reason, message) = KeyServiceAccess.refusal(
            uid: connection.peer.uid, seat: seat, session: sessions?.current, logind: sessions != nil, unmappedUID: unmappedUID) {
            logger.notice("refused \(request.strokes.count) key strokes from \(connection.who): \(message)")
            return .error(reason, message)
        }
        let session = sessions?.current?.id
        let now = MonotonicClock.nowUs()
        guard bucket.take(request.strokes.count, nowUs: now) else {
            logRateRefusal(connection, now: now)
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

    /// Says so at most once a second, with how many were refused in between.
    private func logRateRefusal(_ connection: Connection, now: UInt64) {
        rateRefusedSinceLog += 1
        guard now >= lastRateLogUs + 1_000_000 else { return }
        logger.warning("rate limit: refused \(rateRefusedSinceLog) request(s), the last from \(connection.who)")
        lastRateLogUs = now
        rateRefusedSinceLog = 0
    }

    private static func userName(_ uid: UInt32) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "?" }
        return String(cString: name)
    }
}
