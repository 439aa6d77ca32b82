// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import Logging
import TransitionCore
public import TransitionTouchegg
import TransitionProtocol

extension TransitionServer {
    /// Serves Touchégg's D-Bus protocol on `listener` (the abstract socket `@touchegg`) beside
    /// the native socket. Its clients go through the same admission limits, delivery policy,
    /// bounded queues and coalescing as native ones; only their framing differs (whole D-Bus
    /// messages instead of JSON lines). `access` decides who may connect at all, since an
    /// abstract socket has no file permissions; `nextGesture` gives the number the next
    /// gesture will have (``ToucheggTracker/nextGesture``): a client that authenticates, or
    /// whose delivery pauses, takes no signal of the gestures below it; `openGestures` gives
    /// the `OnGestureEnd` signals owed to a client whose delivery pauses mid-gesture.
    public func serveTouchegg(listener: UnixListener, access: PeerAccessRule, nextGesture: @escaping () -> UInt64,
                              openGestures: @escaping () -> [ToucheggSignal]) throws(SystemError) {
        let endpoint = ToucheggEndpoint(listener: listener, access: access, machineID: Self.machineID())
        endpoint.nextGesture = nextGesture
        endpoint.openGestures = openGestures
        endpoint.watch = try loop.watch(fd: listener.fd) { [unowned self] _ in
            acceptClients(on: listener.fd, kind: .touchegg)
        }
        touchegg = endpoint
        logger.info("serving Touchégg's D-Bus protocol on \(listener.path ?? "an inherited socket") (clients: \(access.description))")
    }

    /// Whether the Touchégg endpoint is served.
    public var servesTouchegg: Bool { touchegg != nil }

    /// Sends `signal` to every authenticated Touchégg client whose delivery is active and that
    /// saw its gesture begin: encoded once, `OnGestureUpdate` coalesced for a client with a
    /// backlog (but the settling one), the others queued in order.
    public func publishTouchegg(_ signal: ToucheggSignal) {
        guard let endpoint = touchegg, endpoint.clientCount > 0 else { return }
        endpoint.encoder.encode(signal, serial: endpoint.nextSerial())
        let coalescable = signal.isCoalescable
        endpoint.encoder.bytes.withUnsafeBufferPointer { bytes in
            for client in clients.values where client.dbusReady && !client.isPaused && signal.gesture >= client.toucheggFloor {
                deliverRaw(bytes, to: client, coalescable: coalescable)
            }
        }
    }

    // MARK: Connections

    /// A new connection on `@touchegg`: refused (closed before any byte is read, logged once per
    /// uid) unless ``PeerAccessRule`` lets its peer in; then the same admission as the native
    /// socket.
    func admitTouchegg(_ fd: Int32) {
        guard let endpoint = touchegg else { Glibc.close(fd); return }
        let credentials = peerCredentials(fd) ?? PeerCredentials(pid: 0, uid: UInt32.max, gid: UInt32.max)
        let groups = [credentials.gid] + (peerGroups(fd) ?? [])
        let activeUID = deliveryPolicy.mode == .activeSession ? deliveryPolicy.session?.uid : nil
        guard endpoint.access.admits(uid: credentials.uid, gids: groups, activeSessionUID: activeUID) else {
            counters.clientsRefused += 1
            if endpoint.refusedUIDs.insert(credentials.uid).inserted {
                logger.notice("refused a Touchégg client (\(credentials)): only \(endpoint.access.description) may connect to @touchegg; further refusals of uid \(credentials.uid) are not logged")
            }
            Glibc.close(fd)
            return
        }
        admit(fd, kind: .touchegg, credentials: credentials)
    }

    /// An admitted Touchégg client: its handshake, which must end within the request timeout.
    func startTouchegg(_ client: ClientConnection, nowUs: UInt64) {
        guard let endpoint = touchegg else { return }
        endpoint.clientCount += 1
        client.dbus = DBusAuthentication(peerUID: client.credentials.uid, guid: endpoint.guid)
        client.delivery = deliveryPolicy.decide(uid: client.credentials.uid)
        let timeoutMs = configuration.limits.requestTimeoutMs
        client.requestTimer = loop.schedule(atUs: nowUs + UInt64(timeoutMs) * 1000) { [unowned self, weak client] in
            guard let client, !client.isClosed else { return }
            client.requestTimer = nil
            counters.clientsDroppedTimeout += 1
            close(client, because: "no D-Bus authentication after \(timeoutMs) ms")
        }
    }

    /// A Touchégg client went away (one refused at admission was never counted).
    func closedTouchegg(_ client: ClientConnection) {
        guard client.kind == .touchegg, client.dbus != nil, let endpoint = touchegg else { return }
        client.dbus = nil
        endpoint.clientCount -= 1
    }

