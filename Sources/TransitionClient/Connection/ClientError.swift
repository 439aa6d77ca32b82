// SPDX-License-Identifier: MIT
import Glibc
public import TransitionProtocol

/// Why a client operation failed.
public enum ClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No socket answered at any of these paths (the reason for each, as ``ConnectAdvice`` words
    /// it). When one path alone had something there, the message is about that one.
    case unreachable([(path: String, reason: String)])
    /// The path does not fit in a `sockaddr_un`.
    case pathTooLong(String)
    /// Reading or writing the socket failed.
    case io(String)
    /// The server sent something this client cannot read.
    case malformed(String)
    /// The connection ended (with the server's `goodbye`, when it sent one).
    case disconnected(Goodbye?)
    /// The server answered the request with an error.
    case rejected(ProtocolError)
    /// The client was closed.
    case closed

    public var description: String {
        switch self {
        case .unreachable(let all):
            // Default candidates that do not exist say nothing when another path has a socket
            // that refused: that one's reason (with what to do about it) is the message.
            let missing = String(cString: strerror(ENOENT))
            let found = all.filter { $0.reason != missing }
            let attempts = found.count == 1 ? found : all
            if attempts.count == 1 { return "cannot connect to transitiond at \(attempts[0].path): \(attempts[0].reason)" }
            return "cannot connect to transitiond (tried " + attempts.map { "\($0.path): \($0.reason)" }.joined(separator: "; ")
                + "); is it running? Set $\(SocketLocation.environmentVariable) or pass --socket"
        case .pathTooLong(let path): return "socket path too long: \(path)"
        case .io(let text): return text
        case .malformed(let text): return "unexpected message from transitiond: \(text)"
        case .disconnected(let goodbye?): return "transitiond closed the connection: \(goodbye.message) (\(goodbye.reason))"
        case .disconnected(nil): return "transitiond closed the connection"
        case .rejected(let error): return "\(error.message) (\(error.code.rawValue))"
        case .closed: return "the client was closed"
        }
    }

    public static func == (lhs: ClientError, rhs: ClientError) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
