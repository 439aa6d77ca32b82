// SPDX-License-Identifier: MIT
/// One client's side of a connection on `@touchegg`, as Touchégg's daemon (a GDBus server) holds
/// it: the NUL byte that opens it, the SASL handshake (``DBusAuthentication``), then D-Bus
/// messages, each method call answered by ``ToucheggObject``.
///
/// Pure: the server hands it the bytes received so far, writes back what it says, and drops the
/// bytes it consumed. The signals themselves are not its business: the server sends them to
/// every authenticated client (``ToucheggSignalEncoder``).
public struct ToucheggConversation: Sendable {
    /// What the server must do about what the client sent.
    public enum Step: Sendable, Hashable {
        /// Write these bytes to the client, in order (a SASL line, a reply).
        case send([UInt8])
        /// `BEGIN`: the client takes signals from now on.
        case authenticated
        /// A whole message was read (a request, for the counters); its reply, if any, follows
        /// as ``send(_:)``.
        case request
        /// Close the connection, for this reason (for the log).
        case close(String)
    }

    private var greeted = false
    private var authentication: DBusAuthentication

    /// A conversation with a peer of `peerUID` (SO_PEERCRED), with the server's `guid` for `OK`.
    public init(peerUID: UInt32, guid: String) {
        authentication = DBusAuthentication(peerUID: peerUID, guid: guid)
    }

    /// Past `BEGIN`: what follows is D-Bus messages, and the client takes signals.
    public var isAuthenticated: Bool { authentication.state == .begun }

    /// Reads every whole line (during the handshake) and message (after it) at the front of
    /// `inbox`, calling `step` for each thing to do, and returns how many bytes it consumed.
    /// After a ``Step/close(_:)`` it reads nothing more. `nextSerial` numbers each reply;
    /// `machineID` is what `GetMachineId` answers.
    public mutating func read(_ inbox: [UInt8], machineID: String, nextSerial: () -> UInt32,
                              step: (Step) -> Void) -> Int {
        var start = 0
        if !greeted {
            guard let first = inbox.first else { return 0 }
            guard first == 0 else {
                step(.close("did not open the D-Bus handshake with a NUL byte"))
                return 0
            }
            greeted = true
            start = 1
        }
        while !isAuthenticated {
            guard let cr = Self.crlf(in: inbox, from: start) else { break }
            let answer = authentication.handle(line: inbox[start..<cr])
            start = cr + 2
            switch answer {
            case .reply(let line):
                step(.send(Array((line + "\r\n").utf8)))
            case .begin:
                step(.authenticated)
            case .close(let why):
                step(.close(why))
                return start
            }
        }
        while isAuthenticated {
            let length: Int?
            do {
                length = try DBusIncomingMessage.frameLength(inbox[start...])
            } catch {
                step(.close("sent a malformed D-Bus message: \(error)"))
                return start
            }
            guard let length, inbox.count - start >= length else { break }
            do {
                let message = try DBusIncomingMessage(decoding: inbox[start..<start + length])
                step(.request)
                if let reply = ToucheggObject.reply(to: message, serial: nextSerial(), machineID: machineID) {
                    step(.send(reply))
                }
            } catch {
                step(.close("sent a malformed D-Bus message: \(error)"))
                return start
            }
            start += length
        }
        // A handshake line or a message never needs more than this.
        if inbox.count - start > DBusMessage.maxIncomingBytes {
            step(.close("sent more than \(DBusMessage.maxIncomingBytes) bytes without completing a line or message"))
        }
        return start
    }

    private static func crlf(in bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == 0x0D && bytes[i + 1] == 0x0A { return i }
            i += 1
        }
        return nil
    }
}
