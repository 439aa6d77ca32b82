// SPDX-License-Identifier: MIT
import Testing
import TransitionTouchegg

/// A connection on `@touchegg` as the server reads it: the NUL byte, SASL, then messages, in
/// whatever pieces the bytes arrive.
@Suite struct ToucheggConversationTests {
    static let guid = "0123456789abcdef0123456789abcdef"

    /// Feeds `chunks` one after the other, as reads would; returns the steps and what is left.
    static func run(_ conversation: inout ToucheggConversation, _ chunks: [[UInt8]]) -> ([ToucheggConversation.Step], [UInt8]) {
        var inbox: [UInt8] = [], steps: [ToucheggConversation.Step] = []
        var serial: UInt32 = 0
        for chunk in chunks {
            inbox += chunk
            let consumed = conversation.read(inbox, machineID: "m", nextSerial: { serial += 1; return serial }) { steps.append($0) }
            inbox.removeFirst(consumed)
        }
        return (steps, inbox)
    }

    static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func aHandshakeInPiecesThenAPingIsAnswered() {
        var c = ToucheggConversation(peerUID: 1000, guid: Self.guid)
        let ping = DBusMessage.encode(type: .methodCall, serial: 7,
                                      fields: DBusHeaderFields(path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping"))
        let (steps, left) = Self.run(&c, [[0] + Self.text("AUTH EXTERNAL 31303030\r"), Self.text("\nBEGIN\r\n"),
                                          Array(ping[0..<10]), Array(ping[10...])])
        #expect(left.isEmpty)
        #expect(c.isAuthenticated)
        #expect(steps.count == 4)
        #expect(steps[0] == .send(Self.text("OK \(Self.guid)\r\n")))
        #expect(steps[1] == .authenticated)
        #expect(steps[2] == .request)
        guard case .send(let bytes) = steps[3] else { Issue.record("no reply: \(steps)"); return }
        #expect(throws: Never.self) {
            let reply = try DBusIncomingMessage(decoding: bytes[...])
            #expect(reply.fields.replySerial == 7)
        }
    }

    @Test func anotherUidIsRejectedAndNotAuthenticated() {
        var c = ToucheggConversation(peerUID: 1000, guid: Self.guid)
        let (steps, _) = Self.run(&c, [[0] + Self.text("AUTH EXTERNAL 30\r\nBEGIN\r\n")])
        #expect(steps.first == .send(Self.text("REJECTED EXTERNAL\r\n")))
        #expect(!steps.contains(.authenticated))
        #expect(!c.isAuthenticated)
    }

    @Test func aFirstByteOtherThanNulCloses() {
        var c = ToucheggConversation(peerUID: 1000, guid: Self.guid)
        let (steps, _) = Self.run(&c, [Self.text("AUTH EXTERNAL 31303030\r\n")])
        #expect(steps == [.close("did not open the D-Bus handshake with a NUL byte")])
    }

    @Test func aLineThatNeverEndsCloses() {
        var c = ToucheggConversation(peerUID: 1000, guid: Self.guid)
        let (steps, _) = Self.run(&c, [[0] + [UInt8](repeating: UInt8(ascii: "A"), count: DBusMessage.maxIncomingBytes + 1)])
        guard case .close(let why) = steps.last else { Issue.record("not closed: \(steps)"); return }
        #expect(why.contains("without completing a line or message"))
    }

    @Test func aMalformedMessageCloses() {
        var c = ToucheggConversation(peerUID: 1000, guid: Self.guid)
        let (steps, _) = Self.run(&c, [[0] + Self.text("AUTH EXTERNAL 31303030\r\nBEGIN\r\n") + Self.text("X234567890123456")])
        guard case .close(let why) = steps.last else { Issue.record("not closed: \(steps)"); return }
        #expect(why.hasPrefix("sent a malformed D-Bus message"))
    }
}
