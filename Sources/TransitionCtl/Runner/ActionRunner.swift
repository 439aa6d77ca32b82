// SPDX-License-Identifier: MIT
import Glibc
import TransitionActions
import TransitionClient
import TransitionProtocol
import TransitionIO
import TransitionDesktop

/// `transitionctl run` on the project's one event loop (``EventLoop``: epoll, one timerfd, one
/// signalfd): the daemon's socket, the signals (children, reload, stop), the inotify watch of
/// the actions file and the `progress` commands' pipes are watched descriptors; the
/// scheduler's next deadline, the reload's settling delay, the reconnection's backoff and the
/// once-a-second look for exits while commands run are loop timers. Nothing wakes while idle;
/// nothing busy-waits; nothing blocks on a command.
final class ActionRunner {
    struct Options {
        /// The actions file (nil: none; the runner then only connects).
        var configPath: String?
        /// Socket paths to try, in order.
        var candidates: [String]
        /// Log every command.
        var verbose: Bool
        /// The desktop session the runner is in.
        var desktop: DesktopSession
        /// The user's settings file, sent to transitiond (nil: none; ActionRunner+Settings).
        var settingsPath: String? = nil
    }

    let options: Options
    var log: RunnerLog
    let loop: EventLoop
    var planner: ActionPlanner
    var scheduler: CommandScheduler
    var loadedText: String?
    /// The text of the last file refused, so that its errors are not repeated for every write.
    var rejectedText: String?
    var missingLogged = false
    var settings = RunnerSettingsState()
    var watch: FileWatch?
    var reloadTimer: TimerID?

    /// The connection to transitiond; its descriptor is watched while it is there.
    var link: DaemonLink? {
        willSet { if let linkWatch { loop.unwatch(linkWatch); self.linkWatch = nil } }
        didSet { watchLink() }
    }
    var linkWatch: WatchID?
    var hello: Hello?
    var subscribedFrames = false
    var reconnectTimer: TimerID?
    var backoff = ReconnectBackoff(initialUs: 100_000, maximumUs: 5_000_000)
    var waitingLogged = false
    var everConnected = false
    /// Transitions clients declared, whose events the actions never see, and the taken
    /// gestures already named in the log (`ActionRunner+Declared`).
    var declared = DeclaredWatch()

    var pids: [pid_t: JobID] = [:]
    var jobPids: [JobID: pid_t] = [:]
    var timedOut: Set<JobID> = []
    var writers: [StreamID: StreamWriter] = [:]
    /// The scheduler's next deadline and the timer armed for it.
    var schedulerTimer: (id: TimerID, atUs: UInt64)?
    /// The once-a-second look for exits while commands run.
    var reapTimer: TimerID?
    var stopping = false

    /// The desktop session (from the environment): where focus and keys come from.
    let desktop: DesktopSession
    var focusSource: (any FocusSource)?
    var focusWatch: WatchID?
    var focusRetry: TimerID?
    var focusBackoff = ReconnectBackoff()
    /// The focus source's failure was logged (once, until it opens).
    var focusUnavailableLogged = false
    var keySender: (any KeySender)?
    var keySenderError: String?

