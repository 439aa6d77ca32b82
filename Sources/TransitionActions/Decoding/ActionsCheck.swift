// SPDX-License-Identifier: MIT
import TransitionConfig

/// What `transitionctl run --check` checks beyond the file's own syntax: the transitions the
/// actions name against those transitiond has, and each threshold against the progress its
/// transitions can reach. Pure: the caller says where the transitions come from.
public enum ActionsCheck {
    /// A transition as the check sees it.
    public struct Transition: Sendable, Hashable {
        /// Its name.
        public var name: String
        /// The sources of the gestures bound to it (`swipe`, `pinch`, `hold`, `padtap`…, as
        /// `hello` and `list` name them).
        public var sources: [String]
        /// How far its rubber band shows progress past 1 (the `rubber_band` limit, 0.05 by default).
        public var bandLimit: Double

        /// A transition named `name` driven by gestures from `sources`.
        public init(name: String, sources: [String], bandLimit: Double) {
            self.name = name; self.sources = sources; self.bandLimit = bandLimit
        }

        /// Whether a finger drives its progress: taps run it as a trigger does, and so does
        /// `transitionctl trigger` when no gesture is bound.
        var isDriven: Bool { sources.contains { !["tap", "padtap"].contains($0) } }

        /// Whether its driven progress stops at 1: holds fill with time up to 1, where the
        /// fingers of a pan may go on past the end (the unbounded progress thresholds follow
        /// grows with them; only the progress shown is held by the rubber band).
        var stopsAtOne: Bool { sources.allSatisfy { ["hold", "touchhold", "tap", "padtap"].contains($0) } }
    }

    /// What the check found, in the order of the file.
    public struct Findings: Sendable, Hashable {
        /// One finding, with the file and line of its action.
        public struct Message: Sendable, Hashable {
            /// Whether the check fails for it (else it is a warning, and the check passes).
            public var isProblem: Bool
            /// `actions.toml:4: transitiond has no transition 'swipe3-lft' (did you mean 'swipe3-left'?)`.
            public var text: String
        }

        /// Problems and warnings, in the order of the file.
        public var messages: [Message] = []

        /// The findings that fail the check.
        public var problems: [String] { messages.filter(\.isProblem).map(\.text) }
        /// The findings that do not.
        public var warnings: [String] { messages.filter { !$0.isProblem }.map(\.text) }

        mutating func problem(_ text: String) { messages.append(Message(isProblem: true, text: text)) }
        mutating func warning(_ text: String) { messages.append(Message(isProblem: false, text: text)) }
    }

    /// Raw progress never goes further than this (the engine keeps it within ±1000).
    public static let progressLimit = 1000.0

    /// The findings for `file` against `known`, the transitions in force.
    public static func findings(_ file: ActionsFile, known: [Transition]) -> Findings {
        var findings = Findings()
        let names = known.map(\.name)
        for (index, action) in file.actions.enumerated() {
            let place = file.location(of: index)
            var targets: [Transition]
            switch action.transitions {
            case .any:
                targets = known
            case .named(let named):
                targets = []
                for name in named {
                    if let transition = known.first(where: { $0.name == name }) {
                        targets.append(transition)
                    } else {
                        var text = "\(place): transitiond has no transition '\(name)'"
                        if let suggestion = Suggestion.closest(to: name, among: names) {
                            text += " (did you mean '\(suggestion)'?)"
                        } else {
                            text += " (transitionctl list names them)"
                        }
                        findings.problem(text)
                    }
                }
            }
            if let threshold = action.threshold, !targets.isEmpty {
                check(threshold: threshold, at: place, targets: targets, into: &findings)
            }
        }
        return findings
    }

    static func check(threshold: Double, at place: String, targets: [Transition], into findings: inout Findings) {
        let shown = NumberText.fixed(threshold).trimmedDecimal
        if threshold >= progressLimit {
            findings.problem("\(place): threshold \(shown) is never crossed: progress stays within ±\(Int(progressLimit)); a threshold lies between 0 and 1 (the end of the gesture), or a little past it for fingers that go on")
            return
        }
        let driven = targets.filter(\.isDriven)
        guard !driven.isEmpty else {
            let list = targets.map(\.name).joined(separator: ", ")
            findings.problem("\(place): threshold \(shown) is never crossed: no finger drives \(list) (a tap runs it as `transitionctl trigger` does, and a trigger crosses no threshold); use on = \"finish\" instead")
            return
        }
        guard threshold > 1 else { return }
        if driven.allSatisfy(\.stopsAtOne) {
            let list = driven.map(\.name).joined(separator: ", ")
            findings.problem("\(place): threshold \(shown) is never crossed: the progress of \(list) goes from 0 to 1 and stops there (a hold fills with time); use a threshold greater than 0 and at most 1")
            return
        }
        let pans = driven.filter { !$0.stopsAtOne }
        let band = pans.map(\.bandLimit).max() ?? 0
        if threshold > 1 + band {
            let list = pans.count == 1 ? pans[0].name : "\(pans[0].name) and \(pans.count - 1) more"
            let past = NumberText.fixed(threshold - 1).trimmedDecimal
            findings.warning("\(place): warning: threshold \(shown) lies past the end of \(list): the progress shown stops at \(NumberText.fixed(1 + band).trimmedDecimal) (the rubber band), and only fingers that go on past the end, by \(past) of the distance, cross it; for the end itself use 1, or a value between 0 and 1")
        }
    }
}

extension String {
    /// `1.500000` as `1.5`, `2.000000` as `2`.
    var trimmedDecimal: String {
        guard contains(".") else { return self }
        var text = Substring(self)
        while text.last == "0" { text = text.dropLast() }
        if text.last == "." { text = text.dropLast() }
        return String(text)
    }
}
