// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionDesktop
import TransitionProtocol

/// Reloading the actions file: on a change seen by the watch, or on SIGHUP.
extension ActionRunner {
    func reload(signalled: Bool) {
        sendSettings(force: signalled)
        guard let path = options.configPath else { return }
        guard ActionsDecoder.exists(path) else {
            if !missingLogged && (loadedText != nil || signalled) {
                log.warning("\(path) is gone; keeping the \(planner.file.actions.count) actions loaded")
                missingLogged = true
            }
            return
        }
        missingLogged = false
        do {
            let text = try ActionsDecoder.read(path: path)
            if (text == loadedText || text == rejectedText) && !signalled { return }
            rejectedText = text
            let file = try ActionsDecoder.decode(text, source: path, keysyms: .xkbcommon)
            loadedText = text
            rejectedText = nil
            planner.replace(file)
            scheduler.killGrace = file.killGrace
            scheduler.maxQueued = file.maxQueued
            log.info("reloaded: " + describe(file, from: path))
            if let hello {
                for warning in file.unknownTransitionWarnings(known: hello.transitions.map(\.name)) { log.warning(warning) }
            }
            logGestureConflicts(atStart: false)
            if file.wantsFrames != subscribedFrames { subscribe() }
            openDesktopEdges()
        } catch {
            log.error("\(error)\nkeeping the \(planner.file.actions.count) actions loaded before")
        }
    }

    func describe(_ file: ActionsFile, from path: String?) -> String {
        let count = file.actions.count
        return "\(count) action\(count == 1 ? "" : "s") from \(path ?? "nowhere")"
    }
}
