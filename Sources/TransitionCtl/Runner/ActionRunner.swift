// SPDX-License-Identifier: MIT
import Glibc
import TransitionActions
import TransitionClient
import TransitionProtocol
import TransitionIO

/// `transitionctl run`'s one loop: `poll` over the daemon's socket, a signalfd (children,
/// reload, stop), the inotify watch of the actions file and the `progress` commands' pipes,
/// with the scheduler's next deadline as the timeout. Nothing busy-waits; nothing blocks on a
/// command.
final class ActionRunner {
    struct Options {
        /// The actions file (nil: none; the runner then only connects).
        var configPath: String?
        /// Socket paths to try, in order.
        var candidates: [String]
        /// Log every command.
        var verbose: Bool
        /// The user's settings file, sent to transitiond (nil: none; ActionRunner+Settings).
        var settingsPath: String? = nil
    }

    let options: Options
    var log: RunnerLog
    var planner: ActionPlanner
    var scheduler: CommandScheduler
    var loadedText: String?
    /// The text of the last file refused, so that its errors are not repeated for every write.
    var rejectedText: String?
    var missingLogged = false
    var settings = RunnerSettingsState()
    let signals: SignalSource
    var watch: FileWatch?
    var reloadAtUs: UInt64?

    var link: DaemonLink?
    var hello: Hello?
    var subscribedFrames = false
    var reconnectAtUs: UInt64 = 0
    var backoff = ReconnectBackoff(initialUs: 100_000, maximumUs: 5_000_000)
    var waitingLogged = false
    var everConnected = false

    var pids: [pid_t: JobID] = [:]
    var jobPids: [JobID: pid_t] = [:]
    var timedOut: Set<JobID> = []
    var writers: [StreamID: StreamWriter] = [:]
    var stopping = false

    init(options: Options, initial: ActionsFile, text: String?) throws(SpawnFailure) {
        self.options = options
        log = RunnerLog(verbose: options.verbose)
        planner = ActionPlanner(file: initial)
        scheduler = CommandScheduler(killGrace: initial.killGrace, maxQueued: initial.maxQueued)
        loadedText = text
        signals = try SignalSource()
        let watched = [options.configPath, options.settingsPath].compactMap { $0 }
        if !watched.isEmpty {
            watch = FileWatch(paths: watched)
            if watch == nil { log.warning("cannot watch the directory of \(watched.joined(separator: ", ")); reload with SIGHUP after editing it") }
        }
    }

    /// Runs until SIGTERM or SIGINT; returns the exit status.
    func run() -> Int32 {
        log.info(describe(planner.file, from: options.configPath))
        while !stopping {
            let now = MonotonicClock.nowUs()
            if link == nil, now >= reconnectAtUs { connect(nowUs: now) }
            if let due = reloadAtUs, now >= due { reloadAtUs = nil; reload(signalled: false) }
            perform(scheduler.tick(nowUs: now))
            pollOnce()
        }
        shutdown()
        return 0
    }

    // MARK: The loop

    private func pollOnce() {
        var fds = [pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
        let watchIndex = watch.map { w -> Int in fds.append(pollfd(fd: w.fd, events: Int16(POLLIN), revents: 0)); return fds.count - 1 }
        let linkIndex = link.map { l -> Int in fds.append(pollfd(fd: l.fd, events: Int16(POLLIN), revents: 0)); return fds.count - 1 }
        let pending = writers.filter { $0.value.wantsWrite }
        for (_, writer) in pending { fds.append(pollfd(fd: writer.fd, events: Int16(POLLOUT), revents: 0)) }

        var deadlines = [scheduler.nextDeadlineUs, reloadAtUs].compactMap { $0 }
        if link == nil { deadlines.append(reconnectAtUs) }
        // SIGCHLD goes to some thread that does not block it: in the transitionctl binary that
        // is only this one, but where other threads run it may be lost, so while commands run
        // the loop also looks for exits once a second.
        if !pids.isEmpty { deadlines.append(MonotonicClock.nowUs() + 1_000_000) }
        var timeout: Int32 = -1
        if let next = deadlines.min() {
            let now = MonotonicClock.nowUs()
            timeout = next <= now ? 0 : Int32(min((next - now + 999) / 1000, 60_000))
        }
        let ready = poll(&fds, nfds_t(fds.count), timeout)
        guard ready > 0 else { if !pids.isEmpty { reap() }; return }

        if fds[0].revents != 0 { handleSignals(signals.drain()) }
        if let watchIndex, fds[watchIndex].revents != 0, watch?.drain() == true {
            reloadAtUs = MonotonicClock.nowUs() + 100_000 // let an editor finish its write and rename
        }
        if let linkIndex, fds[linkIndex].revents != 0 { readDaemon() }
        for (_, writer) in pending { writer.flush() }
        for (stream, writer) in writers where writer.isClosed { forget(stream, writer) }
    }

    private func handleSignals(_ received: Set<Int32>) {
        if received.contains(SIGCHLD) { reap() }
        if received.contains(SIGHUP) { reload(signalled: true) }
        if received.contains(SIGTERM) || received.contains(SIGINT) { stopping = true }
    }
}

/// Seconds to microseconds for the runner's own waits.
enum CommandSchedulerTime {
    static func micros(_ seconds: Double) -> UInt64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return UInt64(min(seconds, 3600) * 1_000_000)
    }
}
