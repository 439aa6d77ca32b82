// SPDX-License-Identifier: MIT
import Foundation
import Logging
import Synchronization
import Testing
import TransitionClient
import TransitionConfig
@testable import TransitionDaemon
import TransitionProtocol
import TransitionServer
import TransitionSystemd
import TransitionTestSupport

/// A seat whose active session the test sets.
final class FakeSessionSource: SessionSource {
    let seat: String
    private(set) var current: SessionInfo?
    private var onChange: ((SessionInfo?) -> Void)?
    private(set) var started = 0, stopped = 0

    init(seat: String, current: SessionInfo?) { self.seat = seat; self.current = current }

    func start(on loop: EventLoop, onChange: @escaping (SessionInfo?) -> Void) throws(SystemError) {
        started += 1
        self.onChange = onChange
    }

    func stop() { stopped += 1; onChange = nil }

    /// What logind would announce.
    func set(_ session: SessionInfo?) {
        current = session
        onChange?(session)
    }
}

/// Carries loop-confined objects to the test thread; they are only touched on the loop.
final class Confined<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// The daemon follows its session source into the server's policy (in process, with a fake
/// seat): mode choice, session changes, lock, and a reload to group mode.
@Suite struct DaemonSessionTests {
    final class Running: @unchecked Sendable {
        let daemon: Daemon
        let source: FakeSessionSource
        let socket: String
        let thread: Thread
        let done = DispatchSemaphore(value: 0)

        /// A daemon on `config` over a fake seat whose active session is `session`; `logger` gets
        /// what it logs (nothing but critical entries by default).
        init(config: String, session: SessionInfo?, logger: Logger? = nil) throws {
            let dir = try DaemonProcess.temporaryDirectory()
            socket = dir.appendingPathComponent("transitiond.sock").path
            let configPath = dir.appendingPathComponent("config.toml").path
            try config.replaceFile(configPath)
            let configuration = try ConfigLoader.load(path: configPath)
            var quiet = Logger(label: "test.daemon")
            quiet.logLevel = .critical
            let logger = logger ?? quiet
            daemon = try Daemon(options: DaemonOptions(configPath: configPath, configPathExplicit: true, socketPath: socket,
                                                       noInput: true),
                                configuration: configuration, configPath: configPath, logLevel: nil, logger: logger)
            let source = FakeSessionSource(seat: "seat0", current: session)
            self.source = source
            daemon.logindPresence = { .running }
            daemon.makeSessionSource = { _ in source }
            let box = Confined(daemon)
            let done = self.done
            thread = Thread { try? box.value.run(); done.signal() }
            thread.start()
            for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) { usleep(20_000) }
        }

        /// Runs `body` on the daemon's loop and waits for it.
        func onLoop<R: Sendable>(_ body: @escaping @Sendable (Daemon, FakeSessionSource) -> R) -> R {
            let result = Mutex<R?>(nil)
            let ready = DispatchSemaphore(value: 0)
            let box = Confined((daemon, source))
            daemon.loop.remote.execute {
                let value = body(box.value.0, box.value.1)
                result.withLock { $0 = value }
                ready.signal()
            }
            ready.wait()
            return result.withLock { $0! }
        }

        func stop() {
            let box = Confined(daemon)
            daemon.loop.remote.execute { box.value.shutdown() }
            done.wait()
            try? FileManager.default.removeItem(atPath: (socket as NSString).deletingLastPathComponent)
        }
    }

    static let alice = SessionInfo(id: "c1", uid: 1000, user: "alice")

    @Test func theDaemonFollowsTheSeatIntoItsPolicy() throws {
        let running = try Running(config: "[access]\nalways = [4242]\n", session: Self.alice)
        defer { running.stop() }
        let policy = running.onLoop { daemon, source in (daemon.server?.deliveryPolicy, source.started) }
        #expect(policy.1 == 1)
        #expect(policy.0 == DeliveryPolicy(mode: .activeSession, modeReason: "default: logind runs", always: [4242],
                                           seat: "seat0", session: Self.alice, unmappedUID: UserNamespaceMap.unmappedPeerUID()))

        let locked = SessionInfo(id: "c1", uid: 1000, user: "alice", locked: true)
        let after = running.onLoop { daemon, source in
            source.set(locked)
            return daemon.server?.deliveryPolicy.session
        }
        #expect(after == locked)
        let none = running.onLoop { daemon, source in
            source.set(nil)
            return daemon.server?.deliveryPolicy.decide(uid: 1000)
        }
        #expect(none == .paused(.noSession))

        // status over the socket says the same.
        let connection = try LineConnection(path: running.socket)
        _ = try connection.receiveLine() // hello
        try connection.send(Array(#"{"id":1,"request":"status"}"#.utf8) + [10])
        var status: StatusInfo?
        while let line = try connection.receiveLine() {
            if case .reply(let reply) = try decodeServerMessage(line).message, case .success(.status(let info)) = reply.result {
                status = info
                break
            }
        }
        #expect(status?.access?.mode == .activeSession)
        #expect(status?.access?.session == nil)
        #expect(status?.access?.always == [4242])
    }

    @Test func aReloadToGroupModeStopsFollowingTheSeat() throws {
        let running = try Running(config: "[access]\nmode = \"active-session\"\n", session: Self.alice)
        defer { running.stop() }
        let dir = (running.socket as NSString).deletingLastPathComponent
        try "[access]\nmode = \"group\"\n".replaceFile(dir + "/config.toml")
        let result = running.onLoop { daemon, source in
            daemon.reload()
            return (daemon.server?.deliveryPolicy.mode, daemon.server?.deliveryPolicy.modeReason, source.stopped)
        }
        #expect(result.0 == .group)
        #expect(result.1 == "configured")
        #expect(result.2 == 1)
    }
}
