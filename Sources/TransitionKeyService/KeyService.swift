// SPDX-License-Identifier: MIT
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
/// Every request is decided again when it arrives: its peer's uid against the seat's active
/// session now, then the rate limit (one ``TokenBucket`` of key strokes for the service: only
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
    private var lastRateLogUs: UInt64 = 0
    private var rateRefusedSinceLog = 0

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
        let refused = refusal(peer.uid)
        core.admit(fd, credentials: peer) { KeyServiceConnection(connection: $0, service: self, user: user, refusedAtAccept: refused) }
    }

    /// Why `uid` may not press keys now; `nil` when it may.
    func refusal(_ uid: UInt32) -> (reason: KeyServiceRefusal, message: String)? {
        KeyServiceAccess.refusal(uid: uid, seat: seat, session: sessions?.current, logind: sessions != nil, unmappedUID: unmappedUID)
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
            logger.warning("\(connection.who): invalid request: \(error)")
            return .error(.invalid, error.description)
        }
        if let (reason, message) = refusal(connection.peer.uid) {
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
    private func logRateRefusal(_ connection: KeyServiceConnection, now: UInt64) {
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
