// SPDX-License-Identifier: MIT
import TransitionCore

/// A terminal's size in character cells.
struct TerminalSize: Sendable, Hashable {
    var columns: Int
    var rows: Int

    /// What `watch` assumes when the terminal does not say (TIOCGWINSZ fails or reports 0).
    static let fallback = TerminalSize(columns: 80, rows: 24)
}

/// One transition as the live view shows it.
struct WatchRow: Sendable, Hashable {
    var name: String
    var phase: TransitionState.Phase
    var progress: Double
    var velocity: Double
    /// The last lifecycle event, described (`finish (release) spring k=… 0.350s`); empty before any.
    var detail: String
    /// When its last lifecycle event arrived (µs, any monotonic clock); 0 for never.
    var lastEventUs: UInt64

    /// Whether it is moving: a finger on it, animating, or caught mid-way.
    var isMoving: Bool { phase != .idle }
}

/// The live view of `watch`, laid out for a terminal: pure, so that the rules are tested
/// without one.
///
/// - Every line fits the width (in character cells; every character drawn here is one cell
///   wide: ASCII names, block elements, `ζ`).
/// - The header and the rows together take at most `rows - 1` lines, so that the line the
///   cursor waits on stays on the screen and moving up over the view never goes past its top.
/// - When there are more transitions than room, the moving ones are shown first, then those
///   whose last event is the most recent, then the others in the configured order; the shown
///   ones keep the configured order (rows do not jump), and the last line counts the hidden ones.
/// - The progress bar shrinks (down to ``minimumBarWidth`` cells) before the columns after it are cut.
enum WatchLayout {
    static let maximumBarWidth = 30
    static let minimumBarWidth = 8
    /// The cells of the columns after the name and before the detail: `  0.50  +1.20   /s  interactive `.
    static let numbersWidth = 2 + 6 + 8 + 4 + 12

    /// The header and the rows for `size`.
    static func lines(header: String, rows: [WatchRow], size: TerminalSize) -> [String] {
        let available = size.rows - 1
        guard available > 0, size.columns > 0 else { return [] }
        var out = [fit(header, width: size.columns)]
        let room = available - 1
        guard room > 0, !rows.isEmpty else { return out }
        let shown: [Int]
        if rows.count <= room {
            shown = Array(rows.indices)
        } else {
            shown = chosen(rows, count: room - 1)
        }
        let nameWidth = shown.map { rows[$0].name.count }.max() ?? 0
        for index in shown { out.append(line(rows[index], nameWidth: nameWidth, width: size.columns)) }
        if shown.count < rows.count {
            let hidden = rows.count - shown.count
            out.append(fit("… \(hidden) more transition\(hidden == 1 ? "" : "s") not shown (a taller terminal shows them)", width: size.columns))
        }
        return out
    }

    /// The indices of the `count` rows to show, in the configured order: moving ones first,
    /// then the most recent, then the first configured.
    static func chosen(_ rows: [WatchRow], count: Int) -> [Int] {
        guard count > 0 else { return [] }
        let ranked = rows.indices.sorted { a, b in
            let (ra, rb) = (rows[a], rows[b])
            if ra.isMoving != rb.isMoving { return ra.isMoving }
            if ra.lastEventUs != rb.lastEventUs { return ra.lastEventUs > rb.lastEventUs }
            return a < b
        }
        return ranked.prefix(count).sorted()
    }

    /// One row: name, bar, progress, velocity, phase and detail, cut to `width`.
    static func line(_ row: WatchRow, nameWidth: Int, width: Int) -> String {
        let name = row.name.padding(toLength: nameWidth + 2)
        let spare = width - name.count - 2 - numbersWidth
        let barWidth = min(maximumBarWidth, max(minimumBarWidth, spare))
        let text = name + bar(row.progress, width: barWidth) + "  "
            + Format.fixed(row.progress).padding(toLength: 6) + Format.signed(row.velocity).padding(toLength: 8) + "/s  "
            + row.phase.rawValue.padding(toLength: 12) + row.detail
        return fit(text, width: width)
    }

    /// `text` without trailing spaces, cut to `width` cells with an ellipsis when longer.
    static func fit(_ text: String, width: Int) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(max(width, 0))) }
        return String(text.prefix(width - 1)) + "…"
    }

    /// A progress bar of `width` cells between two edge marks (`width + 2` in all).
    static func bar(_ progress: Double, width: Int = maximumBarWidth) -> String {
        let clamped = progress.isFinite ? min(max(progress, 0), 1) : 0
        let eighths = Int((clamped * Double(width * 8)).rounded())
        let blocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var bar = String(repeating: "█", count: eighths / 8) + blocks[eighths % 8]
        bar = bar.padding(toLength: width)
        return "▕" + bar + "▏"
    }
}
