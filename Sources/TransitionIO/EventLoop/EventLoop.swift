// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import Synchronization

/// The daemon's one event loop: epoll over every file descriptor (libinput, udev monitor,
/// listening socket, clients), one timerfd multiplexing all timers, one signalfd for signals,
/// and one eventfd so other threads can wake it. Nothing wakes while idle: `run()` blocks in
/// `epoll_wait` with no timeout unless a timer is due.
///
/// Not thread-safe: create it, register handlers and `run()` it on one thread. Other threads
/// talk to it only through ``remote`` (a `Sendable` handle).
public final class EventLoop {
    private let epfd: Int32
    private let timerfd: Int32
    private let wakefd: Int32
    private var signals: SignalDescriptor?

    private var nextID: UInt64 = 16 // ids below 16 are the loop's own descriptors
    private var watches: [UInt64: (fd: Int32, handler: (IOEvents) -> Void)] = [:]
    private var timers: [UInt64: () -> Void] = [:]
    private var heap = TimerHeap()
    /// The deadline the timerfd is armed for; `nil` while it is disarmed. (Not 0: a deadline of 0
    /// is a real one, already due, and must arm the timer like any other.)
    private var armedDeadline: UInt64?
    private var signalHandlers: [Int32: () -> Void] = [:]
    private var running = false

    private static let timerToken: UInt64 = 1
    private static let wakeToken: UInt64 = 2
    private static let signalToken: UInt64 = 3

    /// A `Sendable` handle for other threads: stop the loop, or run work on it.
    public let remote: Remote

    /// Creates the epoll instance and the loop's own timerfd and eventfd.
    public init() throws(SystemError) {
        epfd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epfd >= 0 else { throw SystemError("epoll_create1") }
        timerfd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard timerfd >= 0 else { close(epfd); throw SystemError("timerfd_create") }
        wakefd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakefd >= 0 else { close(epfd); close(timerfd); throw SystemError("eventfd") }
        remote = Remote(wakefd: wakefd)
        guard clinux_epoll_ctl(epfd, EPOLL_CTL_ADD, timerfd, UInt32(EPOLLIN.rawValue), Self.timerToken) == 0,
              clinux_epoll_ctl(epfd, EPOLL_CTL_ADD, wakefd, UInt32(EPOLLIN.rawValue), Self.wakeToken) == 0
        else { throw SystemError("epoll_ctl") } // every property is set: deinit closes the three
    }

    deinit {
        close(epfd); close(timerfd); close(wakefd)
    }

    // MARK: File descriptors

    /// Calls `handler` whenever `fd` is ready for `events` (level-triggered). Hang-ups and errors
    /// are always reported. The loop does not own `fd`: `unwatch` before closing it.
    @discardableResult
    public func watch(fd: Int32, events: IOEvents = .readable,
                      _ handler: @escaping (IOEvents) -> Void) throws(SystemError) -> WatchID {
        let id = nextID
        nextID += 1
        guard clinux_epoll_ctl(epfd, EPOLL_CTL_ADD, fd, Self.epollMask(events), id) == 0 else {
            throw SystemError("epoll_ctl(ADD, fd \(fd))")
        }
        watches[id] = (fd, handler)
        return WatchID(raw: id)
    }

    /// Changes the events a watched descriptor is polled for (e.g. adds `.writable` while a
    /// client has a backlog).
    public func modify(_ id: WatchID, events: IOEvents) throws(SystemError) {
        guard let watch = watches[id.raw] else { return }
        guard clinux_epoll_ctl(epfd, EPOLL_CTL_MOD, watch.fd, Self.epollMask(events), id.raw) == 0 else {
            throw SystemError("epoll_ctl(MOD, fd \(watch.fd))")
        }
    }

    /// Stops watching. Safe to call from inside the descriptor's own handler, and for ids
    /// already removed.
    public func unwatch(_ id: WatchID) {
        guard let watch = watches.removeValue(forKey: id.raw) else { return }
        _ = clinux_epoll_ctl(epfd, EPOLL_CTL_DEL, watch.fd, 0, 0)
    }

    private static func epollMask(_ events: IOEvents) -> UInt32 {
        events.rawValue | UInt32(EPOLLRDHUP.rawValue)
    }

    // MARK: Timers

