// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import TransitionIO
public import TransitionKeys
public import TransitionActions

/// Presses keys through the uinput key service (`transitiond-keys`, docs/service.md): resolves
/// the chords to evdev key strokes with the session's keymap, sends them as one request line on
/// a connection of their own, and waits for the service's answer (2 seconds at most: the first request may start the service).
public final class KeyServiceSender: KeySender {
    public var name: String { "uinput" }
    /// The service's socket.
    public let socketPath: String
    private let keymap: XKBKeymap

    /// The package's socket: `transitiond-keys.socket`'s `ListenStream=`.
    public static let defaultSocketPath = "/run/transitiond/keys.sock"

    /// A sender to the service at `socketPath`, resolving keysyms with `keymap`.
    public init(socketPath: String, keymap: XKBKeymap) {
        self.socketPath = socketPath
        self.keymap = keymap
    }

    public func send(_ chords: [KeyChord]) throws(KeyError) {
        let events = try keymap.events(for: chords)
        guard !events.isEmpty else { return }
        if let refused = KeyAllowList.refusal(events) {
            throw .unavailable(Self.refusal(.notAllowed, refused.description))
        }
        try send(KeyServiceRequest(strokes: events))
    }

    /// Sends one request and returns once the service pressed its keys.
    public func send(_ request: KeyServiceRequest) throws(KeyError) {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .unavailable("cannot make a socket: \(SystemError("socket"))") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard UnixAddress.with(socketPath, { connect(fd, $0, $1) }) == 0 else {
            throw .unavailable(Self.connectFailure(socketPath, errno: clinux_errno()))
        }
        if let error = WriteAll.write(fd, request.line, mode: .socket) {
            throw .unavailable("the uinput key service at \(socketPath) closed the connection: \(String(cString: strerror(error)))")
        }
        var splitter = LineSplitter()
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            if let line = splitter.nextLine() {
                guard let reply = KeyServiceReply(parsing: line) else {
                    throw .unavailable("the uinput key service at \(socketPath) answered something else than ok or error")
                }
                switch reply {
                case .ok: return
                case .error(let reason, let message): throw .unavailable(Self.refusal(reason, message))
                }
            }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && clinux_errno() == EINTR { continue }
            if n < 0 && clinux_errno() == EAGAIN {
                throw .unavailable("the uinput key service at \(socketPath) did not answer within 2 seconds")
            }
            guard n > 0 else { throw .unavailable("the uinput key service at \(socketPath) closed the connection without an answer") }
            splitter.append(contentsOf: buffer[0..<n])
            guard splitter.partialCount <= 4096 else { throw .unavailable("the uinput key service at \(socketPath) answered a line too long") }
        }
    }

    /// Words for a connection that failed.
    static func connectFailure(_ path: String, errno: Int32) -> String {
        switch errno {
        case ENOENT, ECONNREFUSED:
            "the uinput key service is off (nothing listens on \(path)): an administrator turns it on with "
                + "`systemctl enable --now transitiond-keys.socket` (docs/service.md)"
        case EACCES, EPERM:
            "may not connect to the uinput key service at \(path): it is for members of the transitiond group"
        default:
            "cannot connect to the uinput key service at \(path): \(String(cString: strerror(errno)))"
        }
    }

    /// Words for a refusal.
    static func refusal(_ reason: KeyServiceRefusal, _ message: String) -> String {
        switch reason {
        case .notActive: "the uinput key service presses keys only for the user of the active session: \(message)"
        case .locked: "the uinput key service presses no keys while the session is locked: \(message)"
        case .notAllowed: "the uinput key service never presses these keys: \(message)"
        case .rateLimited: "the uinput key service refused the keys (rate limit): \(message)"
        case .invalid: "the uinput key service refused the request: \(message)"
        case .device: "the uinput key service's keyboard failed: \(message)"
        }
    }
}
