// SPDX-License-Identifier: MIT
import Glibc
import Logging
import Testing
import TransitionProtocol
import TransitionTouchegg
@testable import TransitionServer

/// Each protocol's own state, in its connection handler: a native session's subscription
/// decides what it takes, and a paused one takes nothing; a Touchégg session takes nothing
/// before `BEGIN` and no gesture below its floor; a closed connection lets go of its handler.
@Suite struct ConnectionHandlerTests {
    let core: SocketCore
    init() throws {
        core = SocketCore(loop: try EventLoop(), configuration: ServerConfiguration(), logger: Logger(label: "test"))
    }

    func connection(_ id: UInt64, fd: Int32 = -1) -> ClientConnection {
        ClientConnection(id: id, fd: fd, credentials: PeerCredentials(pid: 1, uid: 1000, gid: 1000), limits: ServerLimits(), nowUs: 0)
    }

    @Test func aNativeSessionTakesWhatItSubscribedToWhileOpenAndNotPaused() throws {
        var fds: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { Glibc.close(fds[1]) }
        let native = NativeProtocol(core: core)
        let connection = connection(1, fd: fds[0])
        let session = NativeSession(connection: connection, native: native)
        connection.handler = session
        session.subscription = Subscription(transitions: ["t"], frameRate: 50)
        #expect(!session.takes(.updated, of: "t"), "not admitted yet")
        session.opened(nowUs: 0)
        #expect(session.takes(.updated, of: "t"))
        #expect(!session.takes(.updated, of: "other"))
        #expect(session.isStreaming)
        #expect(session.frameIntervalUs == 20_000)
        connection.delivery = .paused(.inactive)
        session.deliveryChanged(from: .active, nowUs: 0)
        #expect(!session.takes(.updated, of: "t"))
        connection.delivery = .active
        session.deliveryChanged(from: .paused(.inactive), nowUs: 0)
        #expect(session.takes(.updated, of: "t"))
        core.close(connection, because: "test")
        #expect(!session.takes(.updated, of: "t"), "closed")
        #expect(connection.handler is ClosedConnection)
        session.subscription = nil
        #expect(!session.isStreaming)
    }

    @Test func aToucheggSessionTakesTheGesturesFromItsFloorOnceAuthenticated() throws {
        let listener = try UnixListener.bind(path: "\(try makeTemporaryDirectory())/t.sock")
        defer { listener.close() }
        let endpoint = ToucheggEndpoint(core: core, listener: listener, access: PeerAccessRule(ownerUID: nil, groupID: nil, everyone: true), machineID: "m")
        let session = ToucheggSession(connection: connection(2), endpoint: endpoint)
        var signal = ToucheggSignal(member: .begin, type: 1, direction: 4, percentage: 0, fingers: 3, deviceType: 1, elapsedMs: 0)
        signal.gesture = 5
        #expect(!session.takes(signal))
        #expect(!session.isStreaming)
        session.authenticated(floor: 6)
        #expect(!session.takes(signal))
        #expect(session.isStreaming)
        signal.gesture = 6
        #expect(session.takes(signal))
    }
}
