// SPDX-License-Identifier: MIT
import Glibc
import TransitionIO

/// The runner's messages on standard error, one line each. Under systemd (`$JOURNAL_STREAM`
/// set) each line starts with its syslog priority (`<3>`), which the journal reads as the level.
struct RunnerLog {
    enum Level: Int {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7
    }

    /// Whether `debug` lines (every command started and finished) are written.
    var verbose: Bool
    private let priorities: Bool

    init(verbose: Bool) {
        self.verbose = verbose
        priorities = getenv("JOURNAL_STREAM") != nil
    }

    func error(_ text: String) { write(.error, text) }
    func warning(_ text: String) { write(.warning, text) }
    func notice(_ text: String) { write(.notice, text) }
    func info(_ text: String) { write(.info, text) }
    func debug(_ text: String) { if verbose { write(.debug, text) } }

    private func write(_ level: Level, _ text: String) {
        var line = ""
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line += (priorities ? "<\(level.rawValue)>" : "") + "transitionctl run: " + part + "\n"
        }
        WriteAll.write(2, line)
    }
}
