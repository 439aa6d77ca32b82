// SPDX-License-Identifier: MIT
import Glibc
import Logging
import TransitionConfig
public import TransitionCore
import TransitionInput
public import TransitionProtocol
public import TransitionServer

extension Daemon {
    /// Serves the protocol on the socket systemd passed (socket activation), or else on
    /// `--socket PATH` or the default path, replacing a stale socket file and refusing to start
    /// beside a live instance.
    /// `limits` are the `[server]` settings of the configuration.
    func attachServer(group: String?, limits: ServerSettings) throws {
        let listener: UnixListener
        let activation = SocketActivation.inspectNamed()
        for rejected in activation.rejected {
            logger.warning("ignoring a descriptor systemd passed: \(rejected)")
        }
        touchegg.activatedFD = activation.accepted.first { $0.name == Self.toucheggFDName }?.fd
        if let fd = activation.accepted.first(where: { $0.name != Self.toucheggFDName })?.fd {
            listener = try UnixListener.adopt(fd: fd, path: options.socketPath)
        } else {
            let environment = ProcessEnvironment.current
            guard let path = options.socketPath
                ?? SocketLocation.serverDefault(environment: environment, uid: getuid())
            else {
                throw DaemonError("no runtime directory for the socket: $XDG_RUNTIME_DIR is unset; pass --socket PATH")
            }
            listener = try UnixListener.bind(path: path, group: group)
        }
        let server = TransitionServer(loop: loop, listener: listener, configuration: ServerConfiguration(limits),
                                      logger: Logger(label: "transitiond.server"))
        server.delegate = self
        try server.start()
        self.server = server
        addSink(server.publish)
    }

    /// A reload's `[server]` settings: the server takes them for the connections that come from
    /// now on (clients already connected stay, whatever the new limits), and the log says so.
    func applyServerLimits(_ new: ServerSettings, old: ServerSettings) {
        guard new != old, let server else { return }
        server.setConnectionLimits(maxClients: new.maxClients, maxClientsPerUser: new.maxClientsPerUser,
                                   evictionGraceMs: new.evictionGraceMs)
        let limits = "max_clients \(new.maxClients), max_clients_per_user \(new.maxClientsPerUser), "
            + "eviction_grace \(new.evictionGraceMs) ms"
        logger.notice("connection limits now \(limits); they apply to new connections, the \(server.clientCount) connected stay")
    }
}

extension ServerConfiguration {
    /// The daemon's server settings with the configuration file's connection limits.
    init(_ settings: ServerSettings) {
        self.init(maxClients: settings.maxClients, maxClientsPerUser: settings.maxClientsPerUser,
                  evictionGraceMs: settings.evictionGraceMs)
    }
}

extension Daemon: TransitionServerDelegate {
    public func transitionInfos() -> [TransitionInfo] {
        TransitionInfo.list(from: engines.main)
    }

    public func transitionStates(atUs nowUs: UInt64) -> [TransitionState] {
        engines.main.states(atUs: nowUs)
    }

    public func deviceInfos() -> [DeviceInfo] {
        (input?.devices ?? []).map { device in
            DeviceInfo(id: device.id.rawValue, name: device.name,
                       deviceClass: device.kind == .touchscreen ? .touchscreen : .touchpad,
                       node: device.node, widthMm: device.widthMm, heightMm: device.heightMm,
                       rotation: device.rotation?.rawValue, edgeZoneMm: device.edgeZoneMm,
                       edgeZoneShare: device.edgeZoneShare)
        }
    }

    public func statusCounters() -> [String: UInt64] {
        ["samples": samplesHandled]
    }

    public func runTrigger(_ request: TriggerRequest) throws(EngineError) {
        let spec = engines.main.configuration.transitions.first { $0.name == request.transition }
        try trigger(request.transition, reverse: request.reverse, duration: request.duration,
                    completion: request.completionStyle(defaultDuration: spec?.triggerDuration ?? 0.35))
    }

    public func cancelTransitions(_ transition: String?) throws(EngineError) -> Int {
        try cancel(transition, reason: .client)
    }
}

/// A failure that stops the daemon from starting, with the sentence to log.
struct DaemonError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The process environment as a dictionary.
enum ProcessEnvironment {
    static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let eq = pair.firstIndex(of: "=") {
                result[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
            }
            pointer += 1
        }
        return result
    }
}
