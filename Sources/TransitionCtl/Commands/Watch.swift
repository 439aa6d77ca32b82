// SPDX-License-Identifier: MIT
import ArgumentParser
import Glibc
import TransitionClient
import TransitionCore
import TransitionProtocol
import TransitionIO

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show transitions live: a progress bar per transition, or every message as JSON.",
        discussion: """
            On a terminal, one line per transition shows its progress, velocity and phase. \
            Otherwise one line per began/ended/paused/completed event is printed. With --json \
            every line transitiond sends (hello, reply, snapshot, events, frames, goodbye) is \
            printed as received, one JSON object per line, flushed.

            When transitiond is not running, or stops or restarts, watch waits for it and \
            connects again (saying so on the terminal, on stderr in a pipe, and not at all with \
            --json, whose output goes on with the new connection's hello); --no-reconnect exits \
            instead. When a reload changes the configured transitions, the rows follow.
            """)

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Print every message from transitiond as one JSON line, as received.")
    var json = false

    @Option(name: .customLong("transition"), help: ArgumentHelp("Only this transition (repeatable).", valueName: "name"))
    var transitions: [String] = []

    @Option(name: .long, help: ArgumentHelp("Server-driven animation frames per second (default: 60 on a terminal, else 0).", valueName: "rate"))
    var frameRate: Int?

    @Option(name: .long, help: ArgumentHelp("Exit after this many transitions completed.", valueName: "n"))
    var exitAfter: Int?

    @Flag(name: .long, help: "Exit when transitiond is unreachable (69) or the connection ends (76; 0 when transitiond stops), instead of waiting for it.")
    var noReconnect = false

    /// First and longest wait between connection attempts, µs (doubling in between).
    static let initialBackoffUs: UInt64 = 100_000
    static let maxBackoffUs: UInt64 = 2_000_000

    func validate() throws {
        if let frameRate, !(0...Subscription.maxFrameRate).contains(frameRate) {
            throw ValidationError("--frame-rate must be between 0 and \(Subscription.maxFrameRate)")
        }
        if let exitAfter, exitAfter < 1 { throw ValidationError("--exit-after must be at least 1") }
    }

    func run() throws {
        let live = !json && Terminal.isTerminal
        let rate = frameRate ?? (live ? 60 : 0)
        var events = EventKind.defaultSet
        if rate > 0 { events.insert(.frame) }
        let subscription = Subscription(transitions: transitions.isEmpty ? nil : Set(transitions), events: events, frameRate: rate)
        var session = WatchSession(json: json, live: live, filter: transitions, exitAfter: exitAfter)
        var backoff = ReconnectBackoff(initialUs: Self.initialBackoffUs, maximumUs: Self.maxBackoffUs)
        var waiting = false
        while true {
            let connected: LineConnection
            do throws(ClientError) {
                connected = try LineConnection.connect(candidates: connection.candidates)
            } catch {
                if noReconnect { throw Failure.exit(error) }
                if !waiting { session.say("\(error); waiting for it to start") }
                waiting = true
                Self.sleep(us: backoff.nextDelayUs())
                continue
            }
            backoff.reset()
            if waiting && !live { session.say("connected to transitiond at \(connected.path)") }
            waiting = false
            let lost = try Failure.guarding { () throws(ClientError) in try session.follow(connected, subscription: subscription) }
            guard let lost else { return }
            if noReconnect {
                if case .disconnected(let goodbye?) = lost, goodbye.reason == .shutdown {
                    Terminal.error("transitionctl: \(goodbye.message)")
                    return
                }
                throw Failure.exit(lost)
            }
            session.say("\(lost); waiting for it to come back")
            waiting = true
            Self.sleep(us: backoff.initialUs)
        }
    }

    static func sleep(us: UInt64) {
        MonotonicClock.sleep(seconds: Double(us) / 1e6)
    }
}

/// One `watch` across its connections: what it prints and how many runs completed.
struct WatchSession {
    let json: Bool
    let live: Bool
    /// `--transition` names; empty for all.
    let filter: [String]
    let exitAfter: Int?
    private var completed = 0
    private var view: WatchView?

    init(json: Bool, live: Bool, filter: [String], exitAfter: Int?) {
        self.json = json; self.live = live; self.filter = filter; self.exitAfter = exitAfter
    }

