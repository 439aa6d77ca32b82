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

    private func publish(_ event: TransitionEvent) {
        emitted.append(event)
        server.publish(event)
    }

    /// Feeds one input sample, as the input layer would.
    func handle(_ input: GestureInput) {
        engine.handle(input, emit: publish)
        reschedule()
    }

    private func reschedule() {
        if let timer { server.loop.cancelTimer(timer) }
        timer = nil
        guard let deadline = engine.nextDeadlineUs else { return }
        timer = server.loop.schedule(atUs: deadline) { [unowned self] in
            timer = nil
            engine.advance(toUs: MonotonicClock.nowUs(), emit: publish)
            reschedule()
        }
    }

    func transitionInfos() -> [TransitionInfo] { TransitionInfo.list(from: engine.configuration) }
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
