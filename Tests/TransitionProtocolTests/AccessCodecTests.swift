// SPDX-License-Identifier: MIT
import Testing
import TransitionCore
import TransitionProtocol

/// What logind-aware delivery adds to the wire: `delivery`, `delivery_paused`, `session_changed`,
/// and `access` / `delivery` in `status`.
@Suite struct AccessCodecTests {
    static func roundTrip(_ message: ServerMessage) throws -> (line: String, decoded: ServerMessage) {
        var encoder = MessageEncoder()
        let line = encoder.line(for: message, seq: 5)
        return (String(decoding: line.dropLast(), as: UTF8.self), try decodeServerMessage(line.dropLast()).message)
    }

    @Test func aDeliveryNoticeIsAnEventOfItsOwnThatOlderClientsSkip() throws {
        let paused = DeliveryNotice(state: .paused, reason: .inactive, message: "another user's session is active on seat0", timeUs: 7)
        var encoder = MessageEncoder()
        let kind = encoder.encodeBody(paused)
        #expect(kind == .other("delivery"))
        var line: [UInt8] = []
        MessageEncoder.appendLine(kind: kind, seq: 2, body: encoder.body, to: &line)
        let text = String(decoding: line, as: UTF8.self)
        #expect(text == #"{"event":"delivery","seq":2,"state":"paused","reason":"inactive","time_us":7,"message":"another user's session is active on seat0"}"# + "\n")
        let decoded = try decodeServerMessage(line.dropLast())
        guard case .unknown("delivery", _) = decoded.message else { Issue.record("\(decoded)"); return }
        #expect(DeliveryNotice(decoded.message) == paused)

        let resumed = DeliveryNotice(state: .resumed, message: "transition events flow again", timeUs: 9)
        let kind2 = encoder.encodeBody(resumed)
        line = []
        MessageEncoder.appendLine(kind: kind2, seq: 3, body: encoder.body, to: &line)
        #expect(!String(decoding: line, as: UTF8.self).contains("reason"))
        #expect(DeliveryNotice(try decodeServerMessage(line.dropLast()).message) == resumed)
        #expect(DeliveryNotice(.goodbye(Goodbye(reason: .shutdown, message: ""))) == nil)
    }

    @Test func statusCarriesTheAccessModeTheSessionAndEachClientsDelivery() throws {
        let access = AccessInfo(mode: .activeSession, modeReason: "default: logind runs", seat: "seat0", always: [115],
                                session: SessionInfo(id: "3", uid: 1000, user: "alice", locked: true, sessionClass: "user", state: "active"))
        let status = StatusInfo(server: "transitiond 0.1.0", protocolVersion: 1, pid: 1, uptimeUs: 2, devices: [],
                                clients: [ClientInfo(id: 1, pid: 10, uid: 1000, gid: 1000, subscription: nil, queuedMessages: 0,
                                                     queuedBytes: 0, delivery: .active),
                                          ClientInfo(id: 2, pid: 11, uid: 1001, gid: 1001, subscription: nil, queuedMessages: 0,
                                                     queuedBytes: 0, delivery: .paused(.inactive))],
                                counters: [:], transitions: [], access: access)
        let message = ServerMessage.reply(Reply(id: .int(1), request: "status", result: .success(.status(status))))
        let (line, decoded) = try Self.roundTrip(message)
        #expect(decoded == message)
        #expect(line.contains(#""delivery":"paused","paused_reason":"inactive""#))
        #expect(line.contains(#""access":{"mode":"active-session","mode_reason":"default: logind runs","seat":"seat0","always":[115],"session":{"id":"3","uid":1000,"user":"alice","locked":true,"class":"user","state":"active"}}"#))

        // Group mode: no seat, no session; an older server: no access at all.
        var group = status
        group.access = AccessInfo(mode: .group, modeReason: "configured")
        let groupMessage = ServerMessage.reply(Reply(id: .int(2), request: "status", result: .success(.status(group))))
        let (groupLine, groupDecoded) = try Self.roundTrip(groupMessage)
        #expect(groupDecoded == groupMessage)
        #expect(groupLine.contains(#""access":{"mode":"group","mode_reason":"configured","seat":null,"always":[],"session":null}"#))
        var old = status
        old.access = nil
        old.clients = old.clients.map { var c = $0; c.delivery = nil; return c }
        let oldMessage = ServerMessage.reply(Reply(id: .int(3), request: "status", result: .success(.status(old))))
        #expect(try Self.roundTrip(oldMessage).decoded == oldMessage)
    }

    @Test func theRefusalAndTheEndReasonAreNamed() throws {
        let refusal = ServerMessage.reply(Reply(id: .int(4), request: "trigger", result: .failure(
            ProtocolError(.deliveryPaused, "trigger refused: delivery is paused for this connection (locked)", id: .int(4)))))
        let (line, decoded) = try Self.roundTrip(refusal)
        #expect(line.contains(#""code":"delivery_paused""#))
        #expect(decoded == refusal)
        let ended = ServerMessage.transition(TransitionEvent(transition: "overview", gesture: 3, timeUs: 1, payload: .ended(
            EndedEvent(outcome: .cancel, reason: .sessionChanged, from: 0.4, to: 0, velocity: 0, animation: .none(to: 0)))))
        let (endedLine, endedDecoded) = try Self.roundTrip(ended)
        #expect(endedLine.contains(#""outcome":"cancel","reason":"session_changed""#))
        #expect(endedDecoded == ended)
    }
}
