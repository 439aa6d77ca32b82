// SPDX-License-Identifier: MIT
import Glibc
public import Logging
public import TransitionConfig
public import TransitionCore
import TransitionInput
public import TransitionServer

/// The running daemon: one event loop that carries input samples into the engine and the
/// engine's events out to every sink (socket clients, `--print-events`), and schedules the
/// loop's timers — animation completions — from the engine's own deadline.
///
/// Single-threaded: everything runs on the thread that calls ``run()``.
public final class Daemon {
    public let loop: EventLoop
    // Touched on every input sample, only ever from the loop's thread and never nested: no
    // dynamic exclusivity checks (docs/performance.md, "Instructions per sample").
    /// Both engines, the one way to them (DaemonEngines).
    @exclusivity(unchecked) var engines: DaemonEngines
    let options: DaemonOptions
    let logger: Logger
    let notifier = SystemdNotifier()
    var reloader: ConfigReloader
    let logLevel: LogLevelControl?
    @exclusivity(unchecked) private var sinks: [(TransitionEvent) -> Void] = []
    private var animationTimer: TimerID?
    private var animationDeadline: UInt64?
    private var shuttingDown = false
    var input: InputManager?
    var server: TransitionServer?
    var recorder: TraceWriter?
    var replayPending = 0
    var replayDone = false
    @exclusivity(unchecked) var samplesHandled: UInt64 = 0
    /// Access control: the `[access]` settings in force and the seat followed (Daemon+Access).
    var access = AccessState()
    /// The Touchégg endpoint (Daemon+Touchegg).
    var touchegg = ToucheggState()
    /// The active session's user's own settings (Daemon+UserSettings).
    var userSettings = UserSettingsState()
    /// Whether logind runs (tests replace it).
    public var logindPresence: () -> LogindPresence = { LogindSessionSource.presence() }
    /// Makes the source of the seat's active session in active-session mode (tests replace it);
    /// by default logind's, on the daemon's system-bus connection.
    public var makeSessionSource: (String) -> any SessionSource = { LogindSessionSource(seat: $0) }
    /// The system bus (locked hints, sleep), and logind's `PrepareForSleep` (Daemon+Sleep).
    var systemBusConnection: SystemBus?
    var sleepWatcher: SleepWatcher?

    /// Builds the loop and the engine from `configuration`; nothing is opened yet.
    /// `logLevel` is changed when a reload brings a new `log_level` (unless `--log-level` was given).
    public init(options: DaemonOptions, configuration: DaemonConfiguration, configPath: String?,
                logLevel: LogLevelControl?, logger: Logger) throws {
        self.options = options
        self.logger = logger
        self.logLevel = logLevel
        self.loop = try EventLoop()
        // The demo binds its long press (touchhold1) unless the configuration does.
        self.engines = DaemonEngines(main: try TransitionEngine(configuration: options.demo
            ? DemoGestures.configuration(adding: configuration.engine) : configuration.engine))
        self.reloader = ConfigReloader(current: configuration, explicitPath: options.configPath)
        makeSessionSource = { [unowned self] seat in LogindSessionSource(seat: seat, bus: systemBus()) }
    }

    /// Adds a consumer of every transition event, in emission order.
    public func addSink(_ sink: @escaping (TransitionEvent) -> Void) {
        sinks.append(sink)
    }

    /// Feeds one recognised input sample through the engines.
    public func handle(_ input: GestureInput) {
        samplesHandled += 1
        engines.handle(input, emit: publish)
        rescheduleAnimationTimer()
    }

    /// Runs `name` non-interactively (a client's `trigger`).
    public func trigger(_ name: String, reverse: Bool, duration: Double?, completion: CompletionStyle?) throws(EngineError) {
        try engines.main.trigger(name, reverse: reverse, duration: duration, completion: completion,
                           nowUs: MonotonicClock.nowUs(), emit: publish)
        rescheduleAnimationTimer()
    }

