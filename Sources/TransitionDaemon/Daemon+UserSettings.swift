// SPDX-License-Identifier: MIT
import Logging
import TransitionConfig
import TransitionCore
public import TransitionProtocol
public import TransitionServer

/// The settings of the user at the screen, over the system's configuration (docs/configuration.md,
/// "User settings"): sent by that user's `transitionctl run` (`settings`), in force while the
/// user's session is the seat's active one and the connection that sent them stays open.
struct UserSettingsState {
    /// The settings in force and who sent them; `nil`: the system's configuration alone.
    var active: (settings: UserSettings, sender: SettingsSender)?
}

extension Daemon {
    /// The main engine's configuration: the transitions in force (the one place this file reads
    /// the engine).
    var configurationInForce: EngineConfiguration { engines.main.configured }

    /// The name a settings text goes by in messages when its sender names no file.
    static let userSettingsLabel = "~/.config/transitiond/config.toml"

    /// `settings`: validates `request.text` over the system's configuration with the system
    /// file's messages; a valid text is put in force at once (both engines, `transitions_changed`
    /// to every client when the list changed), an empty one goes back to the system's. A broken
    /// one is refused with every problem's line and column, and what was in force stays.
    public func applySettings(_ request: SettingsRequest, from sender: SettingsSender) throws(ProtocolError) -> SettingsResult {
        let source = request.path ?? Self.userSettingsLabel
        let system = reloader.current
        let settings: UserSettings
        let merged: DaemonConfiguration
        do throws(ConfigError) {
            settings = try UserSettings.parse(request.text, source: source)
            merged = try settings.applied(to: system)
        } catch {
            let kept = userSettings.active == nil ? "the system's" : "the settings in force"
            logger.notice("settings of uid \(sender.uid) (pid \(sender.pid)) refused, keeping \(kept):\n\(error)")
            throw ProtocolError(.invalidSettings, error.description, diagnostics: error.diagnostics.map {
                SettingsDiagnostic(line: $0.position?.line, column: $0.position?.column, message: $0.message)
            })
        }
        let before = withUserSettings(system)
        if settings.isEmpty {
            userSettings.active = nil
            putInForce(system, replacing: before)
            logger.notice("settings of uid \(sender.uid) cleared: the system's are in force")
            return SettingsResult(state: .cleared, transitions: configurationInForce.transitions.count)
        }
        userSettings.active = (settings, sender)
        putInForce(merged, replacing: before)
        logger.notice("settings of uid \(sender.uid) (pid \(sender.pid)) from \(source) in force: \(merged.engine.transitions.count) transitions")
        return SettingsResult(state: .applied, transitions: configurationInForce.transitions.count)
    }

    /// The connection that sent the settings in force closed: the system's come back (at the
    /// loop's next turn, outside the server's own work).
    public func clientClosed(_ clientID: UInt64) {
        guard userSettings.active?.sender.clientID == clientID else { return }
        _ = loop.schedule(atUs: MonotonicClock.nowUs()) { [unowned self] in
            guard let active = userSettings.active, active.sender.clientID == clientID else { return }
            revertUserSettings("the runner of uid \(active.sender.uid) that sent them disconnected")
        }
    }

    /// After the delivery policy changed (a session switch, a log-out, a reload of `[access]`):
    /// settings whose user is no longer the active session's end.
    func userSettingsFollowPolicy() {
        guard let active = userSettings.active, !deliveryPolicy().keepsSettings(of: active.sender.uid) else { return }
        revertUserSettings("uid \(active.sender.uid) is no longer the user of the active session on \(options.seat)")
    }

    /// `system` with the user's settings in force over it. Settings that no longer fit (after a
    /// reload changed the system's configuration) end, with the reason in the log.
    func withUserSettings(_ system: DaemonConfiguration) -> DaemonConfiguration {
        guard let active = userSettings.active else { return system }
        do throws(ConfigError) {
            return try active.settings.applied(to: system)
        } catch {
            logger.warning("settings of uid \(active.sender.uid) no longer fit the system's configuration; the system's are in force:\n\(error)")
            userSettings.active = nil
            return system
        }
    }

    private func revertUserSettings(_ why: String) {
        let before = withUserSettings(reloader.current)
        userSettings.active = nil
        putInForce(reloader.current, replacing: before)
        logger.notice("user settings ended (\(why)): the system's are in force")
    }

    /// Reconfigures both engines with `new`'s transitions; clients are told when the list changed.
    private func putInForce(_ new: DaemonConfiguration, replacing old: DaemonConfiguration) {
        // The same settings again (sent after a `delivery` `resumed`): nothing to do.
        guard new.engine != configurationInForce else { return }
        let before = transitionInfos()
        do {
            try reconfigure(new.engine)
        } catch {
            // The overlay was validated by the engine's own check; this would be a bug.
            logger.error("the engine refused the configuration, keeping the old one: \(error)")
            return
        }
        reloadTouchegg(new, old: old)
        if let server, server.transitionsChanged(from: before) {
            logger.info("told \(server.clientCount) connected clients the new list of transitions")
        }
    }
}