    /// Handles what a Touchégg client sent: the NUL byte, the SASL lines, then method calls.
    func processDBus(of client: ClientConnection) {
        guard let endpoint = touchegg else { return }
        var start = 0
        if !client.dbusGreeted {
            guard client.inbox.first == 0 else {
                close(client, because: "did not open the D-Bus handshake with a NUL byte")
                return
            }
            client.dbusGreeted = true
            start = 1
        }
        while !client.isClosed, !client.dbusReady, var auth = client.dbus {
            guard let cr = crlf(in: client.inbox, from: start) else { break }
            let step = auth.handle(line: client.inbox[start..<cr])
            client.dbus = auth
            start = cr + 2
            switch step {
            case .reply(let line):
                deliverRaw(Array((line + "\r\n").utf8), to: client)
            case .begin:
                client.dbusReady = true
                // A gesture already begun is not this client's: no Update or End without its Begin.
                client.toucheggFloor = endpoint.nextGesture()
                client.lastActiveUs = EventLoop.nowUs()
                if let timer = client.requestTimer { loop.cancelTimer(timer); client.requestTimer = nil }
                logger.debug("Touchégg client \(client.id) (\(client.credentials)) authenticated")
            case .close(let why):
                close(client, because: why)
                return
            }
        }
        while !client.isClosed, client.dbusReady {
            let length: Int?
            do {
                length = try DBusIncomingMessage.frameLength(client.inbox[start...])
            } catch {
                close(client, because: "sent a malformed D-Bus message: \(error)")
                return
            }
            guard let length, client.inbox.count - start >= length else { break }
            do {
                let message = try DBusIncomingMessage(decoding: client.inbox[start..<start + length])
                counters.requests += 1
                if let reply = ToucheggObject.reply(to: message, serial: endpoint.nextSerial(), machineID: endpoint.machineID) {
                    deliverRaw(reply, to: client)
                }
            } catch {
                close(client, because: "sent a malformed D-Bus message: \(error)")
                return
            }
            start += length
        }
        guard !client.isClosed else { return }
        client.inbox.removeFirst(start)
        // A handshake line or a message never needs more than this.
        if client.inbox.count > DBusMessage.maxIncomingBytes {
            close(client, because: "sent more than \(DBusMessage.maxIncomingBytes) bytes without completing a line or message")
        }
    }

    private func crlf(in bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == 0x0D && bytes[i + 1] == 0x0A { return i }
            i += 1
        }
        return nil
    }

    /// Writes a whole D-Bus message at once to an idle socket, or queues it (an update in its
    /// coalescing slot, latest wins), as ``deliver(to:kind:body:)`` does for JSON lines.
    func deliverRaw(_ bytes: some Collection<UInt8>, to client: ClientConnection, coalescable: Bool = false) {
        guard !client.isClosed else { return }
        counters.messagesQueued += 1
        if client.isIdle {
            client.resetOut()
            client.out.append(contentsOf: bytes)
            flush(client)
        } else if coalescable {
            let replaced = bytes.withContiguousStorageIfAvailable {
                client.queue.coalesce(transition: "", kind: .updated, body: $0)
            } ?? Array(bytes).withUnsafeBufferPointer { client.queue.coalesce(transition: "", kind: .updated, body: $0) }
            if replaced { counters.messagesCoalesced += 1 }
            checkBacklog(of: client)
        } else {
            client.queue.append(kind: .other("dbus"), body: Array(bytes))
            checkBacklog(of: client)
        }
    }

    /// A Touchégg client whose delivery pauses mid-gesture gets `OnGestureEnd` (a cancel) for
    /// the gestures it saw begin, so nothing is left hanging.
    func endToucheggGestures(for client: ClientConnection, nowUs: UInt64) {
        guard client.dbusReady, let endpoint = touchegg else { return }
        var encoder = ToucheggSignalEncoder()
        for signal in endpoint.openGestures() where signal.gesture >= client.toucheggFloor {
            encoder.encode(signal, serial: endpoint.nextSerial())
            deliverRaw(encoder.bytes, to: client)
        }
        // Ended for this client: whatever follows of these gestures after a resume is not sent.
        client.toucheggFloor = endpoint.nextGesture()
    }

    /// `/etc/machine-id`, for `GetMachineId`; empty when unreadable.
    static func machineID() -> String {
        let fd = open("/etc/machine-id", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { Glibc.close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return "" }
        return String(decoding: buffer[0..<n], as: UTF8.self).trimmingSuffix()
    }
}

private extension String {
    func trimmingSuffix() -> String {
        var s = Substring(self)
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
