// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import Logging
import TransitionCore
import TransitionFiles
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
    /// the `OnGestureEnd` signals owed, at a time, to a client whose delivery pauses mid-gesture
    /// (``ToucheggBridge`` gives both).
    public func serveTouchegg(listener: UnixListener, access: PeerAccessRule, nextGesture: @escaping () -> UInt64,
                              openGestures: @escaping (UInt64) -> [ToucheggSignal]) throws(SystemError) {
        let endpoint = ToucheggEndpoint(listener: listener, access: access, machineID: Self.machineID())
        endpoint.nextGesture = nextGesture
        endpoint.openGestures = openGestures
        endpoint.watch = try loop.watch(fd: listener.fd) { [unowned self] _ in
            acceptClients(on: listener.fd) { admitTouchegg($0) }
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
        guard let endpoint = touchegg, endpoint.readyCount > 0 else { return }
        endpoint.encoder.encode(signal, serial: endpoint.nextSerial())
        let coalescable = signal.isCoalescable
        endpoint.encoder.bytes.withUnsafeBufferPointer { bytes in
            for client in clients.values where !client.isPaused {
                guard case .touchegg(let session) = client.speaks, session.takes(signal) else { continue }
                deliverWhole(bytes, to: client, coalescable: coalescable)
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
        admit(fd, credentials: credentials) { .touchegg(ToucheggSession(peerUID: $0.uid, guid: endpoint.guid)) }
    }

    /// An admitted Touchégg client: its handshake, which must end within the request timeout.
    func startTouchegg(_ client: ClientConnection, nowUs: UInt64) {
        client.delivery = deliveryPolicy.decide(uid: client.credentials.uid)
        let timeoutMs = configuration.limits.requestTimeoutMs
        client.requestTimer = loop.schedule(atUs: nowUs + UInt64(timeoutMs) * 1000) { [unowned self, weak client] in
            guard let client, !client.isClosed else { return }
            client.requestTimer = nil
            counters.clientsDroppedTimeout += 1
            close(client, because: "no D-Bus authentication after \(timeoutMs) ms")
        }
    }

    /// A Touchégg client went away.
    func closedTouchegg(_ client: ClientConnection) {
        guard case .touchegg(let session) = client.speaks, session.isReady, let endpoint = touchegg else { return }
        endpoint.readyCount -= 1
    }

    /// Handles what a Touchégg client sent (its ``ToucheggConversation``): the NUL byte, the SASL
    /// lines, then method calls.
    func processDBus(of client: ClientConnection, _ session: ToucheggSession) {
        guard let endpoint = touchegg else { return }
        let consumed = session.conversation.read(client.inbox, machineID: endpoint.machineID,
                                                 nextSerial: endpoint.nextSerial) { step in
            guard !client.isClosed else { return }
            switch step {
            case .send(let bytes):
                deliverWhole(bytes, to: client)
            case .request:
                counters.requests += 1
            case .authenticated:
                // A gesture already begun is not this client's: no Update or End without its Begin.
                session.authenticated(floor: endpoint.nextGesture())
                endpoint.readyCount += 1
                client.lastActiveUs = MonotonicClock.nowUs()
                if let timer = client.requestTimer { loop.cancelTimer(timer); client.requestTimer = nil }
                logger.debug("Touchégg client \(client.id) (\(client.credentials)) authenticated")
            case .close(let why):
                close(client, because: why)
            }
        }
        guard !client.isClosed else { return }
        client.inbox.removeFirst(consumed)
    }

    /// Writes a whole D-Bus message at once to an idle socket, or queues it (an update in its
    /// coalescing slot, latest wins), as ``deliver(to:kind:body:)`` does for JSON lines.
    func deliverWhole(_ bytes: some Collection<UInt8>, to client: ClientConnection, coalescable: Bool = false) {
        guard !client.isClosed else { return }
        counters.messagesQueued += 1
        if client.isIdle {
            client.resetOut()
            client.out.append(contentsOf: bytes)
            flush(client)
        } else if coalescable {
            let replaced = bytes.withContiguousStorageIfAvailable { client.queue.coalesceGestureUpdate(body: $0) }
                ?? Array(bytes).withUnsafeBufferPointer { client.queue.coalesceGestureUpdate(body: $0) }
            if replaced { counters.messagesCoalesced += 1 }
            checkBacklog(of: client)
        } else {
            client.queue.append(whole: Array(bytes))
            checkBacklog(of: client)
        }
    }

    /// A Touchégg client whose delivery pauses mid-gesture gets `OnGestureEnd` (a cancel) for
    /// the gestures it saw begin, so nothing is left hanging.
    func endToucheggGestures(for client: ClientConnection, nowUs: UInt64) {
        guard case .touchegg(let session) = client.speaks, session.isReady, let endpoint = touchegg else { return }
        var encoder = ToucheggSignalEncoder()
        for signal in endpoint.openGestures(nowUs) where session.takes(signal) {
            encoder.encode(signal, serial: endpoint.nextSerial())
            deliverWhole(encoder.bytes, to: client)
        }
        // Ended for this client: whatever follows of these gestures after a resume is not sent.
        session.floor = endpoint.nextGesture()
    }

    /// `/etc/machine-id`, for `GetMachineId`; empty when unreadable.
    static func machineID() -> String {
        guard let bytes = try? FileBytes.read(path: "/etc/machine-id", limit: 4096) else { return "" }
        return String(decoding: bytes, as: UTF8.self).trimmingSuffix()
    }
}

private extension String {
    func trimmingSuffix() -> String {
        var s = Substring(self)
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
