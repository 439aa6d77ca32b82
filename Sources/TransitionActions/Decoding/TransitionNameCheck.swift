// SPDX-License-Identifier: MIT
import TransitionConfig

extension ActionsFile {
    /// Warnings for action transition names that the daemon does not have (`known`), with a
    /// suggestion for a likely typo: `actions.toml:4: no transition 'swipe3-lft' (did you mean 'swipe3-left'?)`.
    public func unknownTransitionWarnings(known: [String]) -> [String] {
        var warnings: [String] = []
        for (index, action) in actions.enumerated() {
            guard case .named(let names) = action.transitions else { continue }
            for name in names where !known.contains(name) {
                var text = "\(location(of: index)): transitiond has no transition '\(name)'"
                if let suggestion = Suggestion.closest(to: name, among: known) { text += " (did you mean '\(suggestion)'?)" }
                warnings.append(text)
            }
        }
        return warnings
    }
}
