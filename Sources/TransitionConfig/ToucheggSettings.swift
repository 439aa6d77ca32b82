// SPDX-License-Identifier: MIT
/// The `[touchegg]` table: whether the daemon also serves Touchégg's D-Bus protocol on the
/// abstract socket `@touchegg`, for clients written for Touchégg (Cinnamon, Gala on X11, the X11
/// Gestures extension, Touchégg's own client). docs/touchegg.md says what it sends.
public struct ToucheggSettings: Sendable, Hashable {
    /// `end_percentage`: what `OnGestureEnd` carries.
    public enum EndPercentage: String, Sendable, Hashable, CaseIterable {
        /// transitiond's decision: 100 for a finish, 0 for a cancel, so a client's own threshold
        /// acts exactly when transitiond finishes (a fast fling acts, a swipe brought back or
        /// cancelled by libinput does not).
        case decision
        /// The last percentage the finger reached, as Touchégg's daemon sends it: the client
        /// decides by its own threshold.
        case last
    }

    /// `enabled`: serve `@touchegg` (off by default).
    public var enabled: Bool
    /// `end_percentage`.
    public var endPercentage: EndPercentage

    /// Settings with these values; the defaults are the built-in ones.
    public init(enabled: Bool = false, endPercentage: EndPercentage = .decision) {
        self.enabled = enabled; self.endPercentage = endPercentage
    }

    /// Off; `OnGestureEnd` carries the decision.
    public static var builtIn: ToucheggSettings { ToucheggSettings() }
}
