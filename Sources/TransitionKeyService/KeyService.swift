// SPDX-License-Identifier: MIT
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
/// Its connections go through the daemon's socket core (TransitionServer's `SocketCore`): the
/// same accept (with one pause when descriptors run out), peer credentials, admission (at most
/// ``maxConnectionsPerUID`` per uid, root's included, and ``maxConnections`` in all), bounded
/// output and deadlines as the daemon's sockets; what a connection says is its
/// ``KeyServiceConnection``'s. A peer (SO_PEERCRED) that may not press keys when it connects
/// (``KeyServiceAccess``, the daemon's ``DeliveryPolicy``) is answered at once and kept only to
/// log its request; to the admission it is idle, so any connection whose user may press keys
/// takes its place. A connection whose user may press keys counts as in use and never gives
/// way to another's; since at most two uids may press keys at once (root and the active
/// session's user) and `2 × perUID ≤ total`, the active user always finds a slot while they
/// have fewer than ``maxConnectionsPerUID`` open. A connection that completes no request within
/// ``idleSeconds`` of connecting or of its last request is closed.
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

    /// The socket core's settings for the service: its caps, no grace for a connection whose
    /// user may not press keys, and room for a few replies per connection.
    static var serverConfiguration: ServerConfiguration {
        ServerConfiguration(limits: ServerLimits(maxLineBytes: KeyServiceRequest.maxLineBytes, maxQueuedMessages: 16,
                                                 maxQueuedBytes: 64 << 10, requestTimeoutMs: idleSeconds * 1000),
                            maxClients: maxConnections, maxClientsPerUser: maxConnectionsPerUID, evictionGraceMs: 0,
                            maxTotalQueuedBytes: 1 << 20, serverName: "transitiond-keys")
    }

    private let loop: EventLoop
    private let listener: UnixListener
    private let keyboard: UinputKeyboard
    private let sessions: (any SessionSource)?
    private let seat: String
    let logger: Logger
    let core: SocketCore
    private var bucket: TokenBucket
    /// The uid SO_PEERCRED gives peers this user namespace does not map (none under systemd).
    private let unmappedUID = UserNamespaceMap.unmappedPeerUID()
    /// The active session's lock state, read for each request.
    private let lockReader = SessionLockReader()
    /// Refusals in the log (connections, requests, the rate limit): the first after a quiet 10 s
    /// at once, the rest summed up by user at the end of the 10 s.
    private var refusals = RefusalLog(intervalUs: 10_000_000, noun: "connections or requests")
    private var refusalsTimer: TimerID?

    /// A service on `listener` pressing keys on `keyboard`, for the active session of `seat` as
    /// `sessions` follows it (`nil`: no logind, so for root only).
    public init(loop: EventLoop, listener: UnixListener, keyboard: UinputKeyboard, sessions: (any SessionSource)?,
                seat: String, logger: Logger) {
        self.loop = loop; self.listener = listener; self.keyboard = keyboard; self.sessions = sessions
        self.seat = seat; self.logger = logger
        core = SocketCore(loop: loop, configuration: Self.serverConfiguration, logger: logger)
        core.describeRefusal = Self.describe
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
        try core.listen(on: listener.fd) { [unowned self] in accept($0) }
    }

    /// Closes every connection and stops following the seat.
    public func stop() {
        core.shutdown(message: "transitiond-keys is stopping")
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

    /// A connection accepted by the core: refused at once without peer credentials, else
    /// admitted as the core decides, refused at accept (answered, kept to log its request) when
    /// its user may not press keys now.
    private func accept(_ fd: Int32) {
        guard let peer = PeerCredentials(socket: fd) else {
            logger.warning("refused a connection: no peer credentials")
            close(fd)
            return
        }
        let user = Self.userName(peer.uid)
        // The peer process's logind session, read at accept, as close to connect as can be.
        let session = sessions != nil && peer.uid != 0 ? KeyServicePeerCheck.session(of: peer.pid) : nil
        let refused = refusal(uid: peer.uid, peer: session)
        core.admit(fd, credentials: peer) {
            KeyServiceConnection(connection: $0, service: self, user: user, session: session, refusedAtAccept: refused)
        }
    }

    /// Why a peer of `uid` in session `peer` may not press keys now (with `lock`, the lock state
    /// read for a request instead of the cached one); `nil` when it may.
    func refusal(uid: UInt32, peer: KeyServicePeerCheck.PeerSession?,
                 lock: KeyServiceAccess.LockState? = nil) -> (reason: KeyServiceRefusal, message: String)? {
        KeyServiceAccess.refusal(uid: uid, peer: peer, lock: lock, seat: seat,
                                 session: sessions?.current, logind: sessions != nil, unmappedUID: unmappedUID)
    }

    /// Why `connection`'s peer may not press keys now; `nil` when it may.
    func refusal(_ connection: KeyServiceConnection,
                 lock: KeyServiceAccess.LockState? = nil) -> (reason: KeyServiceRefusal, message: String)? {
        refusal(uid: connection.peer.uid, peer: connection.session, lock: lock)
    }

    /// What a connection refused at a cap is told.
    static func describe(_ limit: AdmissionPolicy.Limit) -> String {
        switch limit {
        case .perUser(let uid, let max): "uid \(uid) already has \(max) connections open, the most one user may have"
        case .global(let max): "the key service already has \(max) connections open"
        }
    }

    // MARK: Requests

    func handle(_ line: ArraySlice<UInt8>, from connection: KeyServiceConnection) -> KeyServiceReply {
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
            noteRefusal("refused \(request.strokes.count) key strokes from \(connection.who) session \(connection.sessionName): \(message)",
                        "requests", of: connection)
            return .error(reason, message)
        }
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
        logger.info("\(connection.who) session \(connection.sessionName): pressed \(request.strokes.count / 2) key\(request.strokes.count == 2 ? "" : "s")")
        logger.debug("\(connection.who): \(request.line.dropLast())")
        return .ok
    }

    /// Logs a refusal at once, or counts it for the summary (``RefusalLog``) under `kind` and
    /// the peer's uid ("connections of uid 1001 (31)"): whatever peers send, at most two lines
    /// per 10 s.
    func noteRefusal(_ line: String, _ kind: String, of connection: KeyServiceConnection) {
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
