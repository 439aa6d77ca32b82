// SPDX-License-Identifier: MIT
import ArgumentParser
import TransitionClient
import TransitionCore
import TransitionProtocol

struct Trigger: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a transition without a finger, like a stock animated transition.",
        discussion: """
            Prints the run's gesture id as `NAME: run ID started`. With --wait, waits for the run \
            to complete and prints `NAME: run ID finished after SECONDS s` (exit status 0) when it \
            reached its target (1, or 0 with --reverse), or `NAME: run ID cancelled after SECONDS \
            s (ended at PROGRESS)` (exit status 2) when something cancelled it first.

            --duration is honoured by every animation: a curve runs over it, and a spring (the \
            transition's own, or --spring) gets the stiffness that makes it settle in it, keeping \
            its damping ratio. Without --duration a spring's time follows from its stiffness \
            (`transitionctl list` shows each transition's).
            """)

    @OptionGroup var connection: ConnectionOptions

    @Argument(help: ArgumentHelp("The transition's name (see `transitionctl list`).", valueName: "NAME"))
    var name: String

    @Flag(name: .long, help: "Run towards 0 instead of towards 1.")
    var reverse = false

    @Option(name: .long, help: ArgumentHelp("Seconds the run takes, with a curve or a spring (default: the transition's, as `list` shows).", valueName: "SECONDS"))
    var duration: Double?

    @Option(name: .long, help: ArgumentHelp("Timing curve: \(Curve.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "CURVE"))
    var curve: Curve?

    @Flag(name: .long, help: "Use a spring (stiffness 1000, damping ratio 1 unless given).")
    var spring = false

    @Option(name: .long, help: ArgumentHelp("Spring stiffness (implies --spring).", valueName: "K"))
    var stiffness: Double?

    @Option(name: .long, help: ArgumentHelp("Spring damping ratio (implies --spring).", valueName: "ZETA"))
    var dampingRatio: Double?

    @Flag(name: .long, help: "Wait until the run completes.")
    var wait = false

    func validate() throws {
        let wantsSpring = spring || stiffness != nil || dampingRatio != nil
        if curve != nil && wantsSpring { throw ValidationError("--curve and --spring exclude each other") }
        if let duration, !(duration > 0 && duration <= TriggerRequest.maxDuration) {
            throw ValidationError("--duration must be more than 0 and at most \(Int(TriggerRequest.maxDuration)) seconds")
        }
        if let stiffness, !(stiffness > 0) { throw ValidationError("--stiffness must be positive") }
        if stiffness != nil && duration != nil {
            throw ValidationError("--stiffness and --duration exclude each other: a spring's duration follows from its stiffness")
        }
        if let dampingRatio, !(dampingRatio > 0) { throw ValidationError("--damping-ratio must be positive") }
    }

    func run() throws {
        var animation: TriggerAnimation?
        if let curve { animation = .curve(curve) }
        if spring || stiffness != nil || dampingRatio != nil {
            var parameters = SpringParameters.default
            if let stiffness { parameters.stiffness = stiffness }
            if let dampingRatio { parameters.dampingRatio = dampingRatio }
            animation = .spring(parameters)
        }
        let request = TriggerRequest(transition: name, reverse: reverse, duration: duration, animation: animation)
        let (connection, hello) = try connection.connect()
        try KnownTransitions.check([name], in: hello)
        if wait {
            // Subscribe first, so the completion cannot slip by before we listen.
            _ = try perform(.subscribe(Subscription(transitions: [name], events: [.began, .completed])), on: connection)
        }
        // The run's `began` comes before the reply: its time is when the run started.
        var beganUs: [UInt64: UInt64] = [:]
        let result = try Failure.guarding { () throws(ClientError) in
            try connection.perform(Request(id: .int(2), .trigger(request))) { message in
                if case .transition(let event) = message.message, case .began = event.payload { beganUs[event.gesture] = event.timeUs }
            }
        }
        guard case .triggered(let gesture) = result else { return }
        guard let gesture else {
            Terminal.out("\(name): triggered, but transitiond named no run to wait for\n")
            return
        }
        Terminal.out(Self.started(name, gesture: gesture))
        guard wait else { return }
        let target: Double = reverse ? 0 : 1
        let completed = try Failure.guarding { () throws(ClientError) -> TransitionEvent in
            while let message = try connection.receive() {
                if case .transition(let event) = message.message, event.gesture == gesture {
                    if case .began = event.payload { beganUs[gesture] = event.timeUs }
                    if case .completed = event.payload { return event }
                }
                if case .goodbye(let goodbye) = message.message { throw .disconnected(goodbye) }
            }
            throw .disconnected(nil)
        }
        guard case .completed(let outcome) = completed.payload else { return }
        let seconds = beganUs[gesture].map { Double(completed.timeUs &- $0) / 1e6 }
        let reached = abs(outcome.progress - target) < 1e-9
        Terminal.out(Self.outcome(name, gesture: gesture, reached: reached, progress: outcome.progress, seconds: seconds))
        if !reached { throw ExitCode(Failure.cancelled) }
    }

    /// `swipe3-up: run 35 started`.
    static func started(_ name: String, gesture: UInt64) -> String {
        "\(name): run \(gesture) started\n"
    }

    /// `swipe3-up: run 35 finished after 0.372 s`, or `cancelled after 0.887 s (ended at 0.00)`.
    static func outcome(_ name: String, gesture: UInt64, reached: Bool, progress: Double, seconds: Double?) -> String {
        let after = seconds.map { " after \(Format.fixed($0, 3)) s" } ?? ""
        return reached
            ? "\(name): run \(gesture) finished\(after)\n"
            : "\(name): run \(gesture) cancelled\(after) (ended at \(Format.fixed(progress)))\n"
    }
}

struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Cancel a running transition (every running one without a name); it animates back.")

    @OptionGroup var connection: ConnectionOptions

    @Argument(help: ArgumentHelp("The transition's name (see `transitionctl list`).", valueName: "NAME"))
    var name: String?

    func run() throws {
        let (connection, hello) = try connection.connect()
        if let name { try KnownTransitions.check([name], in: hello) }
        let (result, _) = try perform(.cancel(transition: name), on: connection)
        guard case .cancelled(let count) = result else { return }
        Terminal.out("cancelled \(count) transition\(count == 1 ? "" : "s")\n")
    }
}
