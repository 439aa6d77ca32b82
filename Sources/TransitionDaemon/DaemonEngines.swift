// SPDX-License-Identifier: MIT
import TransitionCore
import TransitionTouchegg

/// The daemon's engines, with one owner: the main engine (the configuration's transitions, for
/// the native socket and every other sink) and, while `@touchegg` is served, the Touchégg
/// endpoint's (``ToucheggBridge``: the same configuration, covered and not catching). Every
/// sample, sleep, reload and shutdown goes through here, so both engines see it; a client's
/// `trigger` and `cancel` are the main engine's alone. A client's declared transitions are the
/// main engine's too, and the `@touchegg` engine steps aside for the gestures they own (the
/// main engine's ``TransitionCore/TransitionEngine/ownedGestureNames``, the one owner table).
///
/// A struct held by the ``Daemon`` (no dynamic exclusivity checks, as before: one thread, never
/// nested), so the hot path stays a direct call into the main engine.
struct DaemonEngines {
    /// The engine whose events go to every sink.
    var main: TransitionEngine
    /// The `@touchegg` endpoint's engine and tracker; `nil` while it is not served.
    var touchegg: ToucheggBridge?

    /// One recognised sample, to both engines: the `@touchegg` engine first.
    ///
    /// While `@touchegg` is served, its clients are the desktop's own shell (Cinnamon, Gala, the
    /// X11 extension), whose workspace switch follows each signal; the native clients beside them
    /// are mostly `transitionctl run`, which acts on decisions, not on each update. So the shell's
    /// signal leaves first and the native lines wait for one more engine (docs/performance.md,
    /// "The Touchégg endpoint": measured in the VM, where an engine's sample is dearest). The two
    /// engines share nothing a sample changes, so the order changes what each sees in no way.
    mutating func handle(_ input: GestureInput, emit: (TransitionEvent) -> Void) {
        touchegg?.handle(input)
        main.handle(input, emit: emit)
    }

    /// Every transition in flight ends at once as a cancel for `reason` (before a sleep), in both
    /// engines, so Touchégg's clients see the cancel native clients see. Returns how many of the
    /// main engine's ended.
    mutating func endAtOnce(reason: EndReason, nowUs: UInt64, emit: (TransitionEvent) -> Void) -> Int {
        let n = main.endAtOnce(reason: reason, nowUs: nowUs, emit: emit)
        touchegg?.endAtOnce(reason: reason, nowUs: nowUs)
        return n
    }

    /// Every transition in flight is cancelled for `reason` in both engines (the daemon stops).
    mutating func cancelAll(reason: EndReason, nowUs: UInt64, emit: (TransitionEvent) -> Void) {
        _ = try? main.cancel(nil, reason: reason, nowUs: nowUs, emit: emit)
        touchegg?.cancelAll(reason: reason, nowUs: nowUs)
    }

    /// A reload's engine configuration for the main engine; on error it keeps the old one.
    mutating func reconfigure(_ configuration: EngineConfiguration, nowUs: UInt64,
                              emit: (TransitionEvent) -> Void) throws(ConfigurationError) {
        try main.reconfigure(configuration, nowUs: nowUs, emit: emit)
        followOwnership(nowUs: nowUs)
    }

    /// A reload's configuration and `end_percentage` for the Touchégg engine, when served; on
    /// error it keeps the old ones.
    func reconfigureTouchegg(_ configuration: EngineConfiguration, endEncoding: ToucheggTracker.EndEncoding,
                             nowUs: UInt64) throws(ConfigurationError) {
        try touchegg?.reconfigure(configuration, endEncoding: endEncoding, nowUs: nowUs)
    }

    /// A client declares a transition (``TransitionCore/TransitionEngine/declare(_:nowUs:emit:)``);
    /// the `@touchegg` engine steps aside for its gestures.
    mutating func declare(_ declaration: DeclaredTransition, nowUs: UInt64,
                          emit: (TransitionEvent) -> Void) throws(DeclarationError) -> [DeclaredGesture] {
        let gestures = try main.declare(declaration, nowUs: nowUs, emit: emit)
        followOwnership(nowUs: nowUs)
        return gestures
    }

    /// A client withdraws a transition it declared; Touchégg's clients get its gestures back.
    mutating func withdraw(_ name: String, owner: UInt64, nowUs: UInt64,
                           emit: (TransitionEvent) -> Void) throws(DeclarationError) {
        try main.withdraw(name, owner: owner, nowUs: nowUs, emit: emit)
        followOwnership(nowUs: nowUs)
    }

    /// A client's connection closed: its declared transitions go, and their gestures come back
    /// to Touchégg's clients.
    mutating func withdrawAll(of owner: UInt64, nowUs: UInt64, emit: (TransitionEvent) -> Void) {
        main.withdrawAll(of: owner, nowUs: nowUs, emit: emit)
        followOwnership(nowUs: nowUs)
    }

    /// The `@touchegg` engine binds nothing the main engine's declared transitions own (after a
    /// declare, a withdrawal, and a reload, which may give a declared name to a configured one).
    func followOwnership(nowUs: UInt64) {
        touchegg?.stepAside(for: main.ownedGestureNames, nowUs: nowUs)
    }
}
