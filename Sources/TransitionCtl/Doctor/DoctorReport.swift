// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionImport
import TransitionProtocol

/// What `transitionctl doctor` found, and the text it prints: pure, so that a test gives it
/// the facts a daemon, a desktop and `/proc` would.
struct DoctorReport {
    /// The daemon as one connection saw it.
    struct Daemon {
        var path: String
        var hello: Hello
        /// The `status` reply (`nil` when it failed).
        var status: StatusInfo?
        /// This connection's delivery, from `status` (`nil` when the server does not say).
        var delivery: ClientDelivery?
    }

    /// The actions file.
    enum Actions {
        case none(path: String)
        case loaded(path: String, file: ActionsFile)
        case broken(path: String, error: String)
    }

    /// The daemon, or why it could not be reached.
    var daemon: Result<Daemon, DoctorError>
    var actions: Actions
    /// `XDG_CURRENT_DESKTOP` (or `DESKTOP_SESSION`) as found, for the reader.
    var desktopNames: String
    /// The desktop whose gestures transitiond knows, if it is one.
    var desktop: DesktopGestureSet?
    /// Other gesture tools running in this session.
    var runningTools: [RunningTools.Found]
    /// Who serves `@touchegg`, and whether the safe way (`nil`: not looked at).
    var touchegg: ToucheggEndpointCheck? = nil
    /// transitiond's GNOME Shell extension (`nil`: not on GNOME Shell).
    var gnomeExtension: GnomeExtensionCheck? = nil

    /// The bound gestures the desktop acts on too (every transition the daemon has; each says
    /// whether actions use it). Not those GNOME's own recognition leaves to transitiond while
    /// its GNOME Shell extension is connected, and not a configured gesture a declared
    /// transition took (it drives the declared one, checked on its own).
    var conflicts: [GestureConflict] {
        guard case .success(let daemon) = daemon, let desktop else { return [] }
        let file: ActionsFile? = if case .loaded(_, let file) = actions { file } else { nil }
        return GestureConflicts.standing(transitions: daemon.hello.transitions, desktop: desktop, actions: file,
                                         gnomeExtension: gnomeExtension?.gestures)
    }

    /// Touchégg clients connected to transitiond's `@touchegg` (`nil`: not served, or unknown).
    var toucheggClients: UInt64? {
        guard case .success(let daemon) = daemon else { return nil }
        return daemon.status?.counters["touchegg_clients"]
    }

    /// Whether something needs the user: a gesture both act on by default, a client acting on
    /// gestures, an actions file with errors.
    var hasProblems: Bool {
        if case .broken = actions { return true }
        return conflicts.contains { $0.desktopGesture.byDefault } || !runningTools.isEmpty || (toucheggClients ?? 0) > 0
    }

    /// The report, one section per concern.
    var text: String {
        var out = ""
        switch daemon {
        case .success(let d):
            out += "transitiond: \(d.hello.server) at \(d.path)\n"
            if let access = d.status?.access { out += "  " + Status.accessLine(access) + "\n" }
            switch d.delivery {
            case .active?: out += "  this user receives transition events\n"
            case .paused(let reason)?: out += "  this user receives no transition events now (\(reason.rawValue))\n"
            case nil: break
            }
            if let devices = d.status?.devices {
                if devices.isEmpty {
                    out += "  no touchpad or touchscreen in use (`transitionctl devices`; docs/input.md)\n"
                } else {
                    out += "  devices: " + devices.map { "\($0.deviceClass) \"\($0.name)\"" }.joined(separator: ", ") + "\n"
                }
            }
            let count = d.hello.transitions.count, bound = d.hello.transitions.reduce(0) { $0 + $1.gestures.count }
            out += "  \(count) transition\(count == 1 ? "" : "s"), \(bound) bound gesture\(bound == 1 ? "" : "s")\n"
        case .failure(let error):
            out += "transitiond: \(error.message)\n"
        }

        switch actions {
        case .none(let path): out += "actions: no file at \(path) (`transitionctl run` starts without actions)\n"
        case .loaded(let path, let file):
            out += "actions: \(path): OK, \(file.actions.count) action\(file.actions.count == 1 ? "" : "s")\n"
            if case .success(let d) = daemon {
                for warning in file.unknownTransitionWarnings(known: d.hello.transitions.map(\.name)) { out += "  \(warning)\n" }
            }
        case .broken(let path, let error):
            out += "actions: \(path) has problems (`transitionctl run` keeps running without them):\n"
            out += error.split(separator: "\n").map { "  \($0)\n" }.joined()
        }

        out += "desktop: " + (desktopNames.isEmpty ? "unknown (XDG_CURRENT_DESKTOP is not set)" : desktopNames)
        if let desktop {
            out += " (\(desktop.desktop))\n"
        } else {
            out += desktopNames.isEmpty ? "\n" : " (transitiond knows no gestures of its own there)\n"
        }

        if let gnomeExtension { out += gnomeExtension.lines.map { $0 + "\n" }.joined() }

        if desktop != nil {
            switch daemon {
            case .success:
                let found = conflicts
                if found.isEmpty {
                    out += "gestures the desktop acts on too: none\n"
                } else {
                    out += "gestures the desktop acts on too:\n"
                    for group in GestureConflicts.grouped(found) {
                        out += "  - \(group.description)\n"
                        let used = group.conflicts.filter { $0.usedByActions == true }.map(\.label)
                        if !used.isEmpty { out += "    your actions run on \(used.joined(separator: ", "))\n" }
                    }
                }
            case .failure:
                out += "gestures the desktop acts on too: unknown (transitiond lists the bound gestures)\n"
            }
        }

        var clients: [String] = []
        if let count = toucheggClients, count > 0 {
            clients.append(Self.toucheggAdvice(count))
        }
        clients += runningTools.map(\.advice)
        if case .success(let d) = daemon {
            // A client's declared transition owns its gestures: configured transitions and actions on them step aside.
            clients += Ownership.lines(d.hello.transitions)
        }
        if clients.isEmpty {
            out += "other clients acting on gestures: none\n"
        } else {
            out += "other clients acting on gestures:\n" + clients.map { "  - \($0)\n" }.joined()
        }
        if let line = touchegg?.line { out += line + "\n" }
        return out
    }
}

extension DoctorReport {
    /// What `count` Touchégg clients on transitiond's `@touchegg` mean (doctor and run say it).
    static func toucheggAdvice(_ count: UInt64) -> String {
        "\(count) Touchégg client\(count == 1 ? "" : "s") on transitiond's @touchegg (Cinnamon, Gala, the X11 Gestures "
            + "extension or Touchégg's own client) act\(count == 1 ? "s" : "") on the gestures transitiond sends: an action on "
            + "the same gesture runs twice (docs/touchegg.md)"
    }
}

/// Why the daemon could not be asked.
struct DoctorError: Error {
    var message: String
}
