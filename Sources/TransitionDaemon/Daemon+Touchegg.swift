// SPDX-License-Identifier: MIT
import Glibc
import Logging
import TransitionConfig
import TransitionCore
import TransitionInput
import TransitionServer
import TransitionTouchegg

/// What the daemon keeps for the Touchégg endpoint (docs/touchegg.md).
struct ToucheggState {
    /// Runs the endpoint's engine; `nil` while `@touchegg` is not served.
    var bridge: ToucheggBridge?
    /// `@touchegg` as systemd passed it (transitiond-touchegg.socket), until it is served.
    var activatedFD: Int32?
}

/// Feeds every input sample to an engine of its own that binds every gesture Touchégg's clients
/// expect (the daemon's configuration plus defaults for what it leaves unbound, see
/// ``TransitionCore/EngineConfiguration/coveringTouchegg()``), and turns that engine's events into
/// Touchégg's signals for the server. A gesture bound in the configuration is decided exactly as
/// the daemon's own engine decides it: same configuration, same samples.
///
/// Its completion animations are settled lazily, at the next sample (no timer): nothing
/// Touchégg's clients see depends on them, only whether a new touch catches one.
final class ToucheggBridge {
    @exclusivity(unchecked) private var engine: TransitionEngine
    @exclusivity(unchecked) private(set) var tracker: ToucheggTracker
    private unowned let server: TransitionServer
    /// A touchscreen's `[touchscreen] rotation`, asked at a gesture's begin.
    private let rotation: (DeviceID) -> PanelRotation

    init(configuration: EngineConfiguration, endEncoding: ToucheggTracker.EndEncoding, server: TransitionServer,
         rotation: @escaping (DeviceID) -> PanelRotation) throws {
        engine = try TransitionEngine(configuration: configuration.coveringTouchegg())
        engine.catchesAnimations = false
        tracker = ToucheggTracker(endEncoding: endEncoding)
        self.server = server
        self.rotation = rotation
    }

    /// One recognised sample.
    func handle(_ input: GestureInput) {
        engine.advance(toUs: input.timeUs, emit: emit)
        if case .tap(let tap) = input, let (begin, end) = tracker.signals(for: tap) {
            server.publishTouchegg(begin)
            server.publishTouchegg(end)
        }
        engine.handle(input, emit: emit)
    }

    /// A reload's configuration and `end_percentage`.
    func reconfigure(_ configuration: EngineConfiguration, endEncoding: ToucheggTracker.EndEncoding,
                     nowUs: UInt64) throws(ConfigurationError) {
        try engine.reconfigure(configuration.coveringTouchegg(), nowUs: nowUs, emit: emit)
        tracker.endEncoding = endEncoding
    }

    /// Every gesture in flight ends at once as a cancel (`reason`): before a sleep, as the
    /// daemon's own engine does.
    func endAtOnce(reason: EndReason, nowUs: UInt64) {
        engine.endAtOnce(reason: reason, nowUs: nowUs, emit: emit)
    }

    /// Every gesture in flight is cancelled (the daemon stops).
    func cancelAll(reason: EndReason, nowUs: UInt64) {
        _ = try? engine.cancel(nil, reason: reason, nowUs: nowUs, emit: emit)
    }

    private func emit(_ event: TransitionEvent) {
        var turned = PanelRotation.none
        if case .began(let began) = event.payload, case .gesture(let source, _, let device) = began.origin, source.isTouchscreen {
            turned = rotation(device)
        }
        tracker.signals(for: event, rotation: turned, emit: server.publishTouchegg)
    }
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
    /// (Touchégg's daemon), says so in one line and goes on with the native socket alone.
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
            logger.warning("@touchegg is held by another process (Touchégg's daemon? `systemctl disable --now touchegg`): Touchégg clients are not served; the native socket works as usual")
            return
        } catch {
            logger.error("cannot serve @touchegg: \(error); the native socket works as usual")
            return
        }
        do {
            let bridge = try ToucheggBridge(configuration: engine.configuration,
                                            endEncoding: .init(settings.endPercentage), server: server) { [unowned self] device in
                input?.touchscreenRotations[device] ?? PanelRotation.none
            }
            let access = server.nativeSocketPath.map { PeerAccessRule(socketAt: $0) } ?? PeerAccessRule(ownerUID: getuid(), groupID: nil)
            try server.serveTouchegg(listener: listener, access: access, nextGesture: { [unowned bridge] in
                bridge.tracker.nextGesture
            }, openGestures: { [unowned bridge] in
                bridge.tracker.cancellations(atUs: EventLoop.nowUs())
            })
            touchegg.bridge = bridge
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
        guard let bridge = touchegg.bridge else { return }
        do {
            try bridge.reconfigure(new.engine, endEncoding: .init(new.touchegg.endPercentage), nowUs: EventLoop.nowUs())
        } catch {
            logger.error("Touchégg endpoint keeps its old configuration: \(error)")
        }
    }
}
