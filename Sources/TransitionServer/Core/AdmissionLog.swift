// SPDX-License-Identifier: MIT
/// Keeps a connection flood from flooding the log: of the refused and evicted connections, the
/// first after a quiet interval is logged at once, and the rest are counted and summarised in
/// one line at the end of the interval ("refused 872 connections in the last 10 s: too many
/// clients of one user (uid 1000: 872)"). At most one line per interval, and nothing to do, so
/// no timer, while nothing is counted.
///
/// Pure: the server calls it with the time, logs the lines it returns, and keeps one loop timer
/// at ``summaryDueUs`` while that is not `nil`.
struct AdmissionLog {
    /// What happened to a connection.
    enum Outcome: Sendable, Hashable, CaseIterable {
        /// Refused: its user already had the most connections one user may have.
        case refusedPerUser
        /// Refused: the server already had the most connections it takes.
        case refusedGlobal
        /// Closed to make room for a new one.
        case evicted
    }

    /// The shortest time between two lines, µs.
    let intervalUs: UInt64
    /// When the last line was returned.
    private var lastLineUs: UInt64?
    /// Counted since then, by outcome and uid.
    private var counts: [Outcome: [UInt32: Int]] = [:]

    init(intervalUs: UInt64) { self.intervalUs = intervalUs }

    /// Notes one outcome for a connection of `uid`. Returns `line` when it should be logged now
    /// (nothing was logged for an interval), or `nil` when it was counted for the summary.
    mutating func record(_ outcome: Outcome, uid: UInt32, line: String, nowUs: UInt64) -> String? {
        if counts.isEmpty, lastLineUs.map({ nowUs >= $0 && nowUs - $0 >= intervalUs }) ?? true {
            lastLineUs = nowUs
            return line
        }
        counts[outcome, default: [:]][uid, default: 0] += 1
        return nil
    }

    /// When the summary of what has been counted is due (`nil`: nothing counted).
    var summaryDueUs: UInt64? {
        guard !counts.isEmpty, let lastLineUs else { return nil }
        return lastLineUs + intervalUs
    }

    /// The summary of everything counted since the last line, which it forgets; `nil` when
    /// nothing was counted.
    mutating func summary(nowUs: UInt64) -> String? {
        guard !counts.isEmpty else { return nil }
        let seconds = (nowUs - min(lastLineUs ?? nowUs, nowUs) + 500_000) / 1_000_000
        let span = "in the last \(seconds) s"
        defer { counts = [:]; lastLineUs = nowUs }
        var parts: [String] = []
        let refusals: [(Outcome, String)] = [(.refusedPerUser, "too many clients of one user"),
                                             (.refusedGlobal, "too many clients")]
        let refused = refusals.reduce(0) { $0 + total(of: $1.0) }
        if refused > 0 {
            let reasons = refusals.filter { total(of: $0.0) > 0 }.map { "\($0.1) (\(byUser(of: $0.0)))" }
            parts.append("refused \(connections(refused)) \(span): \(reasons.joined(separator: ", "))")
        }
        let evicted = total(of: .evicted)
        if evicted > 0 {
            parts.append("evicted \(connections(evicted, "idle connection"))\(refused > 0 ? "" : " \(span)") (\(byUser(of: .evicted)))")
        }
        return parts.joined(separator: "; ")
    }

    private func total(of outcome: Outcome) -> Int { counts[outcome]?.values.reduce(0, +) ?? 0 }

    /// "uid 1000: 840, uid 1001: 32", most first, at most five users named.
    private func byUser(of outcome: Outcome) -> String {
        let users = (counts[outcome] ?? [:]).sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        var text = users.prefix(5).map { "uid \($0.key): \($0.value)" }.joined(separator: ", ")
        if users.count > 5 { text += ", \(users.count - 5) more users" }
        return text
    }

    private func connections(_ n: Int, _ noun: String = "connection") -> String {
        n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
    }
}
