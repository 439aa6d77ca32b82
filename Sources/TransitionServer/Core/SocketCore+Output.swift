// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import Logging
package import TransitionProtocol

extension SocketCore {
    /// After a message was queued for `connection`: disconnects it when it fell too far behind
    /// (its own limits), else waits for its socket to take more; then keeps all connections
    /// together within the total output budget.
    func checkBacklog(of connection: ClientConnection) {
        recount(connection)
        if connection.queue.isOverflowing(extraBytes: connection.unwrittenBytes) {
            counters.clientsDroppedBacklog += 1
            let limits = configuration.limits
            logger.warning("client \(connection.id) (\(connection.credentials)) does not read: more than \(limits.maxQueuedMessages) messages or \(limits.maxQueuedBytes) bytes queued; disconnecting")
            disconnect(connection, reason: .backlogOverflow,
                       message: "more than \(limits.maxQueuedMessages) messages or \(limits.maxQueuedBytes) bytes waiting to be read")
        } else {
            setWritable(true, for: connection)
            if queuedBytes > configuration.maxTotalQueuedBytes { dropLargestBacklogs() }
        }
    }

    /// Brings `connection`'s share of ``queuedBytes`` up to date.
    @inline(__always)
    func recount(_ connection: ClientConnection) {
        let now = connection.backlogBytes
        if now != connection.countedBytes {
            queuedBytes += now - connection.countedBytes
            connection.countedBytes = now
        }
    }

    /// The total output budget is spent: disconnects the connection with the largest backlog
    /// (`backlog_overflow`), then the next largest, until the total is within the budget again.
    /// Well-behaved clients, whose backlogs coalesce to a few lines, are the last to go.
    func dropLargestBacklogs() {
        let budget = configuration.maxTotalQueuedBytes
        while queuedBytes > budget,
              let largest = connections.values.max(by: { ($0.countedBytes, $1.id) < ($1.countedBytes, $0.id) }) {
            counters.clientsDroppedBacklog += 1
            counters.clientsDroppedBudget += 1
            let held = largest.countedBytes
            logger.warning("client \(largest.id) (\(largest.credentials)) has the largest backlog, \(held) bytes, and the clients together more than \(budget) bytes waiting; disconnecting")
            disconnect(largest, reason: .backlogOverflow,
                       message: "\(held) bytes waiting to be read, the largest backlog while the server's clients together have more than \(budget) waiting")
        }
    }

    /// Writes a whole message at once to an idle socket, or queues it in order.
    package func write(_ bytes: some Collection<UInt8>, to connection: ClientConnection) {
        guard !connection.isClosed else { return }
        counters.messagesQueued += 1
        if connection.isIdle {
            connection.resetOut()
            connection.out.append(contentsOf: bytes)
            flush(connection)
        } else {
            connection.queue.append(whole: Array(bytes))
            checkBacklog(of: connection)
        }
    }

    /// Writes as much as the socket takes; keeps `.writable` interest only while bytes remain.
    func flush(_ connection: ClientConnection) {
        while !connection.isClosed {
            if connection.outOffset == connection.out.count {
                connection.outOffset = 0
                if connection.out.capacity > 256 * 1024 { connection.out = [] } else { connection.out.removeAll(keepingCapacity: true) }
                connection.queue.drain(into: &connection.out, limit: 64 * 1024)
                if connection.out.isEmpty { break }
            }
            let n = connection.out.withUnsafeBytes { bytes in
                send(connection.fd, bytes.baseAddress! + connection.outOffset, bytes.count - connection.outOffset,
                     Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if n > 0 {
                connection.outOffset += n
                counters.bytesWritten += UInt64(n)
                continue
            }
            let error = clinux_errno()
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK {
                setWritable(true, for: connection)
                recount(connection)
                return
            }
            close(connection, because: "write failed: \(String(cString: strerror(error)))")
            return
        }
        guard !connection.isClosed else { return }
        setWritable(false, for: connection)
        // Everything was written: nothing of it is counted any more.
        if connection.countedBytes != 0 {
            queuedBytes -= connection.countedBytes
            connection.countedBytes = 0
        }
    }

    private func setWritable(_ writable: Bool, for connection: ClientConnection) {
        guard connection.wantsWritable != writable, let watch = connection.watch else { return }
        do {
            try loop.modify(watch, events: writable ? [.readable, .writable] : .readable)
            connection.wantsWritable = writable
        } catch {
            close(connection, because: "cannot poll its socket: \(error)")
        }
    }

    /// Sends the protocol's last message (``ConnectionHandler/farewell(_:message:)``) after
    /// whatever is queued, as far as the socket takes it without blocking, then closes.
    package func disconnect(_ connection: ClientConnection, reason: GoodbyeReason, message: String) {
        guard !connection.isClosed else { return }
        connection.handler.farewell(reason, message: message)
        connection.queue.drain(into: &connection.out, limit: Int.max)
        let pending = connection.unwrittenBytes
        if pending > 0 {
            _ = connection.out.withUnsafeBytes { bytes in
                send(connection.fd, bytes.baseAddress! + connection.outOffset, pending, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
        }
        close(connection, because: "\(reason): \(message)")
    }

    /// Closes at once: unwatches, cancels its deadline, forgets it, tells its handler.
    package func close(_ connection: ClientConnection, because reason: String) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        if let watch = connection.watch { loop.unwatch(watch) }
        clearDeadline(of: connection)
        Glibc.close(connection.fd)
        connections[connection.id] = nil
        queuedBytes -= connection.countedBytes
        connection.countedBytes = 0
        logger.debug("client \(connection.id) disconnected: \(reason)")
        let handler = connection.handler
        connection.handler = ClosedConnection.shared
        handler.closed()
    }
}