    /// Cancels `name`, or every running transition (a client's `cancel`).
    @discardableResult
    public func cancel(_ name: String?, reason: EndReason = .client) throws(EngineError) -> Int {
        let n = try engines.main.cancel(name, reason: reason, nowUs: MonotonicClock.nowUs(), emit: publish)
        rescheduleAnimationTimer()
        return n
    }

    /// Ends every transition in flight at once, as cancelled for `reason` (before a sleep).
    /// The Touchégg endpoint's engine ends its gestures too, so Touchégg's clients see the same
    /// cancel.
    func endAllAtOnce(reason: EndReason) -> Int {
        let n = engines.endAtOnce(reason: reason, nowUs: MonotonicClock.nowUs(), emit: publish)
        rescheduleAnimationTimer()
        return n
    }

    /// Replaces the engine configuration; on error the old one stays in force.
    func reconfigure(_ configuration: EngineConfiguration) throws(ConfigurationError) {
        try engines.reconfigure(configuration, nowUs: MonotonicClock.nowUs(), emit: publish)
        rescheduleAnimationTimer()
    }

    func publish(_ event: TransitionEvent) {
        for sink in sinks { sink(event) }
    }

    /// Keeps exactly one loop timer, at the engine's next deadline.
    func rescheduleAnimationTimer() {
        let deadline = engines.main.nextDeadlineInPlace()
        guard deadline != animationDeadline else { return }
        if let timer = animationTimer { loop.cancelTimer(timer) }
        animationTimer = nil
        animationDeadline = deadline
        guard let deadline else { return }
        animationTimer = loop.schedule(atUs: deadline) { [unowned self] in
            animationTimer = nil
            animationDeadline = nil
            engines.main.advance(toUs: MonotonicClock.nowUs(), emit: publish)
            rescheduleAnimationTimer()
            exitIfReplayOver()
        }
    }

    /// Whether anything is in flight (used by `--exit-after-replay`).
    public var isIdle: Bool {
        engines.main.nextDeadlineUs == nil
            && engines.main.states(atUs: MonotonicClock.nowUs()).allSatisfy { $0.phase == .idle }
    }

    /// Ends running transitions as cancelled for clients (reason `shutdown`), says goodbye to
    /// every client, removes the socket file it created, and stops the loop.
    public func shutdown() {
        guard !shuttingDown else { return }
        shuttingDown = true
        logger.notice("shutting down")
        notifier.stopping(status: "shutting down")
        engines.cancelAll(reason: .shutdown, nowUs: MonotonicClock.nowUs(), emit: publish)
        server?.shutdown()
        access.source?.stop()
        closeSystemBus()
        loop.stop()
    }

    /// Opens everything the options ask for, tells systemd it is ready, and runs the loop until
    /// SIGTERM or SIGINT.
    public func run() throws {
        try loop.onSignal(SIGTERM) { [unowned self] in shutdown() }
        try loop.onSignal(SIGINT) { [unowned self] in shutdown() }
        try loop.onSignal(SIGHUP) { [unowned self] in reload() }
        // The socket first: a second instance is refused before it opens any device, and before
        // it creates (truncates) the `--record` file the first one is writing.
        if !options.noSocket {
            try attachServer(group: reloader.current.socketGroup, limits: reloader.current.server)
            applyAccess(reloader.current.access)
            attachTouchegg(reloader.current.touchegg)
        }
        if let path = options.recordPath { try attachRecorder(path: path) }
        if !options.noInput {
            try attachInput()
            followSleep()
        }
        if let path = options.replayPath { try startReplay(path: path) }
        if options.demo { startDemo() }
        startWatchdog()
        notifier.ready(status: statusLine)
        try loop.run()
        if let recorder { try? recorder.close() }
    }
}

extension TransitionEngine {
    /// ``TransitionEngine/nextDeadlineUs``, read through an exclusive (`inout`) access. Read
    /// from a class's stored property, the getter gets a copy of the whole engine (a retain and
    /// a release of each of its arrays, once per input sample); an exclusive access lets it
    /// borrow the engine in place.
    fileprivate mutating func nextDeadlineInPlace() -> UInt64? { nextDeadlineUs }
}
