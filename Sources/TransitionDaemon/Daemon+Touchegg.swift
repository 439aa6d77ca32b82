// SPDX-License-Identifier: MIT
import Glibc
import Logging
import TransitionConfig
import TransitionCore
import TransitionInput
import TransitionServer
import TransitionTouchegg

/// What the daemon keeps for the Touchégg endpoint (docs/touchegg.md); its engine is one of
/// ``DaemonEngines``.
struct ToucheggState {
    /// `@touchegg` as systemd passed it (transitiond-touchegg.socket), until it is served.
    var activatedFD: Int32?
}

extension ToucheggTracker.EndEncoding {
    init(_ setting: ToucheggSettings.EndPercentage) {
        self = switch setting {
        case .decision: .decision
        case .last: .last
        }
    }
}

extension Daemon {
    /// The name transitiond-touchegg.socket gives its descriptor (`FileDescriptorName=`).
    static let toucheggFDName = "touchegg"

    /// Serves `@touchegg` when systemd passed it (transitiond-touchegg.socket) or `[touchegg]
    /// enabled = true` (then the daemon binds it itself). When another process holds the name
    /// (Touchégg's daemon, or anyone's), says who and what that means in one line
    /// (``ToucheggNameHolder``) and goes on with the native socket alone.
    func attachTouchegg(_ settings: ToucheggSettings) {
        guard let server, !server.servesTouchegg else { return }
        let listener: UnixListener
        do {
            if let fd = touchegg.activatedFD {
                touchegg.activatedFD = nil
                listener = try UnixListener.adopt(fd: fd, path: "@touchegg")
                if !settings.enabled {
                    logger.notice("serving @touchegg because systemd passed it (transitiond-touchegg.socket is enabled), although [touchegg] enabled = false")
                }
            } else {
                guard settings.enabled else { return }
                listener = try UnixListener.bindAbstract(name: "touchegg")
            }
        } catch .alreadyRunning {
            logger.warning("\(ToucheggNameHolder.takenMessage(name: "touchegg", holder: ToucheggNameHolder.identify(name: "touchegg")))")
            return
        } catch {
            logger.error("cannot serve @touchegg: \(error); the native socket works as usual")
            return
        }
        do {
            let bridge = try ToucheggBridge(configuration: engines.main.configured, steppingAsideFor: engines.main.ownedGestureNames,
                                            endEncoding: .init(settings.endPercentage),
                                            rotation: { [unowned self] device in input?.touchscreenRotations[device] ?? PanelRotation.none },
                                            publish: { [unowned server] in server.publishTouchegg($0) })
            let access = server.nativeSocketPath.map { PeerAccessRule(socketAt: $0) } ?? PeerAccessRule(ownerUID: getuid(), groupID: nil)
            try server.serveTouchegg(listener: listener, access: access, nextGesture: { [unowned bridge] in
                bridge.nextGesture
            }, openGestures: { [unowned bridge] in
                bridge.openGestures(atUs: $0)
            })
            engines.touchegg = bridge
        } catch {
            listener.close()
            logger.error("cannot serve @touchegg: \(error); the native socket works as usual")
        }
    }

    /// A reload: the endpoint's engine follows the new configuration and `end_percentage`; a
    /// changed `enabled` takes effect at the next start.
    func reloadTouchegg(_ new: DaemonConfiguration, old: DaemonConfiguration) {
        if new.touchegg.enabled != old.touchegg.enabled {
            logger.notice("[touchegg] enabled = \(new.touchegg.enabled) takes effect when transitiond restarts")
        }
        do {
            try engines.reconfigureTouchegg(new.engine, endEncoding: .init(new.touchegg.endPercentage), nowUs: MonotonicClock.nowUs())
        } catch {
            logger.error("Touchégg endpoint keeps its old configuration: \(error)")
        }
    }
}
