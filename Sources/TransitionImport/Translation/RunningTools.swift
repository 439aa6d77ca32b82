// SPDX-License-Identifier: MIT
/// Which other gesture tools run, told from their command lines (`/proc/PID/cmdline`, read by
/// the caller): Touchégg's client, fusuma and libinput-gestures act on every gesture themselves,
/// so actions on the same gestures beside them run twice.
public enum RunningTools {
    /// A running tool: its process id, what it is, and how to stop it.
    public struct Found: Sendable, Hashable {
        /// The process id.
        public var pid: Int
        /// The format whose tool it is.
        public var tool: ImportFormat
        /// What to do.
        public var advice: String
    }

    /// The gesture tools among `processes` (pid and argument vector).
    public static func find(_ processes: [(pid: Int, arguments: [String])]) -> [Found] {
        var found: [Found] = []
        for process in processes {
            guard let first = process.arguments.first else { continue }
            let program = String(first.split(separator: "/").last ?? "")
            let arguments = process.arguments.dropFirst()
            // Interpreters: fusuma is Ruby, libinput-gestures Python.
            let script = arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
            if program == "touchegg" && !arguments.contains("--daemon") {
                found.append(Found(pid: process.pid, tool: .touchegg,
                                   advice: "Touchégg's client (pid \(process.pid)) acts on every gesture too, so actions on the same gestures run twice: stop it (`kill \(process.pid)`) and take it out of the session's autostart (~/.config/autostart/touchegg.desktop, or /etc/xdg/autostart/touchegg.desktop), or keep it and leave those actions out (docs/touchegg.md)"))
            } else if program == "fusuma" || (program.hasPrefix("ruby") && script == "fusuma") {
                found.append(Found(pid: process.pid, tool: .fusuma,
                                   advice: "fusuma (pid \(process.pid)) still runs: stop it (`kill \(process.pid)`) and take it out of the session's autostart, or every gesture acts twice"))
            } else if program == "libinput-gestures" || (program.hasPrefix("python") && script == "libinput-gestures") {
                found.append(Found(pid: process.pid, tool: .libinputGestures,
                                   advice: "libinput-gestures (pid \(process.pid)) still runs: stop it for good with `libinput-gestures-setup stop autostop` (or `systemctl --user disable --now libinput-gestures`), or every gesture acts twice"))
            }
        }
        return found
    }
}
