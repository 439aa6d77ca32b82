// SPDX-License-Identifier: MIT

/// Keeps refusals from flooding the log: the first refusal after a quiet interval is logged at
/// once, the ones after it within the interval are counted by what was refused, and one line at
/// the end of the interval sums them up ("refused 41 more requests in the last 10 s: settings of
/// uid 1000 (40), key strokes from uid 1001 (1)"). At most two lines per interval whatever a
/// peer sends, and nothing to do (so no timer) while nothing is counted. The daemon's socket core
/// sums up its refused and evicted connections the same way, by what happened and to whose
/// (`verb` "refused or evicted": "refused or evicted 875 more connections in the last 10 s:
/// connections of uid 1000 over its limit (840), …").
///
/// Pure: the caller passes the time, logs the lines it gets, and keeps one timer at
/// ``summaryDueUs`` while that is not `nil`.
public struct RefusalLog: Sendable {
    /// The shortest time between two lines, µs.
    public let intervalUs: UInt64
    /// The noun of the summary, plural: "requests", "connections" (a summary of one says it in
    /// the singular, each word's final "s" dropped: "connection or request").
    public let noun: String
    /// What happened to them, the summary's first words: "refused", "refused or evicted".
    public let verb: String
    /// When the last line was returned.
    private var lastLineUs: UInt64?
    /// Counted since then, by what was refused, in the order first seen.
    private var counts: [(what: String, count: Int)] = []

    /// At most this many kinds are named in a summary; the rest are counted as "N more".
    public static let namedInSummary = 5

    /// A log of refusals with at most one immediate line per `intervalUs`, whose summaries
    /// say "`verb` N more `noun`".
    public init(intervalUs: UInt64, noun: String = "requests", verb: String = "refused") {
        self.intervalUs = intervalUs
        self.noun = noun
        self.verb = verb
    }

    /// Notes one refusal of `what` ("settings of uid 1000"). Returns `line` when it should be
    /// logged now (nothing was logged for an interval), or nil when it was counted.
    public mutating func record(_ line: String, what: String, nowUs: UInt64) -> String? {
        if counts.isEmpty, lastLineUs.map({ nowUs >= $0 && nowUs - $0 >= intervalUs }) ?? true {
            lastLineUs = nowUs
            return line
        }
        if let index = counts.firstIndex(where: { $0.what == what }) {
            counts[index].count += 1
        } else {
            counts.append((what, 1))
        }
        return nil
    }

    /// When the summary of what was counted is due (nil: nothing counted).
    public var summaryDueUs: UInt64? {
        guard !counts.isEmpty, let lastLineUs else { return nil }
        return lastLineUs + intervalUs
    }

    /// The summary of everything counted since the last line, which it forgets; nil when nothing
    /// was counted.
    public mutating func summary(nowUs: UInt64) -> String? {
        guard !counts.isEmpty else { return nil }
        let seconds = (nowUs - min(lastLineUs ?? nowUs, nowUs) + 500_000) / 1_000_000
        let total = counts.reduce(0) { $0 + $1.count }
        let sorted = counts.enumerated().sorted { ($0.element.count, $1.offset) > ($1.element.count, $0.offset) }.map(\.element)
        var named = sorted.prefix(Self.namedInSummary).map { "\($0.what) (\($0.count))" }.joined(separator: ", ")
        if sorted.count > Self.namedInSummary { named += ", \(sorted.count - Self.namedInSummary) more" }
        counts = []
        lastLineUs = nowUs
        let nouns = total == 1 ? noun.split(separator: " ").map { $0.hasSuffix("s") ? String($0.dropLast()) : String($0) }.joined(separator: " ") : noun
        return "\(verb) \(total) more \(nouns) in the last \(seconds) s: \(named)"
    }
}
