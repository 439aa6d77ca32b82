// SPDX-License-Identifier: MIT
import Glibc
import TransitionActions
import TransitionClient
import TransitionProtocol

/// Carrying out the planner's intents and the scheduler's effects: spawning, feeding, signalling
/// and reaping commands.
extension ActionRunner {
    func handle(_ intents: [Intent]) {
        for intent in intents {
            switch intent {
            case .run(let invocation):
                perform(scheduler.run(invocation, nowUs: MonotonicClock.nowUs()))
            case .open(let stream, let invocation):
                perform(scheduler.open(stream, invocation))
            case .write(let stream, let line, let coalescable):
                writers[stream]?.push(line, coalescable: coalescable)
            case .press(let keys, let label):
                press(keys, label: label)
            case .close(let stream):
                scheduler.inputClosed(stream, nowUs: MonotonicClock.nowUs())
                if let writer = writers[stream] {
                    writer.close()
                    if writer.isClosed { forget(stream, writer) }
                }
            }
        }
    }

    func perform(_ effects: [CommandScheduler.Effect]) {
        for effect in effects {
            switch effect {
            case .spawn(let job, let invocation, let stream):
                switch ProcessSpawner.spawn(invocation.command.arguments, extra: invocation.environment, pipeInput: stream != nil) {
                case .success(let spawned):
                    pids[spawned.pid] = job
                    jobPids[job] = spawned.pid
                    if let stream, let input = spawned.input { writers[stream] = StreamWriter(job: job, fd: input, loop: loop) }
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
    /// bundle) those are not the runner's to reap. When the last command is gone and none waits,
    /// `--verbose` says so: a script reads that line as the end of what it set off.
    func reap() {
        var reaped = false
        defer {
            if reaped && scheduler.runningCount == 0 && scheduler.queuedCount == 0 {
                log.debug("no command runs or waits")
            }
        }
        for pid in pids.keys.sorted() {
            var status: Int32 = 0
            var result = waitpid(pid, &status, WNOHANG)
            while result < 0 && errno == EINTR { result = waitpid(pid, &status, WNOHANG) }
            guard result == pid || (result < 0 && errno == ECHILD) else { continue }
            if result < 0 { status = 0 }
            guard let job = pids.removeValue(forKey: pid) else { continue }
            jobPids[job] = nil
            reaped = true
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

    func forget(_ stream: StreamID, _ writer: StreamWriter) {
        writers[stream] = nil
        if writer.dropped > 0, let invocation = scheduler.invocation(of: writer.job) {
            log.notice("\(invocation.label): the command read slowly; \(writer.dropped) progress lines were coalesced")
        }
    }

    func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    // MARK: Stopping

    /// Closes every input and sends SIGTERM to every command; the loop then runs until they
    /// have all exited or the kill grace is over (``killRemaining()`` does the rest).
    /// - Returns: whether commands are left to wait for (the loop must run again).
    func shutdown() -> Bool {
        stopping = true
        log.info("stopping")
        for (_, writer) in writers { writer.abandon() }
        writers = [:]
        link = nil
        dropFocus()
        if let focusRetry { loop.cancelTimer(focusRetry); self.focusRetry = nil }
        if let reconnectTimer { loop.cancelTimer(reconnectTimer); self.reconnectTimer = nil }
        if let reloadTimer { loop.cancelTimer(reloadTimer); self.reloadTimer = nil }
        settle()
        for pid in pids.keys { kill(-pid, SIGTERM) }
        reapQuietly()
        if pids.isEmpty { return false }
        loop.schedule(atUs: MonotonicClock.nowUs() + CommandSchedulerTime.micros(planner.file.killGrace)) { [unowned self] in
            self.loop.stop()
        }
        return true
    }

    /// SIGKILL for every command still there, and waits for them.
    func killRemaining() {
        for pid in pids.keys { kill(-pid, SIGKILL) }
        for pid in pids.keys {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        pids = [:]
    }

    func reapQuietly() {
        for pid in pids.keys {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) { pids[pid] = nil }
        }
    }
}
