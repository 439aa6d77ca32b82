// SPDX-License-Identifier: MIT
import Glibc
import TransitionActions
import TransitionProtocol

/// Gestures both the runner and something else act on: the running desktop's own gestures
/// (``DesktopGestureSet``) on the transitions the actions use, and other gesture tools running
/// in the session, as ``SessionSurroundings`` finds them. `transitionctl doctor` reports the
/// same, for every transition, through the same ``TransitionActions/GestureConflicts/standing(transitions:desktop:actions:includeUnused:gnomeExtension:)``:
/// not a gesture a declared transition took, nor, while transitiond's GNOME Shell extension is
/// connected, a swipe GNOME's recognition leaves to transitiond.
extension ActionRunner {
    /// Logs the conflicts, one warning per gesture of the desktop: called once when transitiond
    /// first says hello (`atStart`, which also looks for other gesture tools) and once after each
    /// reload of the actions file, so each set of actions has its conflicts named once. On GNOME
    /// Shell each call asks the session bus for its version, with a bound
    /// (``SessionSurroundings/desktop``; the runner has no bus connection to ask on).
    func logGestureConflicts(atStart: Bool) {
        guard let hello else { return }
        let running = options.surroundings.desktop()
        if let desktop = running.gestures {
            let conflicts = GestureConflicts.standing(transitions: hello.transitions, desktop: desktop, actions: planner.file,
                                                      includeUnused: false,
                                                      gnomeExtension: gnomeExtension(on: desktop, hello.transitions))
            if !conflicts.isEmpty, let problem = running.versionProblem {
                log.info("GNOME Shell's version is unknown (\(problem)): its gestures are named by the rules of every version")
            }
            for line in GestureConflicts.logLines(conflicts) { log.warning(line) }
        }
        if atStart {
            for advice in options.surroundings.otherTools() { log.warning(advice) }
            // Touchégg clients on transitiond's @touchegg: the status reply says how many.
            if let link, !link.send(Request(id: Self.toucheggStatusID, .status)) { disconnect("cannot send to transitiond") }
        }
    }

    /// transitiond's GNOME Shell extension as `transitions` show it, on GNOME Shell (as the
    /// doctor looks for it there only).
    private func gnomeExtension(on desktop: DesktopGestureSet, _ transitions: [TransitionInfo]) -> GnomeExtensionGestures? {
        guard desktop.desktop == DesktopGestureSet.gnome(version: nil).desktop else { return nil }
        return GnomeExtensionGestures(transitions: transitions, processName: options.surroundings.processName)
    }

    /// The id of the `status` request that asks for the Touchégg clients.
    static let toucheggStatusID = RequestID.string("touchegg-clients")

    /// Logs the Touchégg clients connected to transitiond's `@touchegg`, from `status`.
    func logToucheggClients(_ result: Result<ReplyResult, ProtocolError>) {
        guard case .success(.status(let status)) = result, let count = status.counters["touchegg_clients"], count > 0 else { return }
        log.warning(options.surroundings.toucheggAdvice(count))
    }
}
