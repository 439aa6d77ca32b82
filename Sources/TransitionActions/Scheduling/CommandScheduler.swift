// SPDX-License-Identifier: MIT
/// A command the scheduler tracks, from queued to exited.
public struct JobID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Counts up from 1.
    public var raw: UInt64
    /// A job id.
    public init(raw: UInt64) { self.raw = raw }
    /// Orders by creation.
    public static func < (a: JobID, b: JobID) -> Bool { a.raw < b.raw }
    /// `job 12`.
    public var description: String { "job \(raw)" }
}

/// Orders the runner's commands and times them out. Pure: the runner feeds it the clock (µs)
/// and what happened to processes, and carries out its ``Effect``s.
///
/// - Commands of one lane (one transition) run one at a time, in the order they were queued;
///   lanes do not wait for each other. A lane holds at most `maxQueued` waiting commands; more
///   are dropped (and reported).
/// - `progress` commands start at once, outside the lanes (they run while the gesture runs).
/// - A command still running `timeout` seconds after it started (a `progress` command: after its
///   input was closed) gets SIGTERM, and `killGrace` seconds later SIGKILL, to its whole process
///   group.
public struct CommandScheduler: Sendable {
    /// What the runner must do.
    public enum Effect: Sendable, Hashable {
        /// Start this command (with a pipe on its standard input when `stream` is set). If it
        /// cannot start, report ``CommandScheduler/exited(_:nowUs:)`` at once.
        case spawn(JobID, Invocation, stream: StreamID?)
        /// Send SIGTERM to the job's process group: its timeout passed.
        case terminate(JobID, Invocation)
        /// Send SIGKILL to the job's process group: it outlived the grace after SIGTERM.
        case kill(JobID, Invocation)
        /// The lane was full: this command was not queued.
        case dropped(Invocation)
    }

    private enum Phase: Sendable, Hashable {
        case queued
        /// Running; SIGTERM at the deadline (none yet for a `progress` command with open input).
        case running(deadline: UInt64?)
        /// SIGTERM sent; SIGKILL at the deadline.
        case terminating(killAt: UInt64)
        /// SIGKILL sent; waiting for the exit.
        case killed
    }

    private struct Job: Sendable {
        var invocation: Invocation
        var stream: StreamID?
        var phase: Phase
    }

    /// Seconds between SIGTERM and SIGKILL.
    public var killGrace: Double
    /// Waiting commands per lane.
    public var maxQueued: Int
    private var nextID: UInt64 = 1
    private var jobs: [JobID: Job] = [:]
    private var lanes: [String: [JobID]] = [:]
    private var streams: [StreamID: JobID] = [:]

    /// A scheduler with the given limits.
    public init(killGrace: Double = 1, maxQueued: Int = 32) {
        self.killGrace = killGrace; self.maxQueued = maxQueued
    }

    /// Commands started and not yet exited.
    public var runningCount: Int {
        jobs.values.count { if case .queued = $0.phase { false } else { true } }
    }

    /// Commands waiting in lanes.
    public var queuedCount: Int {
        jobs.values.count { if case .queued = $0.phase { true } else { false } }
    }

    /// The job feeding `stream`, while it has not exited.
    public func job(for stream: StreamID) -> JobID? { streams[stream] }

    /// The invocation of a job that has not exited.
    public func invocation(of job: JobID) -> Invocation? { jobs[job]?.invocation }

    /// Queues a command in its lane; starts it if the lane is idle.
    public mutating func run(_ invocation: Invocation, nowUs: UInt64) -> [Effect] {
        var lane = lanes[invocation.lane] ?? []
        guard lane.count <= maxQueued else { return [.dropped(invocation)] } // the first one runs
        let id = newID()
        jobs[id] = Job(invocation: invocation, stream: nil, phase: .queued)
        lane.append(id)
        lanes[invocation.lane] = lane
        return lane.count == 1 ? [start(id, nowUs: nowUs)] : []
    }

    /// Starts a `progress` command at once; its timeout begins when its input is closed.
    public mutating func open(_ stream: StreamID, _ invocation: Invocation) -> [Effect] {
        let id = newID()
        jobs[id] = Job(invocation: invocation, stream: stream, phase: .running(deadline: nil))
        streams[stream] = id
        return [.spawn(id, invocation, stream: stream)]
    }

    /// A `progress` command's input was closed: its timeout starts now.
    public mutating func inputClosed(_ stream: StreamID, nowUs: UInt64) {
        guard let id = streams[stream], var job = jobs[id], case .running(nil) = job.phase else { return }
        job.phase = .running(deadline: nowUs + Self.micros(job.invocation.timeout))
        jobs[id] = job
    }

    /// A job's process exited (or could not start): the next command of its lane starts.
    public mutating func exited(_ id: JobID, nowUs: UInt64) -> [Effect] {
        guard let job = jobs.removeValue(forKey: id) else { return [] }
        if let stream = job.stream { streams[stream] = nil; return [] }
        let name = job.invocation.lane
        guard var lane = lanes[name], let position = lane.firstIndex(of: id) else { return [] }
        lane.remove(at: position)
        if lane.isEmpty { lanes[name] = nil; return [] }
        lanes[name] = lane
        if position == 0, let next = lane.first, case .queued? = jobs[next]?.phase { return [start(next, nowUs: nowUs)] }
        return []
    }

    /// The earliest time ``tick(nowUs:)`` has something to do.
    public var nextDeadlineUs: UInt64? {
        jobs.values.compactMap { job -> UInt64? in
            switch job.phase {
            case .running(let deadline): deadline
            case .terminating(let killAt): killAt
            case .queued, .killed: nil
            }
        }.min()
    }

    /// Signals for every deadline reached at `nowUs`.
    public mutating func tick(nowUs: UInt64) -> [Effect] {
        var effects: [Effect] = []
        for id in jobs.keys.sorted() {
            guard var job = jobs[id] else { continue }
            switch job.phase {
            case .running(let deadline?) where deadline <= nowUs:
                job.phase = .terminating(killAt: nowUs + Self.micros(killGrace))
                effects.append(.terminate(id, job.invocation))
            case .terminating(let killAt) where killAt <= nowUs:
                job.phase = .killed
                effects.append(.kill(id, job.invocation))
            default:
                continue
            }
            jobs[id] = job
        }
        return effects
    }

    private mutating func start(_ id: JobID, nowUs: UInt64) -> Effect {
        var job = jobs[id]!
        job.phase = .running(deadline: nowUs + Self.micros(job.invocation.timeout))
        jobs[id] = job
        return .spawn(id, job.invocation, stream: nil)
    }

    private mutating func newID() -> JobID {
        defer { nextID += 1 }
        return JobID(raw: nextID)
    }

    /// Seconds to microseconds, saturating.
    static func micros(_ seconds: Double) -> UInt64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return seconds >= 1e12 ? UInt64(1e18) : UInt64(seconds * 1_000_000)
    }
}
