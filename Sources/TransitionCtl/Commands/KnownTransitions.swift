// SPDX-License-Identifier: MIT
import TransitionClient
import TransitionConfig
import TransitionProtocol

/// A transition name checked against the daemon's (from its `hello`) before a request uses it:
/// a typo gets "did you mean" and the command that lists them, not every name configured.
enum KnownTransitions {
    /// The refusal for `name` when `known` lacks it; `nil` when it is known, or when `known` is
    /// empty (a `hello` that lists nothing leaves the decision to transitiond, which answers the
    /// request itself).
    static func refusal(_ name: String, known: [String]) -> ClientError? {
        guard !known.isEmpty, !known.contains(name) else { return nil }
        return .rejected(ProtocolError(.unknownTransition, message(name, known: known)))
    }

    /// `no transition named "swipe3-lft"; did you mean "swipe3-left"? `transitionctl list` shows the 29 configured`.
    static func message(_ name: String, known: [String]) -> String {
        var text = "no transition named \"\(name)\"; "
        if let suggestion = Suggestion.closest(to: name, among: known) { text += "did you mean \"\(suggestion)\"? " }
        let count = known.count
        return text + "`transitionctl list` shows the \(count) configured"
    }

    /// Throws the refusal (as ``Failure`` reports it) for the first of `names` the `hello` lacks.
    static func check(_ names: [String], in hello: Hello) throws {
        let known = hello.transitions.map(\.name)
        for name in names {
            if let refusal = refusal(name, known: known) { throw Failure.exit(refusal) }
        }
    }
}
