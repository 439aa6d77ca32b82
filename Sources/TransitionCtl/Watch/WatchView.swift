// SPDX-License-Identifier: MIT
import TransitionClient
import TransitionCore
import TransitionProtocol
import TransitionIO

/// The human views of `watch`: live progress bars on a terminal (laid out by ``WatchLayout``
/// for the terminal's size), event lines otherwise.
final class WatchView {
    private var names: [String]
    private var trackers: [String: TransitionTracker] = [:]
    private let live: Bool
    private let header: String
    private var size: TerminalSize
    /// The lines drawn last time, which the next drawing moves up over.
    private var drawnLines = 0
    private var lastDrawUs: UInt64 = 0
    private var details: [String: String] = [:]
    private var lastEventUs: [String: UInt64] = [:]

    init(names: [String], live: Bool, header: String, size: TerminalSize) {
        self.names = names
        self.live = live
        self.header = header
        self.size = size
        for name in names { trackers[name] = TransitionTracker(transition: name) }
        if live { draw(atUs: MonotonicClock.nowUs()) }
    }

    func apply(_ message: ServerMessage) {
        var lifecycle = false
        switch message {
        case .transition(let event):
            if trackers[event.transition] == nil {
                names.append(event.transition)
                trackers[event.transition] = TransitionTracker(transition: event.transition)
            }
            trackers[event.transition]?.apply(event)
            if case .updated = event.payload {} else {
                lifecycle = true
                details[event.transition] = Self.describe(event)
                lastEventUs[event.transition] = MonotonicClock.nowUs()
                if !live { Terminal.out(Self.line(for: event)) }
            }
        case .snapshot, .frame:
            for name in names { trackers[name]?.apply(message) }
            if case .snapshot = message { lifecycle = true }
        default:
            return
        }
        guard live else { return }
        let now = MonotonicClock.nowUs()
        if lifecycle || now - lastDrawUs >= 16_000 { draw(atUs: now) }
    }

    func finish() {
        if live { draw(atUs: MonotonicClock.nowUs()) }
    }

    /// A reload changed the configured transitions: rows for `names` from now on (a row kept
    /// keeps its state; the snapshot-less new ones start idle).
    func replaceTransitions(_ names: [String]) {
        for name in names where trackers[name] == nil { trackers[name] = TransitionTracker(transition: name) }
        for name in self.names where !names.contains(name) {
            trackers[name] = nil
            details[name] = nil
            lastEventUs[name] = nil
        }
        self.names = names
        if live { draw(atUs: MonotonicClock.nowUs()) } else { Terminal.out("transitions now: \(names.joined(separator: ", "))\n") }
    }

    /// The terminal has a new size: the screen is cleared and the view drawn again from its top
    /// (what was drawn for the old size may have been rewrapped or cut by the terminal).
    func resize(to size: TerminalSize) {
        self.size = size
        guard live else { return }
        drawnLines = 0
        draw(atUs: MonotonicClock.nowUs(), from: "\u{1B}[H\u{1B}[2J")
    }

    /// A line above the view (live), which is drawn again under it.
    func notice(_ text: String) {
        guard live else { return }
        let above = moveUp() + "\r\u{1B}[J" + WatchLayout.fit(text, width: size.columns) + "\n"
        drawnLines = 0
        draw(atUs: MonotonicClock.nowUs(), from: above)
    }

    /// The rows as the layout takes them.
    func rows(atUs now: UInt64) -> [WatchRow] {
        names.compactMap { name in
            guard let tracker = trackers[name] else { return nil }
            return WatchRow(name: name, phase: tracker.phase, progress: tracker.progress(atUs: now),
                            velocity: tracker.velocity(atUs: now), detail: details[name] ?? "",
                            lastEventUs: lastEventUs[name] ?? 0)
        }
    }

    private func moveUp() -> String {
        drawnLines > 0 ? "\r\u{1B}[\(drawnLines)A" : "\r"
    }

    /// Draws the view over the last drawing, after `prefix` (a clear screen, a notice), in one write.
    private func draw(atUs now: UInt64, from prefix: String = "") {
        lastDrawUs = now
        let lines = WatchLayout.lines(header: header, rows: rows(atUs: now), size: size)
        var text = prefix + moveUp()
        for line in lines { text += "\u{1B}[2K" + line + "\n" }
        // Fewer lines than last time (a reload removed some, the terminal shrank): clear below.
        text += "\u{1B}[J"
        drawnLines = lines.count
        Terminal.out(text)
    }

    /// A short description of a lifecycle event, for the live view's last column.
    static func describe(_ event: TransitionEvent) -> String {
        switch event.payload {
        case .began(let began):
            switch began.origin {
            case .gesture(let source, let fingers, _):
                return "\(source.rawValue) \(fingers) fingers \(began.direction?.rawValue ?? "")  gesture \(event.gesture)"
            case .trigger(let reverse):
                return "trigger\(reverse ? " reverse" : "")  gesture \(event.gesture)"
            }
        case .ended(let ended):
            return "\(ended.outcome.rawValue) (\(ended.reason.rawValue)) \(animationText(ended.animation))"
        case .paused(let paused):
            return "caught at \(Format.fixed(paused.progress))"
        case .completed(let completed):
            return completed.finished ? "finished" : "cancelled"
        case .updated:
            return ""
        }
    }

    static func animationText(_ animation: AnimationDescription) -> String {
        switch animation {
        case .none: "no animation"
        case .spring(let s): "spring k=\(Format.fixed(s.parameters.stiffness, 0)) ζ=\(Format.fixed(s.parameters.dampingRatio)) \(Format.fixed(animation.duration, 3))s"
        case .curve(let c): "\(c.curve.rawValue) \(Format.fixed(animation.duration, 3))s"
        }
    }

    /// One line per lifecycle event, for pipes and logs.
    static func line(for event: TransitionEvent) -> String {
        let seconds = Format.fixed(Double(event.timeUs) / 1e6, 6)
        var text = "\(seconds)  \(event.transition)  \(event.payload.kind.rawValue)  gesture \(event.gesture)"
        switch event.payload {
        case .began(let began):
            let origin = switch began.origin {
            case .gesture(let source, let fingers, let device): "\(source.rawValue) \(fingers) fingers on device \(device.rawValue)"
            case .trigger(let reverse): reverse ? "trigger reverse" : "trigger"
            }
            text += "  \(origin) \(began.direction?.rawValue ?? "")  from \(Format.fixed(began.from))"
        case .ended(let ended): text += "  \(Format.fixed(ended.from)) -> \(Format.fixed(ended.to))  " + describe(event)
        default: text += "  " + describe(event)
        }
        return text + "\n"
    }
}
