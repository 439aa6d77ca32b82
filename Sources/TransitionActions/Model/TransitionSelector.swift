// SPDX-License-Identifier: MIT
/// Which transitions an action applies to: `transition = "swipe3-left"`, a list, or `"*"`.
public enum TransitionSelector: Sendable, Hashable, CustomStringConvertible {
    /// Every transition.
    case any
    /// These names (exact, case-sensitive, as transitiond's configuration spells them).
    case named([String])

    /// Whether `transition` is selected.
    public func matches(_ transition: String) -> Bool {
        switch self {
        case .any: true
        case .named(let names): names.contains(transition)
        }
    }

    /// `*`, or the names joined by commas.
    public var description: String {
        switch self {
        case .any: "*"
        case .named(let names): names.joined(separator: ",")
        }
    }
}
