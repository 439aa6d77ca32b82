// SPDX-License-Identifier: MIT
import Foundation
import Logging
import Synchronization
import Testing
import TransitionProtocol
import TransitionIO
@testable import TransitionSystemd

/// The real ``LogindSessionSource`` against stand-ins for logind (`tests/logind/run` sets them up:
/// a private /run/systemd and a fake logind on a private bus). Skipped elsewhere.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["TRANSITIOND_LOGIND_FIXTURE"] == "1"))
struct LogindSessionSourceTests {
    /// Writes a logind state file the way logind does: a temporary file renamed into place.
    static func write(_ path: String, _ lines: [String]) throws {
        let temp = path + ".tmp"
        try (lines.joined(separator: "\n") + "\n").write(toFile: temp, atomically: false, encoding: .utf8)
        guard rename(temp, path) == 0 else { throw TestClientError("rename \(path)") }
    }

    static func seat(active: String?, uid: UInt32?) throws {
        var lines = ["# This is private data. Do not parse.", "IS_SEAT0=1", "CAN_MULTI_SESSION=1", "SESSIONS=c1 c2", "UIDS=0 1"]
        if let active, let uid { lines += ["ACTIVE=\(active)", "ACTIVE_UID=\(uid)"] }
        try write("/run/systemd/seats/seat0", lines)
    }

    static func session(_ id: String, uid: UInt32, state: String) throws {
        try write("/run/systemd/sessions/\(id)", ["UID=\(uid)", "USER=u\(uid)", "ACTIVE=\(state == "active" ? 1 : 0)",
                                                  "STATE=\(state)", "SEAT=seat0", "CLASS=user", "TYPE=tty"])
    }

