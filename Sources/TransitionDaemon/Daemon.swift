import Glibc
public import Logging
public import TransitionCore
import TransitionInput
public import TransitionServer

/// The running daemon: one event loop that carries input samples into the engine and the
/// engine's events out to every sink (socket clients, `--print-events`), and schedules the loop's
/// only timers — animation completions — from the engine's own deadline.
public final class Daemon {
    public let loop: EventLoop
    public private(set) var engine: TransitionEngine
    let options: DaemonOptions
    let logger: Logger
    private var sinks: [(TransitionEvent) -> Void] = []
    private var animationTimer: TimerID?
    private var animationDeadline: UInt64?
    private var shuttingDown = false
    var input: InputManager?
    var recorder: TraceWriter?
    var replayPending = 0
    var replayDone = false

    /// Builds the loop and the engine; nothing is opened yet.
    public init(options: DaemonOptions, configuration: EngineConfiguration, logger: Logger) throws {
        self.options = options
        self.logger = logger
        self.loop = try EventLoop()
        self.engine = try TransitionEngine(configuration: configuration)
    }

    /// Adds a consumer of every transition event, in emission order.
    public func addSink(_ sink: @escaping (TransitionEvent) -> Void) {
        sinks.append(sink)
    }

    /// Feeds one recognised input sample through the engine.
    public func handle(_ input: GestureInput) {
        engine.handle(input, emit: publish)
        rescheduleAnimationTimer()
    }

    /// Runs `name` non-interactively (a client's `trigger`).
    public func trigger(_ name: String, reverse: Bool, duration: Double?, completion: CompletionStyle?) throws(EngineError) {
        try engine.trigger(name, reverse: reverse, duration: duration, completion: completion,
                           nowUs: EventLoop.nowUs(), emit: publish)
        rescheduleAnimationTimer()
    }

    /// Cancels `name`, or every running transition (a client's `cancel`).
    @discardableResult
    public func cancel(_ name: String?, reason: EndReason = .client) throws(EngineError) -> Int {
        let n = try engine.cancel(name, reason: reason, nowUs: EventLoop.nowUs(), emit: publish)
        rescheduleAnimationTimer()
        return n
    }

    /// Replaces the engine configuration; on error the old one stays in force.
    public func reconfigure(_ configuration: EngineConfiguration) throws(ConfigurationError) {
        try engine.reconfigure(configuration, nowUs: EventLoop.nowUs(), emit: publish)
        rescheduleAnimationTimer()
    }

    private func publish(_ event: TransitionEvent) {
        for sink in sinks { sink(event) }
    }

    /// Keeps exactly one loop timer, at the engine's next deadline.
    private func rescheduleAnimationTimer() {
        let deadline = engine.nextDeadlineUs
        guard deadline != animationDeadline else { return }
        if let timer = animationTimer { loop.cancelTimer(timer) }
        animationTimer = nil
        animationDeadline = deadline
        guard let deadline else { return }
        animationTimer = loop.schedule(atUs: deadline) { [unowned self] in
            animationTimer = nil
            animationDeadline = nil
            engine.advance(toUs: EventLoop.nowUs(), emit: publish)
            rescheduleAnimationTimer()
            exitIfReplayOver()
        }
    }

    /// Whether anything is in flight (used by `--exit-after-replay`).
    public var isIdle: Bool {
        engine.nextDeadlineUs == nil
            && engine.states(atUs: EventLoop.nowUs()).allSatisfy { $0.phase == .idle }
    }

    /// Ends running transitions as cancelled for clients, then stops the loop.
    public func shutdown() {
        guard !shuttingDown else { return }
        shuttingDown = true
        logger.notice("shutting down")
        _ = try? engine.cancel(nil, reason: .shutdown, nowUs: EventLoop.nowUs(), emit: publish)
        loop.stop()
    }

    /// Called when devices come or go.
    func deviceCountChanged() {}

    /// Opens everything the options ask for, installs SIGTERM/SIGINT (clean shutdown) handlers
    /// and runs the loop until shutdown.
    public func run() throws {
        try loop.onSignal(SIGTERM) { [unowned self] in shutdown() }
        try loop.onSignal(SIGINT) { [unowned self] in shutdown() }
        if let path = options.recordPath { try attachRecorder(path: path) }
        if !options.noInput { try attachInput() }
        if let path = options.replayPath { try startReplay(path: path) }
        try loop.run()
        if let recorder { try? recorder.close() }
    }
}
