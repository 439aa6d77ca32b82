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
            On a terminal, one line per transition shows its progress, velocity and phase, \
            fitted to the terminal's width and height and drawn again when it is resized; when \
            not every transition fits, the moving ones come first, then those that moved last. \
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

    @Option(name: .customLong("transition"), help: ArgumentHelp("Only this transition (repeatable).", valueName: "NAME"))
    var transitions: [String] = []

    @Option(name: .long, help: ArgumentHelp("Server-driven animation frames per second (default: 60 on a terminal, else 0).", valueName: "RATE"))
    var frameRate: Int?

    @Option(name: .long, help: ArgumentHelp("Exit after this many transitions completed.", valueName: "N"))
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
        let session = WatchSession(json: json, live: live, filter: transitions, exitAfter: exitAfter,
                                   size: live ? TerminalSize.read() : .fallback)
        // The connection and the terminal's resizes, on the project's one event loop.
        let loop: EventLoop
        do throws(SystemError) {
            loop = try EventLoop()
            if live { try loop.onSignal(SIGWINCH) { session.resized(to: TerminalSize.read()) } }
        } catch {
            Terminal.error("transitionctl: \(error)")
            throw ExitCode(Failure.protocolError)
        }
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
            let lost = try Failure.guarding { () throws(ClientError) in try session.follow(connected, subscription: subscription, on: loop) }
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
