// SPDX-License-Identifier: MIT
import Logging
import TransitionConfig
import TransitionProtocol
import TransitionServer
import TransitionSystemd

/// What the daemon keeps for access control: the `[access]` settings, the mode chosen from them,
/// and the session source it follows in active-session mode.
struct AccessState {
    var settings: AccessSettings?
    var choice: AccessModeChoice?
    var source: (any SessionSource)?
    /// The overflow uid, when this process's user namespace leaves peers' uids unmapped.
    var unmappedUID: UInt32?
}

extension Daemon {
    /// Chooses the access mode from `[access]` and whether logind runs, says so in the log
    /// (`access: active-session (default: logind runs)`), follows the seat's active session when
    /// the mode needs it, and hands the server its delivery policy. Also on reload, where only a
    /// changed `[access]` table does anything.
    func applyAccess(_ settings: AccessSettings) {
        guard let server, settings != access.settings else { return }
        let choice = AccessModeChoice(configured: settings.mode.map { AccessMode(rawValue: $0.rawValue) ?? .group },
                                      logind: logindPresence())
        access.settings = settings
        if choice != access.choice {
            logger.notice("\(choice.logLine)")
            if let warning = choice.warning { logger.warning("\(warning)") }
            access.choice = choice
        }
        if choice.mode == .activeSession {
            followSeat()
        } else {
            access.source?.stop()
            access.source = nil
            access.unmappedUID = nil
        }
        server.setDeliveryPolicy(deliveryPolicy())
        userSettingsFollowPolicy()
    }

    /// The policy for the server from what is known now.
    func deliveryPolicy() -> DeliveryPolicy {
        guard let choice = access.choice else { return .everyone }
        return DeliveryPolicy(mode: choice.mode, modeReason: choice.reason, always: access.settings?.alwaysUIDs ?? [],
                              seat: options.seat, session: access.source?.current, unmappedUID: access.unmappedUID)
    }

    /// Starts following the seat (once), and checks that peers' uids can be told apart.
    private func followSeat() {
        if access.unmappedUID == nil, let overflow = UserNamespaceMap.unmappedPeerUID() {
            access.unmappedUID = overflow
            logger.error("""
                access: this process runs in a user namespace that maps only some uids (uid_map: \
                \(UserNamespaceMap.describe())): every client other than root connects as uid \(overflow), so \
                transitiond cannot tell which user is at the screen; such clients stay paused (reason unidentified). \
                Run the service without PrivateUsers=yes (see docs/service.md), or set [access] mode = "group"
                """)
        }
        guard access.source == nil, case .running = logindPresence() else { return }
        let source = makeSessionSource(options.seat)
        do {
            try source.start(on: loop) { [unowned self] session in
                logger.notice("\(Self.describe(session, seat: options.seat))")
                server?.setDeliveryPolicy(deliveryPolicy())
                userSettingsFollowPolicy()
            }
            access.source = source
            logger.notice("\(Self.describe(source.current, seat: options.seat))")
        } catch {
            logger.error("access: cannot follow logind's sessions on \(options.seat) (\(error)): no session counts as active")
        }
    }

    /// `seat0: active session c2 of uid 1000 (alice)`, `…, locked`, or `seat0: no active session`.
    static func describe(_ session: SessionInfo?, seat: String) -> String {
        guard let session else { return "\(seat): no active session" }
        let user = session.user.map { " (\($0))" } ?? ""
        return "\(seat): active session \(session.id) of uid \(session.uid)\(user)\(session.locked ? ", locked" : "")"
    }
}
