import Glibc
import TransitionActions
import TransitionClient
import TransitionProtocol

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
    }

    private let options: Options
    private var log: RunnerLog
    private var planner: ActionPlanner
    private var scheduler: CommandScheduler
    private var loadedText: String?
    /// The text of the last file refused, so that its errors are not repeated for every write.
    private var rejectedText: String?
    private var missingLogged = false
    private let signals: SignalSource
    private var watch: FileWatch?
    private var reloadAtUs: UInt64?

    private var link: DaemonLink?
    private var hello: Hello?
    private var subscribedFrames = false
    private var reconnectAtUs: UInt64 = 0
    private var backoffUs: UInt64 = 100_000
    private var waitingLogged = false
    private var everConnected = false

    private var pids: [pid_t: JobID] = [:]
    private var jobPids: [JobID: pid_t] = [:]
    private var timedOut: Set<JobID> = []
    private var writers: [StreamID: StreamWriter] = [:]
    private var stopping = false

    init(options: Options, initial: ActionsFile, text: String?) throws(SpawnFailure) {
        self.options = options
        log = RunnerLog(verbose: options.verbose)
        planner = ActionPlanner(file: initial)
        scheduler = CommandScheduler(killGrace: initial.killGrace, maxQueued: initial.maxQueued)
        loadedText = text
        signals = try SignalSource()
        if let path = options.configPath {
            watch = FileWatch(path: path)
            if watch == nil { log.warning("cannot watch the directory of \(path); reload with SIGHUP after editing it") }
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

    // MARK: The daemon

    private func connect(nowUs: UInt64) {
        switch DaemonLink.connect(candidates: options.candidates) {
        case .success(let connected):
            // The delay starts over only once the daemon says hello: a daemon that accepts and
            // closes at once (too many clients) is retried less and less often.
            link = connected
            subscribe()
        case .failure(let failure):
            if !waitingLogged {
                log.notice("waiting for transitiond (\(failure)); retrying")
                waitingLogged = true
            }
            reconnectAtUs = nowUs + backoffUs
            backoffUs = min(backoffUs * 2, 5_000_000)
        }
    }

    private func subscribe() {
        guard let link else { return }
        let file = planner.file
        var events = EventKind.defaultSet
        if file.wantsFrames { events.insert(.frame) }
        subscribedFrames = file.wantsFrames
        let subscription = Subscription(transitions: nil, events: events, frameRate: file.wantsFrames ? file.frameRate : 0)
        if !link.send(Request(id: .int(1), .subscribe(subscription))) { disconnect("cannot send to transitiond") }
    }

    private func disconnect(_ why: String) {
        guard link != nil else { return }
        link = nil
        hello = nil
        log.warning("\(why); reconnecting")
        handle(planner.reset())
        reconnectAtUs = MonotonicClock.nowUs() + backoffUs
        backoffUs = min(backoffUs * 2, 5_000_000)
    }

    private func readDaemon() {
        guard let link else { return }
        let (lines, ended) = link.read()
        for line in lines {
            guard !line.isEmpty else { continue }
            let received: ReceivedMessage
            do throws(MessageDecodingError) {
                received = try decodeServerMessage(line)
            } catch {
                log.warning("skipped a message from transitiond: \(error.message)")
                continue
            }
            switch received.message {
            case .hello(let greeting):
                hello = greeting
                backoffUs = 100_000
                waitingLogged = false
                log.notice("\(everConnected ? "reconnected" : "connected") to \(greeting.server) at \(link.path)")
                everConnected = true
                for warning in planner.file.unknownTransitionWarnings(known: greeting.transitions.map(\.name)) {
                    log.warning(warning)
                }
            case .reply(let reply):
                if case .failure(let error) = reply.result { log.error("transitiond refused the subscription: \(error.message)") }
            case .goodbye(let goodbye):
                disconnect("transitiond closed the connection: \(goodbye.message) (\(goodbye.reason))")
                return
            default:
                handle(planner.apply(received.message))
            }
            if self.link == nil { return }
        }
        if ended { disconnect("lost the connection to transitiond") }
    }

    // MARK: The actions file

    private func reload(signalled: Bool) {
        guard let path = options.configPath else { return }
        guard ActionsDecoder.exists(path) else {
            if !missingLogged && (loadedText != nil || signalled) {
                log.warning("\(path) is gone; keeping the \(planner.file.actions.count) actions loaded")
                missingLogged = true
            }
            return
        }
        missingLogged = false
        do {
            let text = try ActionsDecoder.read(path: path)
            if (text == loadedText || text == rejectedText) && !signalled { return }
            rejectedText = text
            let file = try ActionsDecoder.decode(text, source: path)
            loadedText = text
            rejectedText = nil
            planner.replace(file)
            scheduler.killGrace = file.killGrace
            scheduler.maxQueued = file.maxQueued
            log.info("reloaded: " + describe(file, from: path))
            if let hello {
                for warning in file.unknownTransitionWarnings(known: hello.transitions.map(\.name)) { log.warning(warning) }
            }
            if file.wantsFrames != subscribedFrames { subscribe() }
        } catch {
            log.error("\(error)\nkeeping the \(planner.file.actions.count) actions loaded before")
        }
    }

    private func describe(_ file: ActionsFile, from path: String?) -> String {
        let count = file.actions.count
        return "\(count) action\(count == 1 ? "" : "s") from \(path ?? "nowhere")"
    }

    // MARK: Commands

    private func handle(_ intents: [Intent]) {
        for intent in intents {
            switch intent {
            case .run(let invocation):
                perform(scheduler.run(invocation, nowUs: MonotonicClock.nowUs()))
            case .open(let stream, let invocation):
                perform(scheduler.open(stream, invocation))
            case .write(let stream, let line, let coalescable):
                writers[stream]?.push(line, coalescable: coalescable)
            case .close(let stream):
                scheduler.inputClosed(stream, nowUs: MonotonicClock.nowUs())
                if let writer = writers[stream] {
                    writer.close()
                    if writer.isClosed { forget(stream, writer) }
                }
            }
        }
    }

    private func perform(_ effects: [CommandScheduler.Effect]) {
        for effect in effects {
            switch effect {
            case .spawn(let job, let invocation, let stream):
                switch ProcessSpawner.spawn(invocation.command.arguments, extra: invocation.environment, pipeInput: stream != nil) {
                case .success(let spawned):
                    pids[spawned.pid] = job
                    jobPids[job] = spawned.pid
                    if let stream, let input = spawned.input { writers[stream] = StreamWriter(job: job, fd: input) }
                    log.debug("\(invocation.label): started `\(invocation.command)` (pid \(spawned.pid))")
                case .failure(let failure):
                    log.error("\(invocation.label): cannot run `\(invocation.command)`: \(failure.message)")
                    perform(scheduler.exited(job, nowUs: MonotonicClock.nowUs()))
                }
            case .terminate(let job, let invocation):
                guard let pid = jobPids[job] else { continue }
                timedOut.insert(job)
                log.warning("\(invocation.label): `\(invocation.command)` is still running after \(seconds(invocation.timeout)); sending SIGTERM")
                kill(-pid, SIGTERM)
            case .kill(let job, let invocation):
                guard let pid = jobPids[job] else { continue }
                log.warning("\(invocation.label): `\(invocation.command)` ignored SIGTERM; sending SIGKILL")
                kill(-pid, SIGKILL)
            case .dropped(let invocation):
                log.warning("\(invocation.label): \(scheduler.maxQueued) commands already wait for \(invocation.lane); dropped `\(invocation.command)`")
            }
        }
    }

    /// Collects every child that exited (no zombies), and starts what waited for it. Each child
    /// is waited for by its pid, never with -1: in a process that runs other children (the test
    /// bundle) those are not the runner's to reap.
    private func reap() {
        for pid in pids.keys.sorted() {
            var status: Int32 = 0
            var result = waitpid(pid, &status, WNOHANG)
            while result < 0 && errno == EINTR { result = waitpid(pid, &status, WNOHANG) }
            guard result == pid || (result < 0 && errno == ECHILD) else { continue }
            if result < 0 { status = 0 }
            guard let job = pids.removeValue(forKey: pid) else { continue }
            jobPids[job] = nil
            let exit = ChildStatus(waitStatus: status)
            if let invocation = scheduler.invocation(of: job) {
                let late = timedOut.remove(job) != nil ? " after its timeout" : ""
                if exit.succeeded && late.isEmpty {
                    log.debug("\(invocation.label): `\(invocation.command)` exited with status 0")
                } else {
                    log.warning("\(invocation.label): `\(invocation.command)` \(exit)\(late)")
                }
            }
            for (stream, writer) in writers where writer.job == job {
                writer.abandon()
                forget(stream, writer)
            }
            perform(scheduler.exited(job, nowUs: MonotonicClock.nowUs()))
        }
    }

    private func forget(_ stream: StreamID, _ writer: StreamWriter) {
        writers[stream] = nil
        if writer.dropped > 0, let invocation = scheduler.invocation(of: writer.job) {
            log.notice("\(invocation.label): the command read slowly; \(writer.dropped) progress lines were coalesced")
        }
    }

    private func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    // MARK: Stopping

    /// Closes every input, sends SIGTERM to every command, waits up to the kill grace for them,
    /// then SIGKILL, and reaps them all.
    private func shutdown() {
        log.info("stopping")
        for (_, writer) in writers { writer.abandon() }
        writers = [:]
        link = nil
        for pid in pids.keys { kill(-pid, SIGTERM) }
        let deadline = MonotonicClock.nowUs() + CommandSchedulerTime.micros(planner.file.killGrace)
        while !pids.isEmpty {
            let now = MonotonicClock.nowUs()
            if now >= deadline { break }
            var fd = pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, Int32((deadline - now + 999) / 1000))
            _ = signals.drain()
            reapQuietly()
        }
        for pid in pids.keys { kill(-pid, SIGKILL) }
        for pid in pids.keys {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        pids = [:]
    }

    private func reapQuietly() {
        for pid in pids.keys {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) { pids[pid] = nil }
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