    /// Busctl against the private bus, as a screen locker's SetLockedHint.
    static func setLockedHint(_ session: String, _ locked: Bool) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/busctl")
        process.arguments = ["--system", "call", "org.freedesktop.login1", "/org/freedesktop/login1/session/\(session)",
                             "org.freedesktop.login1.Session", "SetLockedHint", "b", locked ? "true" : "false"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    final class Running: @unchecked Sendable {
        let loop: EventLoop
        let source: LogindSessionSource
        /// Every session the source announced, in order.
        final class Changes: Sendable {
            let list = Mutex<[SessionInfo?]>([])
        }
        let changes = Changes()
        let done = DispatchSemaphore(value: 0)

        init() throws {
            loop = try EventLoop()
            var logger = Logger(label: "test.logind")
            logger.logLevel = .error
            source = LogindSessionSource(seat: "seat0", logger: logger)
            let changes = self.changes
            try source.start(on: loop) { session in changes.list.withLock { $0.append(session) } }
            let box = LoopConfined(loop)
            let done = self.done
            Thread { try? box.value.run(); done.signal() }.start()
        }

        func current() -> SessionInfo? {
            let result = Mutex<SessionInfo??>(nil)
            let ready = DispatchSemaphore(value: 0)
            let box = LoopConfined(source)
            loop.remote.execute { result.withLock { $0 = .some(box.value.current) }; ready.signal() }
            ready.wait()
            return result.withLock { $0! }
        }

        /// Waits up to 10 s for `predicate` to hold of the source's current session.
        func wait(for predicate: (SessionInfo?) -> Bool) -> SessionInfo? {
            var session = current()
            for _ in 0..<200 where !predicate(session) {
                usleep(50_000)
                session = current()
            }
            return session
        }

        func stop() {
            let box = LoopConfined(source)
            loop.remote.execute { box.value.stop() }
            loop.remote.stop()
            done.wait()
        }
    }

    @Test func followsTheActiveSessionAndItsLockedHint() throws {
        try Self.session("c1", uid: 0, state: "active")
        try Self.session("c2", uid: 1, state: "online")
        try Self.seat(active: "c1", uid: 0)
        let running = try Running()
        defer { running.stop() }
        let first = running.wait { $0?.id == "c1" }
        #expect(first == SessionInfo(id: "c1", uid: 0, user: "root", locked: false, sessionClass: "user", state: "active"))

        // chvt 2: logind rewrites the seat file.
        try Self.session("c2", uid: 1, state: "active")
        try Self.seat(active: "c2", uid: 1)
        let second = running.wait { $0?.id == "c2" && $0?.state == "active" }
        #expect(second?.id == "c2" && second?.uid == 1 && second?.locked == false)

        // A screen locker sets the locked hint; only the bus says so.
        try Self.setLockedHint("c2", true)
        #expect(running.wait { $0?.locked == true }?.locked == true)
        try Self.setLockedHint("c2", false)
        #expect(running.wait { $0?.locked == false }?.locked == false)
        // A hint set on a session in the background is known when it becomes active.
        try Self.setLockedHint("c1", true)
        usleep(300_000)
        try Self.seat(active: "c1", uid: 0)
        let back = running.wait { $0?.id == "c1" && $0?.locked == true }
        #expect(back?.id == "c1" && back?.locked == true)

        // Nobody active.
        try Self.seat(active: nil, uid: nil)
        #expect(running.wait { $0 == nil } == nil)
        let changes = running.changes.list.withLock { $0 }
        #expect(changes.count >= 5, "\(changes)")
        #expect(changes.last! == nil)
    }

    /// Stops or starts the private bus and the fake logind (`tests/logind/run --bus`).
    /// (Through system(3), not Process: Process waits for the end of a descriptor its child
    /// inherits, which the daemons started in the background keep open.)
    static func bus(_ arguments: [String]) {
        let command = ([FileManager.default.currentDirectoryPath + "/tests/logind/run", "--bus"] + arguments).joined(separator: " ")
        #expect(system(command + " > /dev/null") == 0)
    }

    /// The bus goes away while the active session is locked: it stays locked (fail closed) while
    /// the bus is away; once the bus is back (with logind, which now says the session is
    /// unlocked), the source reconnects by itself, asks again and follows the answer; a lock
    /// after that is followed as before. (It once kept the last hints for good, and a session
    /// locked before a drop stayed paused until a restart.)
    @Test func aLockedSessionStaysLockedWhileTheBusIsAwayAndIsReadAgainOnceItIsBack() throws {
        try Self.session("c1", uid: 0, state: "active")
        try Self.session("c2", uid: 1, state: "online")
        try Self.seat(active: "c1", uid: 0)
        Self.bus(["stop"])
        Self.bus(["start", "c1", "c2"])
        let running = try Running()
        defer {
            running.stop()
            Self.bus(["stop"])
            Self.bus(["start", "c1", "c2"])
        }
        #expect(running.wait { $0?.id == "c1" }?.locked == false)
        try Self.setLockedHint("c1", true)
        #expect(running.wait { $0?.locked == true }?.locked == true)

        Self.bus(["stop"])
        usleep(1_500_000)
        #expect(running.current()?.locked == true, "a locked session stays locked while the bus is away")

        Self.bus(["start", "c1", "c2"]) // logind's answer now: unlocked
        #expect(running.wait { $0?.locked == false }?.locked == false, "the hint is read again once the bus is back")
        try Self.setLockedHint("c1", true)
        #expect(running.wait { $0?.locked == true }?.locked == true, "and followed again")
    }

    @Test func pathsUseSdBusEscaping() {
        #expect(LockedHintWatcher.path(of: "c2") == "/org/freedesktop/login1/session/c2")
        #expect(LockedHintWatcher.path(of: "3") == "/org/freedesktop/login1/session/_33")
        #expect(LockedHintWatcher.session(atPath: "/org/freedesktop/login1/session/_33") == "3")
        #expect(LockedHintWatcher.session(atPath: "/org/freedesktop/login1/user/_31000") == nil)
    }
}

/// The object-path helpers need no bus.
@Suite struct LockedHintPathTests {
    @Test func sessionPathsRoundTrip() {
        for id in ["c1", "3", "42", "c12"] {
            let path = LockedHintWatcher.path(of: id)
            #expect(path != nil)
            #expect(LockedHintWatcher.session(atPath: path!) == id)
        }
        #expect(LockedHintWatcher.path(of: "3") == "/org/freedesktop/login1/session/_33")
    }
}
