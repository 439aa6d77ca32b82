// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionCore
import TransitionProtocol
import TransitionConfig

/// Builds the daemon's transition events for planner tests.
struct EventScript {
    var transition: String
    var gesture: UInt64
    var time: UInt64 = 1_000_000

    init(_ transition: String = "swipe3-left", gesture: UInt64 = 1) {
        self.transition = transition; self.gesture = gesture
    }

    mutating func event(_ payload: TransitionEvent.Payload) -> ServerMessage {
        time += 8_000
        return .transition(TransitionEvent(transition: transition, gesture: gesture, timeUs: time, payload: payload))
    }

    mutating func began(fingers: Int = 3, direction: Direction = .left, source: GestureSource = .swipe) -> ServerMessage {
        event(.began(BeganEvent(origin: .gesture(source: source, fingers: fingers, device: DeviceID(1)),
                                direction: direction, from: 0, interactive: true)))
    }

    mutating func trigger(from: Double = 0) -> ServerMessage {
        event(.began(BeganEvent(origin: .trigger(reverse: false), direction: nil, from: from, interactive: false)))
    }

    mutating func updated(_ raw: Double, velocity: Double = 1) -> ServerMessage {
        event(.updated(UpdatedEvent(progress: min(raw, 1 + (raw - 1) * 0.2), rawProgress: raw, velocity: velocity)))
    }

    mutating func ended(_ outcome: Outcome, from: Double = 0.5, reason: EndReason = .release, velocity: Double = 0) -> ServerMessage {
        event(.ended(EndedEvent(outcome: outcome, reason: reason, from: from, to: outcome == .finish ? 1 : 0,
                                velocity: velocity, animation: .none(to: outcome == .finish ? 1 : 0))))
    }

    mutating func paused(_ progress: Double) -> ServerMessage { event(.paused(PausedEvent(progress: progress))) }

    mutating func completed(_ finished: Bool) -> ServerMessage {
        event(.completed(CompletedEvent(finished: finished, progress: finished ? 1 : 0)))
    }

    mutating func frame(_ progress: Double, velocity: Double = 2) -> ServerMessage {
        time += 16_000
        return .frame(FrameEvent(transition: transition, gesture: gesture, timeUs: time, progress: progress, velocity: velocity))
    }
}

/// An actions file from TOML text; fails the test when it does not decode.
func actions(_ text: String) throws(ConfigError) -> ActionsFile {
    try ActionsDecoder.decode(text, source: "actions.toml")
}

extension Intent {
    /// The `TRANSITIOND_…` value of a `run` or `open`, without the prefix.
    func variable(_ name: String) -> String? {
        let invocation: Invocation
        switch self {
        case .run(let i), .open(_, let i): invocation = i
        default: return nil
        }
        let prefix = "TRANSITIOND_\(name)="
        return invocation.environment.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// The command's first argument, or the shell script.
    var commandText: String? {
        switch self {
        case .run(let i), .open(_, let i): i.command.description
        default: nil
        }
    }

    /// The line of a `write`.
    var line: String? {
        if case .write(_, let line, _) = self { return line }
        return nil
    }
}

/// Applies every message; returns every intent, in order.
func plan(_ planner: inout ActionPlanner, _ messages: [ServerMessage]) -> [Intent] {
    messages.flatMap { planner.apply($0) }
}
