// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionCore
import TransitionProtocol

/// Transitions clients declared (docs/protocol.md, "Transitions a client declares"): they own
/// their gestures, so the actions step aside. The configured transition of a taken gesture gets
/// no events from it anyway; the runner also drops the declared transitions' own events, which
/// an action on every transition (`"*"`) would otherwise run on, and says once who took a
/// gesture its actions use.
struct DeclaredWatch {
    /// The declared transitions' names, from the latest `hello` or `transitions_changed`.
    var names: Set<String> = []
    /// The lines already logged.
    var logged: Set<String> = []

    /// Whether `message` is an event of a declared transition.
    func hides(_ message: ServerMessage) -> Bool {
        switch message {
        case .transition(let event): names.contains(event.transition)
        case .frame(let frame): names.contains(frame.transition)
        default: false
        }
    }
}

extension ActionRunner {
    /// Follows the list: the declared names, and a warning, once each, for every gesture a
    /// client took from a transition the actions use.
    func noteDeclared(_ transitions: [TransitionInfo]) {
        declared.names = Set(transitions.filter { $0.declared != nil }.map(\.name))
        for t in transitions where !t.taken.isEmpty {
            guard planner.file.actions.contains(where: { $0.transitions.matches(t.name) }) else { continue }
            for taken in t.taken {
                let line = "actions on \(t.name) step aside on \(taken.gesture): transition \"\(taken.by)\" of client \(taken.client) "
                    + "(pid \(taken.pid)) took it"
                if declared.logged.insert(line).inserted { log.warning(line) }
            }
        }
    }
}
