// SPDX-License-Identifier: MIT
import TransitionConfig
import TransitionProtocol
import TransitionLog

/// What the runner knows of the user's settings file (`~/.config/transitiond/config.toml`).
struct RunnerSettingsState {
    /// The text last sent on this connection (`nil`: nothing sent yet).
    var sentText: String?
    /// Whether the daemon's last answer was a refusal because this user is not at the screen
    /// (said once until the settings are in force).
    var refusedLogged = false
}

/// The user's settings: sent to transitiond when the runner connects, when the file changes
/// (the actions file's inotify watch covers it), on SIGHUP, and when this user's session becomes
/// the active one again (`delivery` `resumed`: the daemon dropped them when it stopped being).
extension ActionRunner {
    /// The request id of `settings`, so its reply is told from the subscription's.
    static let settingsRequestID = RequestID.string("settings")

    /// Sends the settings file if it changed since it was last sent (`force`: whatever was sent).
    /// A file that is gone sends an empty text, once: the system's settings then hold.
    func sendSettings(force: Bool) {
        guard let path = options.settingsPath, let link, hello != nil else { return }
        var text = ""
        if ConfigFile.exists(path) {
            do throws(ConfigError) {
                text = try ConfigFile.read(path)
            } catch {
                log.error("\(error)\nthe settings in force stay")
                return
            }
        } else if settings.sentText == nil || settings.sentText == "" {
            return   // never had any: nothing to clear
        }
        guard force || text != settings.sentText else { return }
        let request = Request(id: Self.settingsRequestID, .settings(SettingsRequest(text: text, path: path)))
        // A longer line would make transitiond close the connection (line_too_long).
        let maxLine = hello?.limits?.maxLineBytes ?? ServerLimits().maxLineBytes
        guard text.utf8.count <= SettingsRequest.maxTextBytes, encodeRequest(request).count <= maxLine else {
            log.error("\(path): too large (\(text.utf8.count) bytes; transitiond takes \(SettingsRequest.maxTextBytes / 1024) KiB "
                      + "in a request line of at most \(maxLine) bytes); not sent, the settings in force stay")
            return
        }
        settings.sentText = text
        if !link.send(request) { disconnect("cannot send to transitiond") }
    }

    /// The reply to `settings`; false for any other reply.
    func handleSettingsReply(_ reply: Reply) -> Bool {
        guard reply.id == Self.settingsRequestID, let path = options.settingsPath else { return false }
        switch reply.result {
        case .success(.settings(let result)):
            settings.refusedLogged = false
            log.info(result.state == .cleared ? "no settings in \(path): the system's are in force"
                     : "settings from \(path) in force (\(result.transitions) transitions)")
        case .success:
            break
        case .failure(let error) where error.code == .notPermitted:
            if !settings.refusedLogged { log.notice("\(escaped: error.message); they are sent again when your session is active") }
            settings.refusedLogged = true
        case .failure(let error) where error.code == .invalidSettings && !error.diagnostics.isEmpty:
            let lines = error.diagnostics.map { d in d.line.map { "\(path):\($0):\(d.column ?? 1): \(d.message)" } ?? "\(path): \(d.message)" }
            log.error(lines.joined(separator: "\n") + "\ntransitiond keeps the settings in force before")
        case .failure(let error):
            log.error("transitiond refused the settings from \(path): \(escaped: error.message)")
        }
        return true
    }

    /// A `delivery` notice: when events resume for this user, its settings are sent again.
    func noteDelivery(_ message: ServerMessage) {
        guard let notice = DeliveryNotice(message), notice.state == .resumed else { return }
        sendSettings(force: true)
    }
}
