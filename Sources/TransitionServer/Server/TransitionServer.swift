// SPDX-License-Identifier: MIT
import CLinux
import Glibc
public import Logging
public import TransitionCore
import TransitionProtocol

/// The protocol server: accepts clients on a Unix socket, answers their requests through a
/// ``TransitionServerDelegate``, and streams every published ``TransitionEvent`` to the clients
/// whose subscription wants it; optionally serves Touchégg's D-Bus protocol beside it.
///
/// It wires one protocol-agnostic ``SocketCore`` (accept, admission, queues, backpressure,
/// timeouts) to one handler per protocol: ``NativeProtocol`` (JSON lines) and, once
/// ``serveTouchegg(listener:access:nextGesture:openGestures:)`` started it, ``ToucheggEndpoint``.
///
/// Single-threaded: create it, ``start()`` it and call everything on the thread that runs
/// `loop`. Nothing a client does blocks the loop: sockets are non-blocking, each client has a
/// bounded queue (coalescing `updated`/`frame`, never dropping lifecycle events), a client that
/// falls too far behind is disconnected, and so is the largest backlog when all clients
/// together hold more than the server's budget.
public final class TransitionServer {
    public let loop: EventLoop
    let logger: Logger
    let listener: UnixListener
    let core: SocketCore
    let native: NativeProtocol
    /// The Touchégg endpoint, once ``serveTouchegg(listener:access:nextGesture:openGestures:)`` started it.
    var touchegg: ToucheggEndpoint?

    /// The settings in force; ``setConnectionLimits(maxClients:maxClientsPerUser:evictionGraceMs:)``
    /// changes the connection limits while running.
    public var configuration: ServerConfiguration { core.configuration }
    /// Answers `list`, `status`, `trigger`, `cancel` and provides the snapshot. Without one the
    /// server lists no transitions and refuses `trigger`/`cancel` (`unavailable`). Held weakly.
    public var delegate: (any TransitionServerDelegate)? {
        get { native.delegate }
        set { native.delegate = newValue }
    }
    /// Who receives transition events (``setDeliveryPolicy(_:)``): everyone until told otherwise.
    public var deliveryPolicy: DeliveryPolicy { core.deliveryPolicy }
    /// Reads a new connection's peer credentials: SO_PEERCRED. Tests replace it to give their
    /// connections other uids.
    public var peerCredentials: (Int32) -> PeerCredentials? {
        get { core.peerCredentials }
        set { core.peerCredentials = newValue }
    }
    /// Reads a new connection's supplementary groups: SO_PEERGROUPS. Tests replace it.
    public var peerGroups: (Int32) -> [UInt32]? {
        get { core.peerGroups }
        set { core.peerGroups = newValue }
    }
    /// Bytes waiting to be written to all clients together (at most the configuration's
    /// ``ServerConfiguration/maxTotalQueuedBytes``, give or take the message that passed it).
    public var queuedBytes: Int { core.queuedBytes }

    /// The socket path, when known.
    public var socketPath: String? { listener.path }
    /// The native socket's path, also for a descriptor systemd passed.
    public var nativeSocketPath: String? { listener.path ?? listener.boundPath }
    /// Connected clients, of every protocol.
    public var clientCount: Int { core.connections.count }

    /// Creates a server for `listener` on `loop`; call ``start()`` to accept clients.
    public init(loop: EventLoop, listener: UnixListener, configuration: ServerConfiguration = ServerConfiguration(),
                logger: Logger = Logger(label: "transitiond.server")) {
        self.loop = loop
        self.listener = listener
        self.logger = logger
        core = SocketCore(loop: loop, configuration: configuration, logger: logger)
        native = NativeProtocol(core: core)
    }

    /// Starts accepting clients.
    public func start() throws(SystemError) {
        try core.listen(on: listener.fd) { [unowned native] in native.accept($0) }
        if let path = listener.path {
            logger.info("listening on \(path)\(listener.replacedStaleSocket ? " (replaced a stale socket)" : "")")
        } else {
            logger.info("listening on inherited socket fd \(listener.fd)")
        }
    }

    /// Says `goodbye` (reason `shutdown`) to every client, writing what their sockets take
    /// without waiting, closes them and the listeners (removing the socket file it created).
    public func shutdown(message: String = "transitiond is stopping") {
        guard !core.isStopped else { return }
        core.shutdown(message: message)
        native.stop()
        touchegg?.listener.close()
        listener.close()
    }

    /// Streams `event` to every subscriber that wants it. Call it for every event the engine
    /// emits, in order, on the loop's thread. Encodes the event once, whatever the number of
    /// clients; `updated` events are coalesced for clients with a backlog.
    public func publish(_ event: TransitionEvent) {
        native.publish(event)
    }

    /// Replaces the connection limits (a configuration reload). They govern the connections
    /// that come from now on: nobody is disconnected because a limit went down. A user or a
    /// server left above a lowered cap keeps its connections; while it is above, a new
    /// connection is admitted only in exchange for an evictable one (as at the cap), else
    /// refused. Returns whether anything changed.
    @discardableResult
    public func setConnectionLimits(maxClients: Int, maxClientsPerUser: Int, evictionGraceMs: Int) -> Bool {
        var new = core.configuration
        new.maxClients = maxClients; new.maxClientsPerUser = maxClientsPerUser; new.evictionGraceMs = evictionGraceMs
        guard new.admissionPolicy != core.configuration.admissionPolicy else { return false }
        core.configuration = new
        return true
    }
}
