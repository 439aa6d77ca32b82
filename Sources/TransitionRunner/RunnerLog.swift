// SPDX-License-Identifier: MIT
import Glibc
import TransitionIO
import TransitionLog

/// The runner's messages on standard error, one line each. Under systemd (`$JOURNAL_STREAM`
/// set) each line starts with its syslog priority (`<3>`), which the journal reads as the level.
/// Text from other processes (transitiond's messages, the focused window's app id and title) is
/// escaped where it is logged (``PrintableText``); any control character but the runner's own
/// newlines is escaped here.
public struct RunnerLog {
    /// A syslog priority.
    enum Level: Int {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7
    }

    /// Whether `debug` lines (every command started and finished) are written.
    public var verbose: Bool
    private let priorities: Bool

    /// A log that writes `debug` lines only when `verbose`.
    public init(verbose: Bool) {
        self.verbose = verbose
        priorities = ProcessEnvironment.value("JOURNAL_STREAM") != nil
    }

    /// Writes `text` at priority 3.
    public func error(_ text: String) { write(.error, text) }
    /// Writes `text` at priority 4.
    public func warning(_ text: String) { write(.warning, text) }
    /// Writes `text` at priority 5.
    public func notice(_ text: String) { write(.notice, text) }
    /// Writes `text` at priority 6.
    public func info(_ text: String) { write(.info, text) }
    /// Writes `text` at priority 7, when ``verbose``.
    public func debug(_ text: String) { if verbose { write(.debug, text) } }

    private func write(_ level: Level, _ text: String) {
        var line = ""
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line += (priorities ? "<\(level.rawValue)>" : "") + "transitionctl run: " + PrintableText.escaped(part) + "\n"
        }
        WriteAll.write(2, line)
    }
}