    /// Runs `handler` once, at or soon after `deadline` (CLOCK_MONOTONIC µs). A deadline in the
    /// past runs on the next iteration.
    @discardableResult
    public func schedule(atUs deadline: UInt64, _ handler: @escaping () -> Void) -> TimerID {
        let id = nextID
        nextID += 1
        timers[id] = handler
        heap.push(deadline: deadline, id: id)
        armTimer()
        return TimerID(raw: id)
    }

    /// Cancels a timer that has not fired yet; a no-op otherwise.
    public func cancelTimer(_ id: TimerID) {
        timers.removeValue(forKey: id.raw)
    }

    /// Arms the timerfd for the earliest live deadline (or disarms it when none is left).
    private func armTimer() {
        while let top = heap.first, timers[top.id] == nil { heap.popFirst() }
        let deadline = heap.first?.deadline
        guard deadline != armedDeadline else { return }
        armedDeadline = deadline
        var spec = itimerspec() // all zero: disarmed
        if let deadline {
            // A zero it_value would disarm the timer: a deadline of 0 (due long ago) becomes 1 ns,
            // which is just as far in the past.
            spec.it_value.tv_sec = Int(deadline / 1_000_000)
            spec.it_value.tv_nsec = Int(deadline % 1_000_000) * 1000
            if spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        }
        timerfd_settime(timerfd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    private func fireTimers() {
        var expirations: UInt64 = 0
        _ = read(timerfd, &expirations, 8)
        armedDeadline = nil
        let now = MonotonicClock.nowUs()
        while let top = heap.first, top.deadline <= now {
            heap.popFirst()
            if let handler = timers.removeValue(forKey: top.id) { handler() }
        }
        armTimer()
    }

    // MARK: Signals

    /// Delivers `signo` to `handler` on the loop instead of asynchronously. The signal is
    /// blocked for this thread (do this before starting other threads so they inherit the mask).
    public func onSignal(_ signo: Int32, _ handler: @escaping () -> Void) throws(SystemError) {
        if let signals {
            try signals.add(signo)
        } else {
            let made = try SignalDescriptor([signo])
            signals = made
            guard clinux_epoll_ctl(epfd, EPOLL_CTL_ADD, made.fd, UInt32(EPOLLIN.rawValue), Self.signalToken) == 0 else {
                throw SystemError("epoll_ctl(signalfd)")
            }
        }
        signalHandlers[signo] = handler
    }

    private func readSignals() {
        signals?.drain { signalHandlers[$0]?() }
    }

    // MARK: Running

    /// Runs until ``stop()`` (or `remote.stop()`) is called.
    public func run() throws(SystemError) {
        running = true
        var datas = [UInt64](repeating: 0, count: 64)
        var events = [UInt32](repeating: 0, count: 64)
        while running {
            let n = clinux_epoll_wait(epfd, &datas, &events, 64, -1)
            if n < 0 {
                if clinux_errno() == EINTR { continue }
                throw SystemError("epoll_wait")
            }
            for i in 0..<Int(n) {
                switch datas[i] {
                case Self.timerToken: fireTimers()
                case Self.wakeToken: drainRemote()
                case Self.signalToken: readSignals()
                case let id:
                    // A handler earlier in this batch may have unwatched this one.
                    watches[id]?.handler(IOEvents(epoll: events[i]))
                }
            }
        }
    }

    /// Makes ``run()`` return after the current iteration. Call it on the loop's thread.
    public func stop() { running = false }

    private func drainRemote() {
        var value: UInt64 = 0
        _ = read(wakefd, &value, 8)
        let (work, stop) = remote.take()
        for item in work { item() }
        if stop { running = false }
    }

    /// How other threads reach the loop: both calls wake it through its eventfd.
    public final class Remote: Sendable {
        private let wakefd: Int32
        private let pending = Mutex<(work: [@Sendable () -> Void], stop: Bool)>(([], false))

        init(wakefd: Int32) { self.wakefd = wakefd }

        /// Runs `work` on the loop's thread, soon.
        public func execute(_ work: @escaping @Sendable () -> Void) {
            pending.withLock { $0.work.append(work) }
            wake()
        }

        /// Makes the loop's `run()` return.
        public func stop() {
            pending.withLock { $0.stop = true }
            wake()
        }

        fileprivate func take() -> (work: [@Sendable () -> Void], stop: Bool) {
            pending.withLock { state in
                defer { state = ([], false) }
                return state
            }
        }

        private func wake() {
            var one: UInt64 = 1
            _ = write(wakefd, &one, 8)
        }
    }
}
