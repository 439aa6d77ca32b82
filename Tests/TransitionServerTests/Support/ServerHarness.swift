// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Logging
import Synchronization
import TransitionCore
import TransitionProtocol
import TransitionServer

/// What lives on the harness's loop thread.
final class LoopContext {
    let loop: EventLoop
    let server: TransitionServer
    /// The stand-in engine (also present, unused, when `engine` serves instead).
    let delegate: ScriptedDelegate
    /// The real engine, when the harness was asked for it.
    let engine: EngineDelegate?

    init(loop: EventLoop, server: TransitionServer, delegate: ScriptedDelegate, engine: EngineDelegate?) {
        self.loop = loop; self.server = server; self.delegate = delegate; self.engine = engine
    }
}

/// Carries a loop-confined object to other threads. Safe because the harness only ever
/// dereferences `value` inside work it runs on the loop's own thread (`remote.execute`).
final class LoopConfined<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// An in-process server on the real event loop, running on its own thread, bound to a socket in
/// a fresh temporary directory.
final class ServerHarness: Sendable {
    let directory: String
    let path: String
    private let remote: EventLoop.Remote
    private let context: LoopConfined<LoopContext>
    private let stopped = DispatchSemaphore(value: 0)

    struct StartError: Error, CustomStringConvertible { var description: String }

    init(configuration: ServerConfiguration = ServerConfiguration(),
         transitions: [TransitionInfo] = ScriptedDelegate.standardTransitions,
         engine engineConfiguration: EngineConfiguration? = nil,
         listener makeListener: (@Sendable (String) throws -> UnixListener)? = nil) throws {
        let directory = try makeTemporaryDirectory()
        let path = "\(directory)/transitiond.sock"
        self.directory = directory
        self.path = path
        let ready = DispatchSemaphore(value: 0)
        let started = Mutex<Result<(EventLoop.Remote, LoopConfined<LoopContext>), StartError>?>(nil)
        let stopped = self.stopped
        let thread = Thread {
            do {
                let loop = try EventLoop()
                let listener = try makeListener?(path) ?? UnixListener.bind(path: path)
                var logger = Logger(label: "test.server")
                logger.logLevel = .warning
                let server = TransitionServer(loop: loop, listener: listener, configuration: configuration, logger: logger)
                let delegate = ScriptedDelegate(transitions: transitions)
                delegate.server = server
                server.delegate = delegate
                var engine: EngineDelegate?
                if let engineConfiguration {
                    engine = try EngineDelegate(configuration: engineConfiguration, server: server)
                    server.delegate = engine
                }
                try server.start()
                let context = LoopContext(loop: loop, server: server, delegate: delegate, engine: engine)
                started.withLock { $0 = .success((loop.remote, LoopConfined(context))) }
                ready.signal()
                try loop.run()
                server.shutdown()
            } catch {
                started.withLock { $0 = .failure(StartError(description: "\(error)")) }
                ready.signal()
            }
            stopped.signal()
        }
        thread.start()
        ready.wait()
        let (remote, context) = try started.withLock { $0! }.get()
        self.remote = remote
        self.context = context
    }

    /// Runs `body` on the loop's thread and returns its result.
    @discardableResult
    func onLoop<R: Sendable>(_ body: @escaping @Sendable (LoopContext) -> R) -> R {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<R?>(nil)
        let context = self.context
        remote.execute {
            let value = body(context.value)
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }

    /// Publishes events on the loop's thread, in order.
    func publish(_ events: [TransitionEvent]) {
        onLoop { context in for event in events { context.server.publish(event) } }
    }

    /// Stops the server (goodbye to every client) and the loop, and removes the directory.
    func stop() {
        remote.stop()
        stopped.wait()
        _ = try? FileManager.default.removeItem(atPath: directory)
    }
}

func makeTemporaryDirectory() throws -> String {
    var template = Array("/tmp/transitiond-test-XXXXXX".utf8CString)
    guard let result = mkdtemp(&template) else { throw ServerHarness.StartError(description: "mkdtemp failed") }
    return String(cString: result)
}
