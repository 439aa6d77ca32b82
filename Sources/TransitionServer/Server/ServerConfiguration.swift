public import TransitionProtocol

/// How the server treats its clients.
public struct ServerConfiguration: Sendable {
    /// Line, queue, timeout and frame-rate limits (announced in `hello`).
    public var limits: ServerLimits
    /// Connections beyond this are told `too_many_clients` and closed.
    public var maxClients: Int
    /// `hello.server` and `status.server`.
    public var serverName: String
    /// SO_SNDBUF for client sockets, bytes (`nil`: the kernel's default, about 200 KiB). Bounds
    /// the kernel memory a client that does not read can pin, on top of ``ServerLimits``.
    public var socketSendBufferBytes: Int?

    public init(limits: ServerLimits = ServerLimits(), maxClients: Int = 128,
                serverName: String = TransitiondVersion.serverName, socketSendBufferBytes: Int? = nil) {
        self.limits = limits; self.maxClients = maxClients; self.serverName = serverName
        self.socketSendBufferBytes = socketSendBufferBytes
    }
}
