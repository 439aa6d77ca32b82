// SPDX-License-Identifier: MIT
import Glibc
import Logging
import TransitionFiles
import TransitionProtocol
import TransitionTouchegg

/// Touchégg's D-Bus protocol over the ``SocketCore`` (`@touchegg`): its listener, who may
/// connect, the one encoder and serial counter every client shares, and each
/// ``ToucheggSession``. Its clients go through the core's admission, queues and coalescing like
/// native ones; they get D-Bus messages only (no JSON line ever reaches them).
final class ToucheggEndpoint {
    /// Strong (the core holds no reference back), as NativeProtocol's.
    let core: SocketCore
    let listener: UnixListener
    var access: PeerAccessRule
    var logger: Logger { core.logger }
    /// The connections, by id (read for every signal).
    @exclusivity(unchecked) var sessions: [UInt64: ToucheggSession] = [:]
    /// Encodes each signal once for every client.
    var encoder = ToucheggSignalEncoder()
    /// The last serial used. A serial only has to be unique and increasing on each connection,
    /// so one counter for all of them lets a signal be encoded once.
    var serial: UInt32 = 0
    /// The server's GUID for SASL's `OK`.
    let guid: String
    /// What `GetMachineId` answers.
    let machineID: String
    /// Uids whose refusal was logged (once each).
    var refusedUIDs: Set<UInt32> = []
    /// Authenticated Touchégg clients: nothing is encoded while there are none.
    var readyCount = 0
    /// `OnGestureEnd` (0 %) at a time for each gesture begun and not ended, for a client whose
    /// delivery pauses mid-gesture.
    var openGestures: (UInt64) -> [ToucheggSignal] = { _ in [] }
    /// The number the next gesture will have (``ToucheggTracker/nextGesture``).
    var nextGesture: () -> UInt64 = { 0 }

    init(core: SocketCore, listener: UnixListener, access: PeerAccessRule, machineID: String) {
        self.core = core
        self.listener = listener
        self.access = access
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<4).map { _ in String(UInt32.random(in: .min ... .max, using: &generator), radix: 16) }
        self.guid = hex.map { String(repeating: "0", count: 8 - $0.count) + $0 }.joined()
        self.machineID = machineID.isEmpty ? guid : machineID
    }

    /// The next serial (never 0).
    func nextSerial() -> UInt32 {
        serial = serial == .max ? 1 : serial + 1
        return serial
    }

    // MARK: Connections

    /// A new connection on `@touchegg`: refused (closed before any byte is read, logged once per
    /// uid) unless ``PeerAccessRule`` lets its peer in; then the core's admission.
    func accept(_ fd: Int32) {
        let credentials = core.peerCredentials(fd) ?? PeerCredentials(pid: 0, uid: UInt32.max, gid: UInt32.max)
        let groups = [credentials.gid] + (core.peerGroups(fd) ?? [])
        let policy = core.deliveryPolicy
        let activeUID = policy.mode == .activeSession ? policy.session?.uid : nil
        guard access.admits(uid: credentials.uid, gids: groups, activeSessionUID: activeUID) else {
            core.counters.clientsRefused += 1
            if refusedUIDs.insert(credentials.uid).inserted {
                logger.notice("refused a Touchégg client (\(credentials)): only \(access.description) may connect to @touchegg; further refusals of uid \(credentials.uid) are not logged")
            }
            Glibc.close(fd)
            return
        }
        core.admit(fd, credentials: credentials) { ToucheggSession(connection: $0, endpoint: self) }
    }

    /// An admitted client: its handshake, which must end within the request timeout.
    func opened(_ session: ToucheggSession, nowUs: UInt64) {
        sessions[session.connection.id] = session
        let timeoutMs = core.configuration.limits.requestTimeoutMs
        core.setDeadline(of: session.connection, atUs: nowUs + UInt64(timeoutMs) * 1000, reason: nil,
                         message: "no D-Bus authentication after \(timeoutMs) ms")
    }

    /// A client went away.
    func closed(_ session: ToucheggSession) {
        sessions[session.connection.id] = nil
        if session.isReady { readyCount -= 1 }
    }

    // MARK: Signals

    /// Sends `signal` to every authenticated client whose delivery is active and that saw its
    /// gesture begin: encoded once, `OnGestureUpdate` coalesced for a client with a backlog (but
    /// the settling one), the others queued in order.
    func publish(_ signal: ToucheggSignal) {
        guard readyCount > 0 else { return }
        encoder.encode(signal, serial: nextSerial())
        let coalescable = signal.isCoalescable
        encoder.bytes.withUnsafeBufferPointer { bytes in
            for session in sessions.values where !session.connection.isPaused && session.takes(signal) {
                deliverWhole(bytes, to: session.connection, coalescable: coalescable)
            }
        }
    }

    /// A client whose delivery pauses mid-gesture gets `OnGestureEnd` (a cancel) for the
    /// gestures it saw begin, so nothing is left hanging.
    func endGestures(for session: ToucheggSession, nowUs: UInt64) {
        guard session.isReady else { return }
        var encoder = ToucheggSignalEncoder()
        for signal in openGestures(nowUs) where session.takes(signal) {
            encoder.encode(signal, serial: nextSerial())
            deliverWhole(encoder.bytes, to: session.connection)
        }
        // Ended for this client: whatever follows of these gestures after a resume is not sent.
        session.floor = nextGesture()
    }

    // MARK: Reading and writing

    /// Handles what a client sent (its ``ToucheggConversation``): the NUL byte, the SASL lines,
    /// then method calls.
    func processDBus(of session: ToucheggSession) {
        let client = session.connection
        let consumed = session.conversation.read(client.inbox, machineID: machineID, nextSerial: nextSerial) { step in
            guard !client.isClosed else { return }
            switch step {
            case .send(let bytes):
                deliverWhole(bytes, to: client)
            case .request:
                core.counters.requests += 1
            case .authenticated:
                // A gesture already begun is not this client's: no Update or End without its Begin.
                session.authenticated(floor: nextGesture())
                readyCount += 1
                client.lastActiveUs = MonotonicClock.nowUs()
                core.clearDeadline(of: client)
                logger.debug("Touchégg client \(client.id) (\(client.credentials)) authenticated")
            case .close(let why):
                core.close(client, because: why)
            }
        }
        guard !client.isClosed else { return }
        client.inbox.removeFirst(consumed)
    }

    /// Writes a whole D-Bus message at once to an idle socket, or queues it (an update in its
    /// coalescing slot, latest wins).
    func deliverWhole(_ bytes: some Collection<UInt8>, to client: ClientConnection, coalescable: Bool = false) {
        guard coalescable, !client.isIdle, !client.isClosed else {
            core.write(bytes, to: client)
            return
        }
        core.counters.messagesQueued += 1
        let replaced = bytes.withContiguousStorageIfAvailable { client.queue.coalesceGestureUpdate(body: $0) }
            ?? Array(bytes).withUnsafeBufferPointer { client.queue.coalesceGestureUpdate(body: $0) }
        if replaced { core.counters.messagesCoalesced += 1 }
        core.checkBacklog(of: client)
    }

    /// `/etc/machine-id`, for `GetMachineId`; empty when unreadable.
    static func machineID() -> String {
        guard let bytes = try? FileBytes.read(path: "/etc/machine-id", limit: 4096) else { return "" }
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
