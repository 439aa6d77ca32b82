// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import Testing
import TransitionCore
import TransitionProtocol
import TransitionTouchegg
import TransitionServer

/// The Touchégg endpoint over a real abstract socket: the handshake, a published signal, a method
/// call, and a peer the access rule refuses.
@Suite struct ToucheggEndpointTests {
    /// A raw D-Bus peer: connects to `@name`, reads with a 10 s safety timeout.
    final class Peer {
        let fd: Int32
        var buffer: [UInt8] = []

        init(abstract name: String) throws {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(name.utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw[0] = 0
                for (i, b) in bytes.enumerated() { raw[i + 1] = b }
            }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + bytes.count)
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
            }
            guard result == 0 else { throw TestClientError("connect @\(name) failed") }
        }

        deinit { Glibc.close(fd) }

        func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }

        /// Reads more; `false` at end of stream.
        func fill() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return false }
            buffer += chunk[0..<n]
            return true
        }

        func line() throws -> String {
            while true {
                if let cr = buffer.firstIndex(of: 0x0D), cr + 1 < buffer.count {
                    let text = String(decoding: buffer[..<cr], as: UTF8.self)
                    buffer.removeFirst(cr + 2)
                    return text
                }
                guard fill() else { throw TestClientError("closed") }
            }
        }

        func message() throws -> DBusIncomingMessage {
            while true {
                if let length = try DBusIncomingMessage.frameLength(buffer[...]), buffer.count >= length {
                    defer { buffer.removeFirst(length) }
                    return try DBusIncomingMessage(decoding: buffer[0..<length])
                }
                guard fill() else { throw TestClientError("closed") }
            }
        }

        func authenticate(as user: UInt32 = getuid()) throws {
            let uid = Array(String(user).utf8).map { String($0, radix: 16) }.joined()
            send([0] + Array("AUTH EXTERNAL \(uid)\r\n".utf8))
            #expect(try line().hasPrefix("OK "))
            send(Array("BEGIN\r\n".utf8))
        }
    }

    static func serve(_ harness: ServerHarness, access: PeerAccessRule) -> String {
        let name = "transitiond-test-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        harness.onLoop { context in
            let listener = try! UnixListener.bindAbstract(name: name)
            try! context.server.serveTouchegg(listener: listener, access: access, nextGesture: { 0 }, openGestures: { _ in [] })
        }
        return name
    }

    @Test func anAuthenticatedClientReceivesEachSignalOnce() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        let name = Self.serve(harness, access: PeerAccessRule(ownerUID: getuid(), groupID: nil))
        let a = try Peer(abstract: name), b = try Peer(abstract: name)
        try a.authenticate(); try b.authenticate()
        // A ping makes sure the server has seen BEGIN before publishing.
        for peer in [a, b] {
            peer.send(DBusMessage.encode(type: .methodCall, serial: 1,
                                         fields: DBusHeaderFields(path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping")))
            #expect(try peer.message().fields.replySerial == 1)
        }
        let signals = [ToucheggSignal(member: .begin, type: 1, direction: 4, percentage: 0, fingers: 3, deviceType: 1, elapsedMs: 0),
                       ToucheggSignal(member: .end, type: 1, direction: 4, percentage: 100, fingers: 3, deviceType: 1, elapsedMs: 90)]
        harness.onLoop { context in for s in signals { context.server.publishTouchegg(s) } }
        for peer in [a, b] {
            let begin = try peer.message(), end = try peer.message()
            #expect(begin.fields.member == "OnGestureBegin" && end.fields.member == "OnGestureEnd")
            #expect(begin.serial < end.serial)
        }
    }

    /// The gesture numbers the endpoint's tracker would give: the test moves them on.
    final class Gestures: @unchecked Sendable {
        var next: UInt64 = 1
        var open: [ToucheggSignal] = []
    }

    static func signal(_ member: ToucheggSignal.Member, gesture: UInt64, _ percentage: Double = 50) -> ToucheggSignal {
        var s = ToucheggSignal(member: member, type: 1, direction: 4, percentage: percentage, fingers: 3, deviceType: 1, elapsedMs: 10)
        s.gesture = gesture
        return s
    }

    static func ping(_ peer: Peer, serial: UInt32 = 1) throws {
        peer.send(DBusMessage.encode(type: .methodCall, serial: serial,
                                     fields: DBusHeaderFields(path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping")))
        #expect(try peer.message().fields.replySerial == serial)
    }

    /// Issue 23, point 7: a client whose delivery paused mid-gesture got that gesture's End (a
    /// cancel); resumed before the gesture is over, it gets no Update or End of it again, and the
    /// next gesture whole. A client that authenticates mid-gesture gets nothing of that one.
    @Test func aClientGetsEachGesturesEndOnceAcrossAPauseAndNoneWithoutItsBegin() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        // Not root, whom every policy lets receive: the peers are uid 1000 to the server.
        let me: UInt32 = 1000
        harness.onLoop { context in context.server.peerCredentials = { _ in PeerCredentials(pid: 1, uid: me, gid: me) } }
        let gestures = Gestures()
        let name = "transitiond-test-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        harness.onLoop { context in
            let listener = try! UnixListener.bindAbstract(name: name)
            try! context.server.serveTouchegg(listener: listener, access: PeerAccessRule(ownerUID: me, groupID: nil),
                                              nextGesture: { gestures.next }, openGestures: { _ in gestures.open })
        }
        let mine = SessionInfo(id: "c1", uid: me, user: "me"), other = SessionInfo(id: "c2", uid: me &+ 1, user: "other")
        @Sendable func policy(_ session: SessionInfo) -> DeliveryPolicy {
            DeliveryPolicy(mode: .activeSession, modeReason: "test", always: [], seat: "seat0", session: session)
        }
        harness.onLoop { $0.server.setDeliveryPolicy(policy(mine)) }
        let a = try Peer(abstract: name)
        try a.authenticate(as: me)
        try Self.ping(a)
        harness.onLoop { context in
            gestures.next = 2
            gestures.open = [Self.signal(.end, gesture: 1, 0)]
            context.server.publishTouchegg(Self.signal(.begin, gesture: 1, 0))
        }
                #expect(try a.message().fields.member == "OnGestureBegin")
        // Mid-gesture, b connects: nothing of gesture 1 for it.
        let b = try Peer(abstract: name)
        try b.authenticate(as: me)
        try Self.ping(b)
        // a's session goes to the background: a gets gesture 1's End now (a cancel) …
        harness.onLoop { $0.server.setDeliveryPolicy(policy(other)) }
        let owed = try a.message()
        #expect(owed.fields.member == "OnGestureEnd")
        // … and comes back before the gesture is over: the rest of gesture 1 is not a's.
        harness.onLoop { context in
            context.server.setDeliveryPolicy(policy(mine))
            context.server.publishTouchegg(Self.signal(.update, gesture: 1))
            var settling = Self.signal(.update, gesture: 1)
            settling.settles = true
            context.server.publishTouchegg(settling)
            context.server.publishTouchegg(Self.signal(.end, gesture: 1, 100))
            gestures.open = []
            gestures.next = 3
            context.server.publishTouchegg(Self.signal(.begin, gesture: 2, 0))
            context.server.publishTouchegg(Self.signal(.end, gesture: 2, 100))
        }
        for peer in [a, b] {
            #expect(try peer.message().fields.member == "OnGestureBegin")
            #expect(try peer.message().fields.member == "OnGestureEnd")
        }
    }

    @Test func aClientRefusedAtTheCapLeavesTheOthersStreaming() throws {
        let harness = try ServerHarness(configuration: ServerConfiguration(maxClients: 128, maxClientsPerUser: 1))
        defer { harness.stop() }
        let name = Self.serve(harness, access: PeerAccessRule(ownerUID: getuid(), groupID: nil))
        let first = try Peer(abstract: name)
        try first.authenticate()
        first.send(DBusMessage.encode(type: .methodCall, serial: 1,
                                      fields: DBusHeaderFields(path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping")))
        _ = try first.message()
        let second = try Peer(abstract: name)
        #expect(!second.fill())
        harness.onLoop { context in
            context.server.publishTouchegg(ToucheggSignal(member: .begin, type: 1, direction: 1, percentage: 0, fingers: 4,
                                                          deviceType: 1, elapsedMs: 0))
        }
        #expect(try first.message().fields.member == "OnGestureBegin")
    }

    @Test func aPeerTheRuleRefusesIsClosedBeforeTheHandshake() throws {
        let harness = try ServerHarness()
        defer { harness.stop() }
        harness.onLoop { context in
            context.server.peerCredentials = { _ in PeerCredentials(pid: 1, uid: 4242, gid: 4242) }
            context.server.peerGroups = { _ in [100] }
        }
        let name = Self.serve(harness, access: PeerAccessRule(ownerUID: 0, groupID: 990))
        let peer = try Peer(abstract: name)
        peer.send([0] + Array("AUTH EXTERNAL 34323432\r\n".utf8))
        #expect(!peer.fill())
        // In the socket's group by a supplementary group: admitted.
        harness.onLoop { context in context.server.peerGroups = { _ in [100, 990] } }
        let member = try Peer(abstract: name)
        member.send([0] + Array("AUTH EXTERNAL 34323432\r\n".utf8))
        #expect(try member.line().hasPrefix("OK "))
    }
}
