// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Logging
import Synchronization
import TransitionCore
import TransitionProtocol
import TransitionServer

/// A minimal engine stand-in: two transitions, idle; `trigger` publishes began + ended.
final class StubDelegate: TransitionServerDelegate {
    weak var server: TransitionServer?
    var nextGesture: UInt64 = 500
    var infos = [TransitionInfo(name: "workspace"), TransitionInfo(name: "overview")]
    /// What clients declared, in order.
    var declared: [DeclaredTransition] = []
    func transitionInfos() -> [TransitionInfo] { infos }
    func transitionStates(atUs nowUs: UInt64) -> [TransitionState] {
        transitionInfos().map { TransitionState(name: $0.name, phase: .idle, gesture: nil, progress: 0, velocity: 0) }
    }
    func runTrigger(_ request: TriggerRequest) throws(EngineError) {
        nextGesture += 1
        let gesture = nextGesture
        let now = MonotonicClock.nowUs()
        let duration = request.duration ?? 0.05
        server?.loop.schedule(atUs: now + UInt64(duration * 1e6)) { [weak self] in
            self?.server?.publish(TransitionEvent(transition: request.transition, gesture: gesture, timeUs: MonotonicClock.nowUs(),
                                                  payload: .completed(CompletedEvent(finished: true, progress: 1))))
        }
        server?.publish(TransitionEvent(transition: request.transition, gesture: nextGesture, timeUs: now, payload: .began(
            BeganEvent(origin: .trigger(reverse: request.reverse), direction: nil, from: 0, interactive: false))))
        server?.publish(TransitionEvent(transition: request.transition, gesture: nextGesture, timeUs: now, payload: .ended(
            EndedEvent(outcome: .finish, reason: .trigger, from: 0, to: 1, velocity: 0,
                       animation: .curve(CurveAnimation(from: 0, to: 1, curve: .easeOutCubic, duration: duration))))))
    }
    func cancelTransitions(_ transition: String?) throws(EngineError) -> Int { 0 }
}

/// Declarations are kept as made (no engine behind them), each listed.
extension StubDelegate: TransitionDeclarationDelegate {
    func declareTransition(_ declaration: DeclaredTransition) throws(DeclarationError) -> [DeclaredGesture] {
        declared.removeAll { $0.spec.name == declaration.spec.name }
        declared.append(declaration)
        return declaration.ownedGestures
    }
    func updateDeclaredTransition(_ name: String, owner: UInt64, pages: Int?, page: Int?) throws(DeclarationError) {}
    func withdrawDeclaredTransition(_ name: String, owner: UInt64) throws(DeclarationError) {
        declared.removeAll { $0.spec.name == name }
    }
    func withdrawDeclaredTransitions(of owner: UInt64) { declared.removeAll { $0.owner.client == owner } }
}

/// Carries the loop's server across threads; only dereferenced on the loop's thread.
final class LoopConfined<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// A server on the real event loop, on its own thread, at `path`.
final class ClientHarness: Sendable {
    let path: String
    private let remote: EventLoop.Remote
    private let server: LoopConfined<TransitionServer>
    private let delegate: LoopConfined<StubDelegate>
    private let stopped = DispatchSemaphore(value: 0)

    init(path: String) throws {
        self.path = path
        let ready = DispatchSemaphore(value: 0)
        let started = Mutex<(EventLoop.Remote, LoopConfined<TransitionServer>, LoopConfined<StubDelegate>)?>(nil)
        let failure = Mutex<String?>(nil)
        let stopped = self.stopped
        Thread {
            do {
                let loop = try EventLoop()
                var logger = Logger(label: "test")
                logger.logLevel = .error
                let server = TransitionServer(loop: loop, listener: try UnixListener.bind(path: path), logger: logger)
                let delegate = StubDelegate()
                delegate.server = server
                server.delegate = delegate
                try server.start()
                started.withLock { $0 = (loop.remote, LoopConfined(server), LoopConfined(delegate)) }
                ready.signal()
                try loop.run()
                server.shutdown()
                _ = delegate
            } catch {
                failure.withLock { $0 = "\(error)" }
                ready.signal()
            }
            stopped.signal()
        }.start()
        ready.wait()
        if let message = failure.withLock({ $0 }) { throw TestFailure(message) }
        (remote, server, delegate) = started.withLock { $0! }
    }

    func publish(_ events: [TransitionEvent]) {
        let done = DispatchSemaphore(value: 0)
        let server = self.server
        remote.execute {
            for event in events { server.value.publish(event) }
            done.signal()
        }
        done.wait()
    }

    /// Replaces the configured transitions, as a reload would, and tells the clients.
    func setTransitions(_ names: [String]) {
        let done = DispatchSemaphore(value: 0)
        let server = self.server, delegate = self.delegate
        remote.execute {
            let before = delegate.value.infos
            delegate.value.infos = names.map { TransitionInfo(name: $0) }
            server.value.transitionsChanged(from: before)
            done.signal()
        }
        done.wait()
    }

    /// What clients declared: each name with its pages and current page.
    func declared() -> [(String, Pages?)] {
        let done = DispatchSemaphore(value: 0)
        let delegate = self.delegate
        let result = Mutex<[(String, Pages?)]>([])
        remote.execute {
            let list = delegate.value.declared.map { ($0.spec.name, $0.spec.pages) }
            result.withLock { $0 = list }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
    }

    func stop() {
        remote.stop()
        stopped.wait()
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func temporaryDirectory() throws -> String {
    var template = Array("/tmp/transitiond-client-XXXXXX".utf8CString)
    guard let result = mkdtemp(&template) else { throw TestFailure("mkdtemp failed") }
    return String(cString: result)
}