    /// Subscribes on `connection` and prints what arrives until the connection ends. Returns
    /// `nil` once `--exit-after` runs completed, else why the connection ended; throws when
    /// transitiond refused the subscription or sent something unreadable.
    mutating func follow(_ connection: LineConnection, subscription: Subscription) throws(ClientError) -> ClientError? {
        do throws(ClientError) {
            try connection.send(Request(id: .int(1), .subscribe(subscription)))
        } catch {
            return error
        }
        while true {
            let next: ArraySlice<UInt8>?
            do throws(ClientError) { next = try connection.receiveLine() } catch { view?.finish(); return error }
            guard let line = next else {
                view?.finish()
                return .disconnected(nil)
            }
            if json { Terminal.out(bytes: line + [UInt8(ascii: "\n")]) }
            let received: ReceivedMessage
            do throws(MessageDecodingError) { received = try decodeServerMessage(line) } catch { throw .malformed(error.message) }
            switch received.message {
            case .hello(let hello):
                if !json { view = WatchView(names: names(hello.transitions), live: live, header: "\(hello.server) at \(connection.path)") }
            case .reply(let reply):
                if case .failure(let error) = reply.result { throw .rejected(error) }
            case .goodbye(let goodbye):
                view?.finish()
                return .disconnected(goodbye)
            case .transitionsChanged(let changed):
                view?.replaceTransitions(names(changed.transitions))
            case .transition(let event):
                if case .completed = event.payload { completed += 1 }
            default:
                // Delivery paused or resumed (another user's session came to the front, a lock).
                if let notice = DeliveryNotice(received.message) {
                    let reason = notice.reason.map { " (\($0))" } ?? ""
                    say("delivery \(notice.state.rawValue)\(reason): \(notice.message)")
                }
            }
            view?.apply(received.message)
            if let exitAfter, completed >= exitAfter {
                view?.finish()
                return nil
            }
        }
    }

    /// Says something about the connection: on the terminal below the rows, on stderr in a pipe,
    /// nowhere with `--json` (whose output is transitiond's lines and nothing else).
    func say(_ text: String) {
        guard !json else { return }
        if live {
            if let view { view.notice(text) } else { Terminal.out("\(text)\n") }
        } else {
            Terminal.error("transitionctl: \(text)")
        }
    }

    private func names(_ transitions: [TransitionInfo]) -> [String] {
        transitions.map(\.name).filter { filter.isEmpty || filter.contains($0) }
    }
}

/// The human views of `watch`: live progress bars on a terminal, event lines otherwise.
final class WatchView {
    private var names: [String]
    private var trackers: [String: TransitionTracker] = [:]
    private let live: Bool
    private var drawnLines = 0
    private var lastDrawUs: UInt64 = 0
    private var details: [String: String] = [:]

    init(names: [String], live: Bool, header: String) {
        self.names = names
        self.live = live
        for name in names { trackers[name] = TransitionTracker(transition: name) }
        if live { Terminal.out("\(header)\n") }
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
        }
        self.names = names
        if live { draw(atUs: MonotonicClock.nowUs()) } else { Terminal.out("transitions now: \(names.joined(separator: ", "))\n") }
    }

    /// A line below the rows (live), which are drawn again under it.
    func notice(_ text: String) {
        guard live else { return }
        Terminal.out("\(text)\n")
        drawnLines = 0
    }

    private func draw(atUs now: UInt64) {
        lastDrawUs = now
        var text = drawnLines > 0 ? "\u{1B}[\(drawnLines)A" : ""
        // Fewer rows than last time (a reload removed some): clear what was below.
        if names.count < drawnLines { text += "\r\u{1B}[J" }
        let width = names.map(\.count).max() ?? 0
        for name in names {
            guard let tracker = trackers[name] else { continue }
            let progress = tracker.progress(atUs: now)
            let velocity = tracker.velocity(atUs: now)
            text += "\r\u{1B}[2K" + name.padding(toLength: width + 2) + Self.bar(progress) + "  "
                + Format.fixed(progress).padding(toLength: 6) + Format.signed(velocity).padding(toLength: 8) + "/s  "
                + tracker.phase.rawValue.padding(toLength: 12) + (details[name] ?? "") + "\n"
        }
        drawnLines = names.count
        Terminal.out(text)
    }

    static func bar(_ progress: Double, width: Int = 30) -> String {
        let clamped = progress.isFinite ? min(max(progress, 0), 1) : 0
        let eighths = Int((clamped * Double(width * 8)).rounded())
        let blocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var bar = String(repeating: "█", count: eighths / 8) + blocks[eighths % 8]
        bar = bar.padding(toLength: width)
        return "▕" + bar + "▏"
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
