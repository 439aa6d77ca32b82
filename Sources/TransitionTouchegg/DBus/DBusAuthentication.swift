// SPDX-License-Identifier: MIT
/// The server side of D-Bus's SASL handshake, EXTERNAL only: the peer is who the kernel says it
/// is (SO_PEERCRED), so the identity a client claims is checked against that uid, and a client
/// that claims none (an empty response, as GLib ≥ 2.76 sends) is the peer uid.
///
/// Pure: the server hands it each line the client sent (without `\r\n`) and writes back what it
/// returns. The NUL byte that opens the conversation is the server's to check.
public struct DBusAuthentication: Sendable {
    /// Where the conversation is.
    public enum State: Sendable, Hashable {
        /// Waiting for `AUTH`.
        case waitingForAuth
        /// `AUTH EXTERNAL` came without an initial response; `DATA` was asked for.
        case waitingForData
        /// `OK` was sent; waiting for `BEGIN` (or `NEGOTIATE_UNIX_FD`).
        case waitingForBegin
        /// `BEGIN`: what follows is D-Bus messages.
        case begun
    }

    /// What to do after a line.
    public enum Step: Sendable, Hashable {
        /// Send this line (the `\r\n` is added).
        case reply(String)
        /// Authenticated: messages follow.
        case begin
        /// Give up on this client (too many failed attempts).
        case close(String)
    }

    /// The uid the kernel reports for the peer.
    public let peerUID: UInt32
    /// The server's GUID, 32 hex digits, sent with `OK`.
    public let guid: String
    /// Where the conversation is.
    public private(set) var state = State.waitingForAuth
    /// Failed attempts so far; after ``maxFailures`` the client is closed.
    public private(set) var failures = 0
    /// The most failed attempts a client gets.
    public static let maxFailures = 8

    /// A handshake with a peer of `peerUID`.
    public init(peerUID: UInt32, guid: String) {
        self.peerUID = peerUID; self.guid = guid
    }

    /// Answers one line.
    public mutating func handle(line: some Collection<UInt8>) -> Step {
        let text = String(decoding: line, as: UTF8.self)
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        let command = words.first.map(String.init) ?? ""
        switch (state, command) {
        case (.waitingForAuth, "AUTH"):
            guard words.count >= 2, words[1] == "EXTERNAL" else { return reject() }
            guard words.count >= 3 else {
                state = .waitingForData
                return .reply("DATA")
            }
            return check(String(words[2]))
        case (.waitingForData, "DATA"):
            // An empty response: the identity is the connection's own.
            guard words.count >= 2 else { return accept() }
            return check(String(words[1]))
        case (.waitingForData, "CANCEL"), (.waitingForData, "ERROR"):
            state = .waitingForAuth
            return reject()
        case (.waitingForAuth, "CANCEL"), (.waitingForAuth, "ERROR"):
            return reject()
        case (.waitingForBegin, "NEGOTIATE_UNIX_FD"):
            // The endpoint never passes descriptors.
            return .reply("ERROR \"unix fd passing is not offered\"")
        case (.waitingForBegin, "BEGIN"):
            state = .begun
            return .begin
        case (.waitingForBegin, "CANCEL"), (.waitingForBegin, "ERROR"):
            state = .waitingForAuth
            return reject()
        default:
            failures += 1
            if failures > Self.maxFailures { return .close("too many failed authentication steps") }
            return .reply("ERROR \"unexpected \(command.prefix(32))\"")
        }
    }

    /// Checks an initial response: the hex-encoded decimal uid the client claims.
    private mutating func check(_ hex: String) -> Step {
        guard let claimed = Self.decodeHex(hex), claimed == String(peerUID) else {
            state = .waitingForAuth
            return reject()
        }
        return accept()
    }

    private mutating func accept() -> Step {
        state = .waitingForBegin
        return .reply("OK \(guid)")
    }

    private mutating func reject() -> Step {
        failures += 1
        if failures > Self.maxFailures { return .close("too many failed authentication attempts") }
        return .reply("REJECTED EXTERNAL")
    }

    /// `31303030` → `"1000"`; `nil` for anything that is not hex pairs of printable ASCII.
    static func decodeHex(_ hex: String) -> String? {
        let digits = Array(hex.utf8)
        guard !digits.isEmpty, digits.count % 2 == 0, digits.count <= 64 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var out: [UInt8] = []
        var i = 0
        while i < digits.count {
            guard let high = nibble(digits[i]), let low = nibble(digits[i + 1]) else { return nil }
            let byte = high << 4 | low
            guard byte >= 0x20, byte < 0x7F else { return nil }
            out.append(byte)
            i += 2
        }
        return String(decoding: out, as: UTF8.self)
    }
}
