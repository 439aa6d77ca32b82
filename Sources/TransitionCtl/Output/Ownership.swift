// SPDX-License-Identifier: MIT
import TransitionProtocol

/// Who took which gesture, in words: the lines `list`, `status`, `doctor` and `run` print for
/// transitions clients declared and the configured gestures they took.
enum Ownership {
    /// One line per declared transition (its owner and page) and per taken gesture, in the
    /// order of the listing; none when no client declared anything.
    static func lines(_ transitions: [TransitionInfo]) -> [String] {
        var lines: [String] = []
        for t in transitions {
            if let d = t.declared {
                let page = d.pages.map { pages in ", page \((d.page ?? 0) + 1) of \(pages)" } ?? ""
                let gestures = t.gestures.map(\.name).joined(separator: ", ")
                lines.append("\(t.name): declared by client \(d.client) (pid \(d.pid)) on \(gestures)\(page)")
            }
            for taken in t.taken {
                lines.append("\(t.name): \(taken.gesture) is taken by \(taken.by) (client \(taken.client), pid \(taken.pid))")
            }
        }
        return lines
    }
}
