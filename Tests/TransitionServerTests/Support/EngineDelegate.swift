// SPDX-License-Identifier: MIT
import TransitionCore
import TransitionProtocol
import TransitionServer

/// The real engine behind the server, wired the way the daemon wires it: every emitted event
/// published (and recorded), one loop timer at the engine's next deadline.
final class EngineDelegate: TransitionServerDelegate {
    var engine: TransitionEngine
    unowned let server: TransitionServer
    /// Everything the engine emitted, in order.
    var emitted: [TransitionEvent] = []
    private var timer: TimerID?

    init(configuration: EngineConfiguration, server: TransitionServer) throws {
        engine = try TransitionEngine(configuration: configuration)
        self.server = server
    }

    fileprivate func publish(_ event: TransitionEvent) {
        emitted.append(event)
        server.publish(event)
    }

    /// Feeds one input sample, as the input layer would.
    func handle(_ input: GestureInput) {
        engine.handle(input, emit: publish)
        reschedule()
    }

    fileprivate func reschedule() {
        if let timer { server.loop.cancelTimer(timer) }
        timer = nil
        guard let deadline = engine.nextDeadlineUs else { return }
        timer = server.loop.schedule(atUs: deadline) { [unowned self] in
            timer = nil
            engine.advance(toUs: MonotonicClock.nowUs(), emit: publish)
            reschedule()
        }
    }

    func transitionInfos() -> [TransitionInfo] { TransitionInfo.list(from: engine) }
    func transitionStates(atUs nowUs: UInt64) -> [TransitionState] { engine.states(atUs: nowUs) }

    func runTrigger(_ request: TriggerRequest) throws(EngineError) {
        let spec = engine.configuration.transitions.first { $0.name == request.transition }
        try engine.trigger(request.transition, reverse: request.reverse, duration: request.duration,
                           completion: request.completionStyle(defaultDuration: spec?.triggerDuration ?? 0.35),
                           nowUs: MonotonicClock.nowUs(), emit: publish)
        reschedule()
    }

    func cancelTransitions(_ transition: String?) throws(EngineError) -> Int {
        let count = try engine.cancel(transition, reason: .client, nowUs: MonotonicClock.nowUs(), emit: publish)
        reschedule()
        return count
    }
}

extension EngineDelegate: TransitionDeclarationDelegate {
    func declareTransition(_ declaration: DeclaredTransition) throws(DeclarationError) -> [DeclaredGesture] {
        let gestures = try engine.declare(declaration, nowUs: MonotonicClock.nowUs(), emit: publish)
        reschedule()
        return gestures
    }

    func updateDeclaredTransition(_ name: String, owner: UInt64, pages: Int?, page: Int?) throws(DeclarationError) {
        try engine.updateDeclared(name, owner: owner, pages: pages, page: page, nowUs: MonotonicClock.nowUs(), emit: publish)
        reschedule()
    }

    func withdrawDeclaredTransition(_ name: String, owner: UInt64) throws(DeclarationError) {
        try engine.withdraw(name, owner: owner, nowUs: MonotonicClock.nowUs(), emit: publish)
        reschedule()
    }

    func withdrawDeclaredTransitions(of owner: UInt64) {
        engine.withdrawAll(of: owner, nowUs: MonotonicClock.nowUs(), emit: publish)
        reschedule()
    }
}
