// SPDX-License-Identifier: MIT
import Glibc
import TransitionFiles
import TransitionProtocol

extension GnomeExtensionCheck {
    /// The environment variables ``find(environment:transitions:)`` reads.
    static let variables = ["XDG_DATA_HOME", "XDG_DATA_DIRS", "HOME"]

    /// The extension as this session has it: its copies where GNOME Shell looks, the running
    /// GNOME Shell's answer (one session-bus call, at most ``GnomeShellBus/timeoutUs``), and the
    /// daemon's `transitions`, with `/proc/PID/comm` to tell GNOME Shell's connection.
    static func find(environment: [String: String], transitions: [TransitionInfo]?) -> GnomeExtensionCheck {
        let installed = directories(environment).compactMap { dir, user -> Installed? in
            let path = "\(dir)/gnome-shell/extensions/\(uuid)"
            return access(path + "/metadata.json", R_OK) == 0 ? Installed(path: path, user: user) : nil
        }
        return GnomeExtensionCheck(
            installed: installed, shell: GnomeShellBus.extensionInfo(uuid), transitions: transitions,
            processName: processName)
    }

    /// The name of process `pid` (`/proc/PID/comm`), `nil` when it cannot be read.
    @Sendable static func processName(_ pid: Int32) -> String? {
        guard let bytes = try? FileBytes.read(path: "/proc/\(pid)/comm", limit: 256) else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingSuffix("\n")
    }

    /// Where GNOME Shell looks for extensions, in its order: the user's data directory, then the
    /// system's (js/misc/fileUtils.js `collectFromDatadirs`, 43.9 and 48.0:
    /// `GLib.get_system_data_dirs()` with `GLib.get_user_data_dir()` first, each with
    /// `gnome-shell/extensions`): `$XDG_DATA_HOME` or `~/.local/share`, then `$XDG_DATA_DIRS` or
    /// `/usr/local/share:/usr/share` (the XDG Base Directory defaults GLib uses).
    static func directories(_ environment: [String: String]) -> [(String, user: Bool)] {
        var dirs: [(String, user: Bool)] = []
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            dirs.append((data, user: true))
        } else if let home = environment["HOME"], !home.isEmpty {
            dirs.append((home + "/.local/share", user: true))
        }
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for dir in system.split(separator: ":") where dir.hasPrefix("/") {
            dirs.append((dir.hasSuffix("/") && dir.count > 1 ? String(dir.dropLast()) : String(dir), user: false))
        }
        return dirs
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
