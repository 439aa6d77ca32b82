// SPDX-License-Identifier: MIT
import TransitionActions
import TransitionProtocol

/// What `transitionctl doctor` found of transitiond's GNOME Shell extension (docs/gnome.md):
/// where it is installed, what the running GNOME Shell says of it, and whether it is connected
/// to the daemon. Pure: ``DoctorReport`` gets it from ``Doctor``, which reads the files, the
/// session bus and `/proc`.
struct GnomeExtensionCheck: Sendable {
    /// The extension's uuid (gnome-shell-extension/metadata.json).
    static let uuid = "transitiond@transitiond.github.io"
    /// A copy of the extension on disk.
    struct Installed: Sendable, Equatable {
        /// Its directory, `…/gnome-shell/extensions/<uuid>`.
        var path: String
        /// In the user's data directory (else a system one).
        var user: Bool
    }

    /// What the running GNOME Shell says of the extension: `org.gnome.Shell.Extensions`
    /// `GetExtensionInfo` (js/ui/shellDBus.js and js/misc/extensionUtils.js `serializeExtension`,
    /// 43.9 and 48.0), empty when GNOME Shell has not loaded it.
    struct ShellInfo: Sendable, Equatable {
        /// `state`: 1 enabled (48: active), 2 disabled (inactive), 3 error, 4 out of date, 5
        /// downloading, 6 initialized, 7 deactivating, 8 activating (48), 99 uninstalled.
        var state: Int?
        /// `error`, when GNOME Shell could not load or enable it.
        var error: String?
        /// `path`: the directory GNOME Shell loaded it from.
        var path: String?

        init(state: Int? = nil, error: String? = nil, path: String? = nil) {
            self.state = state; self.error = error; self.path = path
        }
    }

    /// The copies on disk, in GNOME Shell's order (the user's first; the first one is loaded).
    var installed: [Installed]
    /// The running GNOME Shell's answer, or why there is none.
    var shell: Result<ShellInfo, DoctorError>
    /// The daemon's transitions (`hello`), when it answered.
    var transitions: [TransitionInfo]?
    /// The name of a process by pid (`/proc/PID/comm`), `nil` when unknown.
    var processName: @Sendable (Int32) -> String? = { _ in nil }

    /// The extension's gestures as the daemon's transitions show them.
    var gestures: GnomeExtensionGestures {
        GnomeExtensionGestures(transitions: transitions ?? [], processName: processName)
    }

    /// The extension's declared transitions the daemon lists (``GnomeExtensionGestures/connected``).
    var connected: [TransitionInfo] { gestures.connected }

    /// The report's lines.
    var lines: [String] {
        var out = ["GNOME Shell extension \(Self.uuid):"]
        if installed.isEmpty {
            out.append("  installed: no (the package gnome-shell-extension-transitiond, or gnome-shell-extension/install: docs/gnome.md)")
        } else {
            out.append("  installed: " + installed.map { "\($0.path) (\($0.user ? "user" : "system"))" }.joined(separator: ", "))
        }
        switch shell {
        case .failure(let error):
            out.append("  enabled: unknown (\(error.message))")
        case .success(let info):
            switch info.state {
            case nil, 99?:
                out.append(installed.isEmpty
                    ? "  enabled: no (GNOME Shell does not know it)"
                    : "  enabled: no, GNOME Shell has not loaded it (GNOME on Wayland loads a new extension at the next login)")
            case 1?:
                out.append("  enabled: yes" + (info.path.map { ", loaded from \($0)" } ?? ""))
            case 2?, 7?:
                out.append("  enabled: no (gnome-extensions enable \(Self.uuid))")
            case 8?:
                out.append("  enabled: yes, being enabled")
            case 4?:
                out.append("  enabled: no, out of date for this GNOME Shell (installed for another version: reinstall it)")
            case let state?:
                out.append("  enabled: no, GNOME Shell says state \(state)" + (info.error.flatMap { $0.isEmpty ? nil : ": \($0)" } ?? ""))
            }
        }
        let connected = self.connected
        if transitions == nil {
            out.append("  connected: unknown (transitiond did not answer)")
        } else if connected.isEmpty {
            out.append("  connected: no (GNOME Shell's own gestures act)")
        } else {
            let owned = connected.map { "\($0.name) on \($0.gestures.map(\.name).joined(separator: ", "))" }
            let pid = connected[0].declared.map { " (GNOME Shell, pid \($0.pid))" } ?? ""
            out.append("  connected\(pid): \(owned.joined(separator: "; ")); GNOME's own recognition of these gestures is off")
        }
        return out
    }
}
