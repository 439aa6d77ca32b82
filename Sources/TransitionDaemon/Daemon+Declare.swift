// SPDX-License-Identifier: MIT
import Logging
public import TransitionCore
import TransitionIO
public import TransitionServer

/// Transitions clients declare: the main engine's, added and withdrawn at run time. The
/// `@touchegg` engine keeps the configured transitions, and steps aside for the gestures a
/// declared transition owns (``DaemonEngines/declare(_:nowUs:emit:)``): Touchégg's clients (Cinnamon,
/// Gala) do not act on a gesture a client took.
extension Daemon: TransitionDeclarationDelegate {
    public func declareTransition(_ declaration: DeclaredTransition) throws(DeclarationError) -> [DeclaredGesture] {
        let gestures = try engines.declare(declaration, nowUs: MonotonicClock.nowUs(), emit: publish)
        rescheduleAnimationTimer()
        return gestures
    }

    public func updateDeclaredTransition(_ name: String, owner: UInt64, pages: Int?, page: Int?) throws(DeclarationError) {
        try engines.main.updateDeclared(name, owner: owner, pages: pages, page: page, nowUs: MonotonicClock.nowUs(), emit: publish)
        rescheduleAnimationTimer()
    }

    public func withdrawDeclaredTransition(_ name: String, owner: UInt64) throws(DeclarationError) {
        try engines.withdraw(name, owner: owner, nowUs: MonotonicClock.nowUs(), emit: publish)
        rescheduleAnimationTimer()
    }

    public func withdrawDeclaredTransitions(of owner: UInt64) {
        engines.withdrawAll(of: owner, nowUs: MonotonicClock.nowUs(), emit: publish)
        rescheduleAnimationTimer()
    }
}
