// SPDX-License-Identifier: MIT
import TransitionCore
import TransitionProtocol
import TransitionServer

/// A stand-in engine: fixed transitions and states; `trigger` and `cancel` publish the events a
/// real engine would, synchronously, through the server.
final class ScriptedDelegate: TransitionServerDelegate {
    static let standardTransitions = [
        TransitionInfo(name: "workspace", bindings: [BindingInfo(source: .swipe, fingers: 3, direction: .left)]),
        TransitionInfo(name: "overview", bindings: [BindingInfo(source: .swipe, fingers: 4, direction: .up)]),
    ]

    var infos: [TransitionInfo]
    var states: [String: TransitionState] = [:]
    weak var server: TransitionServer?
    var nextGesture: UInt64 = 1000
    var devices: [DeviceInfo] = [DeviceInfo(id: 1, name: "Test Touchpad", deviceClass: .touchpad, node: "/dev/input/event9")]

    init(transitions: [TransitionInfo]) { infos = transitions }

    func transitionInfos() -> [TransitionInfo] { infos }

    func transitionStates(atUs nowUs: UInt64) -> [TransitionState] {
        infos.map { states[$0.name] ?? TransitionState(name: $0.name, phase: .idle, gesture: nil, progress: 0, velocity: 0) }
    }

    func deviceInfos() -> [DeviceInfo] { devices }
    func statusCounters() -> [String: UInt64] { ["gestures": 3] }

    func runTrigger(_ request: TriggerRequest) throws(EngineError) {
        let gesture = nextGesture
        nextGesture += 1
        let now = MonotonicClock.nowUs()
        let from: Double = request.reverse ? 1 : 0, to: Double = request.reverse ? 0 : 1
        let duration = request.duration ?? 0.2
        let animation: AnimationDescription = switch request.animation {
        case .spring(let p)?: .spring(SpringAnimation(from: from, to: to, initialVelocity: 0, parameters: p))
        case .curve(let c)?: .curve(CurveAnimation(from: from, to: to, curve: c, duration: duration))
        case nil: .curve(CurveAnimation(from: from, to: to, curve: .easeOutCubic, duration: duration))
        }
        let ended = EndedEvent(outcome: .finish, reason: .trigger, from: from, to: to, velocity: 0, animation: animation)
        server?.publish(TransitionEvent(transition: request.transition, gesture: gesture, timeUs: now, payload: .began(
            BeganEvent(origin: .trigger(reverse: request.reverse), direction: nil, from: from, interactive: false))))
        server?.publish(TransitionEvent(transition: request.transition, gesture: gesture, timeUs: now, payload: .ended(ended)))
        states[request.transition] = TransitionState(name: request.transition, phase: .animating, gesture: gesture,
                                                     progress: from, velocity: 0, ended: ended, endedAtUs: now)
    }

    func cancelTransitions(_ transition: String?) throws(EngineError) -> Int {
        var count = 0
        for info in infos where transition == nil || info.name == transition {
            guard let state = states[info.name], state.phase != .idle, let gesture = state.gesture else { continue }
            count += 1
            let ended = EndedEvent(outcome: .cancel, reason: .client, from: state.progress, to: 0, velocity: 0,
                                   animation: .none(to: 0))
            server?.publish(TransitionEvent(transition: info.name, gesture: gesture, timeUs: MonotonicClock.nowUs(), payload: .ended(ended)))
            server?.publish(TransitionEvent(transition: info.name, gesture: gesture, timeUs: MonotonicClock.nowUs(), payload: .completed(
                CompletedEvent(finished: false, progress: 0))))
            states[info.name] = nil
        }
        return count
    }
}

/// Events of one swipe on `transition`, for publishing.
enum Script {
    static func began(_ transition: String, gesture: UInt64, at t: UInt64 = 1) -> TransitionEvent {
        TransitionEvent(transition: transition, gesture: gesture, timeUs: t, payload: .began(
            BeganEvent(origin: .gesture(source: .swipe, fingers: 3, device: DeviceID(1)), direction: .left, from: 0, interactive: true)))
    }

    static func updated(_ transition: String, gesture: UInt64, progress: Double, at t: UInt64 = 2) -> TransitionEvent {
        TransitionEvent(transition: transition, gesture: gesture, timeUs: t, payload: .updated(
            UpdatedEvent(progress: progress, rawProgress: progress, velocity: 1)))
    }

    static func ended(_ transition: String, gesture: UInt64, at t: UInt64 = 3,
                      animation: AnimationDescription = .curve(CurveAnimation(from: 0.6, to: 1, curve: .easeOutCubic, duration: 0.2))) -> TransitionEvent {
        TransitionEvent(transition: transition, gesture: gesture, timeUs: t, payload: .ended(
            EndedEvent(outcome: .finish, reason: .release, from: animation.from, to: animation.to, velocity: 1, animation: animation)))
    }

    static func completed(_ transition: String, gesture: UInt64, at t: UInt64 = 4) -> TransitionEvent {
        TransitionEvent(transition: transition, gesture: gesture, timeUs: t, payload: .completed(CompletedEvent(finished: true, progress: 1)))
    }

    /// began, `updates` updated events, ended, completed.
    static func swipe(_ transition: String, gesture: UInt64, updates: Int = 3) -> [TransitionEvent] {
        [began(transition, gesture: gesture)]
            + (1...max(updates, 1)).map { updated(transition, gesture: gesture, progress: Double($0) / Double(updates + 1)) }
            + [ended(transition, gesture: gesture), completed(transition, gesture: gesture)]
    }
}
