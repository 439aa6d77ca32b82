// SPDX-License-Identifier: MIT
import Glibc
import TransitionActions
import TransitionDesktop
import TransitionFiles
import TransitionImport
import TransitionRunner
import TransitionIO

/// The desktop this process runs in (``DesktopSession``'s reading of the environment) and the
/// gestures it acts on by itself, which `transitionctl doctor` and `transitionctl run` check
/// the bound gestures against.
struct RunningDesktop {
    /// The variables it reads.
    static let variables = ["XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "XDG_SESSION_TYPE", "WAYLAND_DISPLAY", "DISPLAY",
                            "XDG_CONFIG_HOME", "HOME"]

    /// `XDG_CURRENT_DESKTOP=GNOME (wayland)`, or `DESKTOP_SESSION=…` when only that is set; empty
    /// when neither is.
    var names: String
    /// The desktop's own gestures, when transitiond knows them.
    var gestures: DesktopGestureSet?
    /// The configuration files the gestures were read from (Hyprland's, with those it sources).
    var configPaths: [String] = []
    /// The running GNOME Shell's version, or why it is unknown (GNOME Shell only).
    var shellVersion: Result<GnomeShellVersion, DoctorError>?

    /// The desktop `environment` names; on GNOME Shell its version from the session bus (at most
    /// ``GnomeShellBus/timeoutUs``), on Hyprland its configuration.
    init(environment: [String: String]) {
        let session = DesktopSession(environment: environment)
        let desktopSession = environment["DESKTOP_SESSION"].flatMap { $0.isEmpty ? nil : $0 }
        gestures = DesktopGestureSet.running(desktops: session.desktops, session: desktopSession)
        switch gestures?.desktop {
        case DesktopGestureSet.hyprland.desktop:
            // Hyprland acts on what its configuration declares: read it when it is there.
            if let path = Self.hyprlandConfig(environment) {
                let reading = HyprlandGestures.declared(path: path, files: Self.hyprlandFiles(environment))
                if !reading.files.isEmpty {
                    gestures = .hyprland(reading)
                    configPaths = reading.files
                }
            }
        case DesktopGestureSet.gnome.desktop:
            shellVersion = GnomeShellBus.shellVersion().flatMap { text in
                GnomeShellVersion(text).map { .success($0) } ?? .failure(DoctorError(message: "ShellVersion \"\(text)\" is no version"))
            }
            gestures = .gnome(version: try? shellVersion?.get())
        default:
            break
        }
        let type = environment["XDG_SESSION_TYPE"].flatMap { $0.isEmpty ? nil : " (\($0))" } ?? ""
        if !session.desktops.isEmpty {
            names = "XDG_CURRENT_DESKTOP=" + session.desktops.joined(separator: ":") + type
        } else if let desktopSession {
            names = "DESKTOP_SESSION=" + desktopSession + type
        } else {
            names = ""
        }
        if let first = configPaths.first {
            let more = configPaths.count - 1
            names += ", gestures from \(first)" + (more == 0 ? "" : " and the \(more) file\(more == 1 ? "" : "s") it sources")
        }
        // A known version is in the desktop's name ("GNOME Shell 46.2").
        if case .failure(let error)? = shellVersion { names += ", GNOME Shell's version unknown: \(error.message)" }
    }

    /// `$XDG_CONFIG_HOME/hypr/hyprland.conf`, else `~/.config/hypr/hyprland.conf`.
    static func hyprlandConfig(_ environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return config + "/hypr/hyprland.conf" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/hypr/hyprland.conf" }
        return nil
    }

    /// The file system as the Hyprland reader reaches it: files up to 1 MiB, glob(3), `$HOME`
    /// and this process's environment.
    static func hyprlandFiles(_ environment: [String: String]) -> HyprlandGestures.Files {
        HyprlandGestures.Files(
            read: { path in (try? FileBytes.read(path: path, limit: 1 << 20)).map { String(decoding: $0, as: UTF8.self) } },
            glob: Files.glob,
            home: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 },
            environment: { ProcessEnvironment.value($0) })
    }
}

extension SessionSurroundings {
    /// This session's, as `transitionctl doctor` reads them: ``RunningDesktop`` (on GNOME Shell,
    /// one session-bus call bounded by ``GnomeShellBus/timeoutUs``), the gesture tools in `/proc`
    /// (``RunningTools``), the doctor's advice on Touchégg's clients, and its reader of process
    /// names (which tells the GNOME Shell extension's connection).
    static var current: SessionSurroundings {
        SessionSurroundings(
            desktop: {
                let running = RunningDesktop(environment: ProcessEnvironment.values(RunningDesktop.variables))
                if case .failure(let error)? = running.shellVersion { return (running.gestures, error.message) }
                return (running.gestures, nil)
            },
            otherTools: { RunningTools.find(Files.processes()).map(\.advice) },
            toucheggAdvice: DoctorReport.toucheggAdvice,
            processName: GnomeExtensionCheck.processName)
    }
}
