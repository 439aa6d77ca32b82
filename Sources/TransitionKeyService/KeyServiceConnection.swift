// SPDX-License-Identifier: MIT
import Glibc
import Logging
import TransitionIO
import TransitionKeys
import TransitionProtocol
import TransitionServer

/// One connection to the uinput key service, over the socket core: its request lines, each
/// answered (``KeyService/handle(_:from:)``), and its last line when the core closes it. A
/// connection refused at accept was answered at once and is read only to log its request.
final class KeyServiceConnection: ConnectionHandler {
    /// Strong: the core replaces the connection's handler when it closes, which ends the cycle.
    let connection: ClientConnection
    unowned let service: KeyService
    /// The peer's user name, for the log.
    let user: String
    /// The peer process's logind session, read at accept (`nil`: root, or no logind).
    let session: KeyServicePeerCheck.PeerSession?
    /// Why it was refused at accept (answered so, and read only to log its request).
    let refusedAtAccept: (reason: KeyServiceRefusal, message: String)?
    /// Its refusal is in the log already.
    private var refusalLogged = false
    private var splitter = LineSplitter()

    init(connection: ClientConnection, service: KeyService, user: String, session: KeyServicePeerCheck.PeerSession?,
         refusedAtAccept: (reason: KeyServiceRefusal, message: String)?) {
        self.connection = connection
        self.service = service
        self.user = user
        self.session = session
        self.refusedAtAccept = refusedAtAccept
    }

    var peer: PeerCredentials { connection.credentials }
    var who: String { "uid \(peer.uid) (\(user)) pid \(peer.pid)" }
    /// The peer's session for the journal (``KeyServicePeerCheck/PeerSession/journalName``);
    /// `-` where it is not asked: root, or no logind.
    var sessionName: String { session?.journalName ?? "-" }
    private var core: SocketCore { service.core }
    private var logger: Logger { service.logger }

    // MARK: ConnectionHandler

    /// Its user may press keys now: in use, never closed to make room for another's connection.
    var isStreaming: Bool { refusedAtAccept == nil && service.refusal(self) == nil }

    /// Admitted: a refused one is answered at once (one `error` line, then its write side shut);
    /// every one must complete a request within ``KeyService/idleSeconds``. A refused one is kept
    /// until its request comes, since closing it at once would make a client that writes its
    /// request just after connecting fail with EPIPE before it reads the answer.
    func opened(nowUs: UInt64) {
        if let refused = refusedAtAccept {
            core.write(Array(KeyServiceReply.error(refused.reason, refused.message).line.utf8), to: connection)
            guard !connection.isClosed else { return }   // the peer was gone already
            if connection.isIdle { _ = shutdown(connection.fd, Int32(SHUT_WR)) }
        } else {
            logger.debug("\(who) connected")
        }
        armIdleDeadline(nowUs: nowUs)
    }

    func received() {
        splitter.append(contentsOf: connection.inbox)
        connection.inbox.removeAll(keepingCapacity: true)
        if let refused = refusedAtAccept {
            // One request line is all it may send: log it as a refused request, and close.
            if let line = splitter.nextLine() {
                if let request = try? KeyServiceRequest(parsing: line) {
                    service.noteRefusal("refused \(request.strokes.count) key strokes from \(who) session \(sessionName): \(refused.message)",
                                        "requests", of: self)
                    refusalLogged = true
                }
                core.close(connection, because: "refused at accept: \(refused.message)")
            } else if splitter.partialCount > KeyServiceRequest.maxLineBytes {
                core.close(connection, because: "refused at accept: \(refused.message)")
            }
            return
        }
        while let line = splitter.nextLine() {
            let reply = service.handle(line, from: self)
            core.write(Array(reply.line.utf8), to: connection)
            guard !connection.isClosed else { return }
            connection.lastActiveUs = MonotonicClock.nowUs()
            armIdleDeadline(nowUs: connection.lastActiveUs)
        }
        splitter.compact()
        if splitter.partialCount > KeyServiceRequest.maxLineBytes {
            logger.warning("\(who): \(KeyServiceRequestError.tooLong); disconnected")
            core.disconnect(connection, reason: .lineTooLong, message: KeyServiceRequestError.tooLong.description)
        }
    }

    /// Its last line, as the core closes it: why, in the service's words.
    func farewell(_ reason: GoodbyeReason, message: String) {
        guard refusedAtAccept == nil else { return }   // answered at accept, its write side shut
        let last: KeyServiceReply
        switch reason {
        case .requestTimeout:
            logger.notice("closed the connection of \(who): \(message)")
            last = .error(.invalid, "\(message): closed")
        case .tooManyClients:
            service.noteRefusal("refused a connection from \(who): \(message)", "connections", of: self)
            last = .error(.rateLimited, message)
        case .evicted:
            let (refusal, why) = service.refusal(self) ?? (.notActive, "uid \(peer.uid) may no longer press keys")
            logger.notice("closed the connection of \(who) to make room: \(why)")
            last = .error(refusal, "\(why): closed to make room for another connection")
        case .lineTooLong:
            last = .error(.invalid, message)
        default:
            return
        }
        connection.queueWhole(Array(last.line.utf8))
    }

    func deliveryChanged(from old: ClientDelivery, nowUs: UInt64) {}

    /// A connection refused at accept that sent no request: its refusal is logged now.
    func closed() {
        guard let refused = refusedAtAccept, !refusalLogged else { return }
        refusalLogged = true
        service.noteRefusal("refused a connection from \(who): \(refused.message)", "connections", of: self)
    }

    /// Closes it unless it completes a request within ``KeyService/idleSeconds`` from `nowUs`.
    private func armIdleDeadline(nowUs: UInt64) {
        core.setDeadline(of: connection, atUs: nowUs + UInt64(KeyService.idleSeconds) * 1_000_000, reason: .requestTimeout,
                         message: "no complete request within \(KeyService.idleSeconds) s")
    }
}