    init(options: Options, initial: ActionsFile, text: String?) throws(SpawnFailure) {
        self.options = options
        self.desktop = options.desktop
        log = RunnerLog(verbose: options.verbose)
        planner = ActionPlanner(file: initial)
        scheduler = CommandScheduler(killGrace: initial.killGrace, maxQueued: initial.maxQueued)
        loadedText = text
        do throws(SystemError) {
            loop = try EventLoop()
        } catch {
            throw SpawnFailure(message: "\(error.operation): \(String(cString: strerror(error.errno)))")
        }
        // A `progress` command that exits early makes writes fail with EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        do throws(SystemError) {
            for signo in [SIGCHLD, SIGHUP, SIGTERM, SIGINT] {
                try loop.onSignal(signo) { [unowned self] in self.signalled(signo) }
            }
            let watched = [options.configPath, options.settingsPath].compactMap { $0 }
            if !watched.isEmpty {
                watch = FileWatch(paths: watched)
                if let watch {
                    try loop.watch(fd: watch.fd) { [unowned self] _ in self.fileChanged() }
                } else {
                    log.warning("cannot watch the directory of \(watched.joined(separator: ", ")); reload with SIGHUP after editing it")
                }
            }
        } catch {
            signal(SIGPIPE, SIG_DFL)
            throw SpawnFailure(message: "\(error.operation): \(String(cString: strerror(error.errno)))")
        }
    }

    deinit {
        signal(SIGPIPE, SIG_DFL)
    }

    /// Runs until SIGTERM or SIGINT; returns the exit status.
    func run() -> Int32 {
        log.info(describe(planner.file, from: options.configPath))
        openDesktopEdges()
        connect()
        settle()
        do throws(SystemError) {
            try loop.run()
            if shutdown() { try loop.run() }
        } catch {
            log.error("the event loop failed: \(error.operation): \(String(cString: strerror(error.errno)))")
            killRemaining()
            return 1
        }
        killRemaining()
        return 0
    }

    // MARK: The loop's handlers

    private func signalled(_ signo: Int32) {
        switch signo {
        case SIGCHLD where stopping:
            reapQuietly()
            if pids.isEmpty { loop.stop() }
        case SIGCHLD:
            reap()
        case SIGHUP where !stopping:
            reload(signalled: true)
        case SIGTERM, SIGINT:
            if !stopping { loop.stop() }
        default:
            break
        }
        settle()
    }

    private func fileChanged() {
        guard watch?.drain() == true, !stopping else { return }
        // Let an editor finish its write and rename: each change postpones the reload.
        if let reloadTimer { loop.cancelTimer(reloadTimer) }
        reloadTimer = loop.schedule(atUs: MonotonicClock.nowUs() + 100_000) { [unowned self] in
            self.reloadTimer = nil
            self.reload(signalled: false)
            self.settle()
        }
    }

    /// Watches the daemon's socket (called as `link` changes).
    private func watchLink() {
        guard let link else { return }
        do throws(SystemError) {
            linkWatch = try loop.watch(fd: link.fd) { [unowned self] _ in
                self.readDaemon()
                self.settle()
            }
        } catch {
            log.error("cannot watch the connection: \(error.operation)")
        }
    }

    /// Tries the daemon again after `delayUs`.
    func scheduleReconnect(afterUs delayUs: UInt64) {
        guard !stopping else { return }
        if let reconnectTimer { loop.cancelTimer(reconnectTimer) }
        reconnectTimer = loop.schedule(atUs: MonotonicClock.nowUs() + delayUs) { [unowned self] in
            self.reconnectTimer = nil
            if self.link == nil { self.connect() }
            self.settle()
        }
    }

    /// After every handler: the timers and watches follow what changed (the scheduler's next
    /// deadline, which pipes have lines waiting, whether commands run).
    func settle() {
        for (stream, writer) in writers {
            if writer.isClosed { forget(stream, writer) } else { writer.updateWatch() }
        }
        let next = stopping ? nil : scheduler.nextDeadlineUs
        if next != schedulerTimer?.atUs {
            if let schedulerTimer { loop.cancelTimer(schedulerTimer.id) }
            schedulerTimer = next.map { at in
                (loop.schedule(atUs: at) { [unowned self] in
                    self.schedulerTimer = nil
                    self.perform(self.scheduler.tick(nowUs: MonotonicClock.nowUs()))
                    self.settle()
                }, at)
            }
        }
        // SIGCHLD goes to some thread that does not block it: in the transitionctl binary that
        // is only this one, but where other threads run it may be lost, so while commands run
        // the loop also looks for exits once a second.
        if pids.isEmpty || stopping {
            if let reapTimer { loop.cancelTimer(reapTimer); self.reapTimer = nil }
        } else if reapTimer == nil {
            reapTimer = loop.schedule(atUs: MonotonicClock.nowUs() + 1_000_000) { [unowned self] in
                self.reapTimer = nil
                self.reap()
                self.settle()
            }
        }
    }
}

/// Seconds to microseconds for the runner's own waits.
enum CommandSchedulerTime {
    static func micros(_ seconds: Double) -> UInt64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return UInt64(min(seconds, 3600) * 1_000_000)
    }
}
