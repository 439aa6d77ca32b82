// SPDX-License-Identifier: MIT
import ArgumentParser
import TransitionClient
import TransitionCore
import TransitionProtocol

struct Trigger: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a transition without a finger, like a stock animated transition.",
        discussion: """
            Prints the run's gesture id. With --wait, exits once the run completes: 0 when it \
            reached its target (1, or 0 with --reverse), 2 when something cancelled it first.
            """)

    @OptionGroup var connection: ConnectionOptions

    @Argument(help: "The transition's name (see `transitionctl list`).")
    var name: String

    @Flag(name: .long, help: "Run towards 0 instead of towards 1.")
    var reverse = false

    @Option(name: .long, help: ArgumentHelp("Seconds (default: the transition's trigger_duration).", valueName: "seconds"))
    var duration: Double?

    @Option(name: .long, help: ArgumentHelp("Timing curve: \(Curve.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "curve"))
    var curve: Curve?

    @Flag(name: .long, help: "Use a spring (stiffness 1000, damping ratio 1 unless given).")
    var spring = false

    @Option(name: .long, help: ArgumentHelp("Spring stiffness (implies --spring).", valueName: "k"))
    var stiffness: Double?

    @Option(name: .long, help: ArgumentHelp("Spring damping ratio (implies --spring).", valueName: "zeta"))
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
        let (connection, _) = try connection.connect()
        if wait {
            // Subscribe first, so the completion cannot slip by before we listen.
            _ = try perform(.subscribe(Subscription(transitions: [name], events: [.completed])), on: connection)
        }
        let (result, _) = try perform(.trigger(request), on: connection)
        guard case .triggered(let gesture) = result else { return }
        Terminal.out("\(gesture.map(String.init) ?? "-")\n")
        guard wait, let gesture else { return }
        let target: Double = reverse ? 0 : 1
        let reached = try Failure.guarding { () throws(ClientError) -> Bool in
            while let message = try connection.receive() {
                if case .transition(let event) = message.message, event.gesture == gesture,
                   case .completed(let completed) = event.payload {
                    return abs(completed.progress - target) < 1e-9
                }
                if case .goodbye(let goodbye) = message.message { throw .disconnected(goodbye) }
            }
            throw .disconnected(nil)
        }
        if !reached { throw ExitCode(Failure.cancelled) }
    }
}

struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Cancel a running transition (every running one without a name); it animates back.")

    @OptionGroup var connection: ConnectionOptions

    @Argument(help: "The transition's name.")
    var name: String?

    func run() throws {
        let (connection, _) = try connection.connect()
        let (result, _) = try perform(.cancel(transition: name), on: connection)
        guard case .cancelled(let count) = result else { return }
        Terminal.out("cancelled \(count) transition\(count == 1 ? "" : "s")\n")
    }
}
