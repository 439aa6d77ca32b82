// SPDX-License-Identifier: MIT

/// The uinput key service's answer to one request line: `ok`, or `error REASON MESSAGE`.
public enum KeyServiceReply: Equatable, Sendable {
    /// The keys were pressed.
    case ok
    /// They were not; nothing of the request was pressed.
    case error(KeyServiceRefusal, String)

    /// The line to send, newline included (a newline in the message becomes a space).
    public var line: String {
        switch self {
        case .ok: "ok\n"
        case .error(let reason, let message):
            "error \(reason.rawValue) \(String(String.UnicodeScalarView(message.unicodeScalars.map { $0 == "\n" ? " " : $0 })))\n"
        }
    }

    /// Parses one line from the service (without its newline); `nil` if it is neither.
    public init?<Bytes: Collection<UInt8>>(parsing line: Bytes) {
        if line.elementsEqual("ok".utf8) { self = .ok; return }
        let parts = line.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].elementsEqual("error".utf8),
              let reason = KeyServiceRefusal(rawValue: String(decoding: parts[1], as: UTF8.self)) else { return nil }
        self = .error(reason, parts.count > 2 ? String(decoding: parts[2], as: UTF8.self) : "")
    }
}

/// Why the service pressed nothing.
public enum KeyServiceRefusal: String, Equatable, Sendable, CaseIterable {
    /// The peer is not a process of the seat's active session (or no session is active).
    case notActive = "not-active"
    /// The active session is the peer's but it is locked, or logind did not say whether it is.
    case locked
    /// A key or chord the service never presses (``KeyAllowList``: power, SysRq and the like).
    case notAllowed = "not-allowed"
    /// Too many keys too fast.
    case rateLimited = "rate-limited"
    /// The line is not a valid request.
    case invalid
    /// The virtual keyboard failed.
    case device
}
