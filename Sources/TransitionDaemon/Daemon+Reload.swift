// SPDX-License-Identifier: MIT
import Logging
import TransitionServer
import TransitionConfig
import TransitionCore
import TransitionInput
import TransitionProtocol
import TransitionSystemd

extension Daemon {
    /// SIGHUP: reads the configuration again. A broken file keeps the old configuration in
    /// force and logs every problem with its line; a valid one replaces it, and transitions
    /// that no longer exist end as cancelled (reason `shutdown`), the others keep running.
    /// New `[server]` limits apply to connections made from then on; nobody is disconnected.
    /// When the transitions clients see (names, bindings, trigger durations, frame rates)
    /// changed, every connected client is sent `transitions_changed`.
    func reload() {
        notifier.reloading()
        switch reloader.reload() {
        case .applied(let new, let old):
            do {
                let before = transitionInfos()
                // The user's settings, if any, stay over the new system configuration.
                let inForce = withUserSettings(new)
                try reconfigure(inForce.engine)
                reloader.commit(new)
                if options.logLevel == nil { logLevel?.level = Logger.Level(new.logLevel) }
                applyServerLimits(new.server, old: old.server)
                applyAccess(new.access)
                reloadTouchegg(inForce, old: old)
                if new.touchscreen != old.touchscreen { input?.applyTouchscreen(new.touchscreen) }
                if let server, server.transitionsChanged(from: before) {
                    logger.info("told \(server.clientCount) connected clients the new list of transitions")
                }
                logger.notice("configuration reloaded: \(new.engine.transitions.count) transitions")
            } catch {
                logger.error("configuration rejected, keeping the old one: \(error)")
            }
        case .unchanged:
            logger.info("configuration reloaded: unchanged")
        case .kept(let error):
            logger.error("configuration has errors, keeping the old one:\n\(error)")
        }
        notifier.ready(status: statusLine)
    }
}
