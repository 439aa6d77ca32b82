// SPDX-License-Identifier: MIT
import Dispatch
import Foundation
import Glibc
import Testing
import TransitionIO

@Suite struct EventLoopTests {
    @Test func timersFireInDeadlineOrderAndCancelledOnesNever() throws {
        let loop = try EventLoop()
        var fired: [Int] = []
        let now = MonotonicClock.nowUs()
        loop.schedule(atUs: now + 3000) { fired.append(3) }
        loop.schedule(atUs: now + 1000) { fired.append(1) }
        let cancelled = loop.schedule(atUs: now + 2000) { fired.append(2) }
        loop.schedule(atUs: now) { fired.append(0) }
        loop.cancelTimer(cancelled)
        loop.schedule(atUs: now + 4000) { loop.stop() }
        try loop.run()
        #expect(fired == [0, 1, 3])
    }

    /// A deadline of 0 is due (not "no timer"): it fires, and timers scheduled after it still arm
    /// the timerfd. (It once disarmed the timerfd and made every later `schedule` return early,
    /// so the loop slept forever: the backstop thread below then stops it and the test fails.)
    @Test func aDeadlineOfZeroFiresAndLaterTimersStillArm() throws {
        let loop = try EventLoop()
        let backstop = Backstop(loop.remote, seconds: 10)
        var fired: [Int] = []
        loop.schedule(atUs: 0) { fired.append(0) }
        loop.schedule(atUs: MonotonicClock.nowUs() + 1000) {
            fired.append(1)
            loop.schedule(atUs: 0) {
                fired.append(2)
                loop.schedule(atUs: MonotonicClock.nowUs() + 1000) { fired.append(3); loop.stop() }
            }
        }
        try loop.run()
        backstop.finish()
        #expect(fired == [0, 1, 2, 3])
    }

    @Test func watchesReportReadabilityAndHangup() throws {
        let loop = try EventLoop()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        var received: [UInt8] = []
        var sawHangup = false
        var id: WatchID?
        id = try loop.watch(fd: fds[0]) { events in
            var byte: UInt8 = 0
            if read(fds[0], &byte, 1) == 1 { received.append(byte); return }
            sawHangup = events.contains(.hangup)
            loop.unwatch(id!)
            loop.stop()
        }
        var bytes: [UInt8] = [7, 9]
        #expect(write(fds[1], &bytes, 2) == 2)
        close(fds[1])
        try loop.run()
        #expect(received == [7, 9])
        #expect(sawHangup)
    }

    @Test func remoteRunsWorkOnTheLoopAndStopsIt() async throws {
        let loop = try EventLoop()
        let remote = loop.remote
        let thread = Thread { remote.execute { remote.stop() } }
        thread.start()
        try loop.run() // returns only because the other thread asked it to
    }

    @Test func signalsArriveAsCallbacks() throws {
        let loop = try EventLoop()
        var got = false
        try loop.onSignal(SIGUSR2) { got = true; loop.stop() }
        pthread_kill(pthread_self(), SIGUSR2)
        try loop.run()
        #expect(got)
    }
}

/// A minimal thread, so the test does not depend on Foundation.
private final class Thread: Sendable {
    private let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    func start() {
        let box = Unmanaged.passRetained(self).toOpaque()
        var tid = pthread_t()
        pthread_create(&tid, nil, { arg in
            let me = Unmanaged<Thread>.fromOpaque(arg!).takeRetainedValue()
            me.body()
            return nil
        }, box)
        pthread_detach(tid)
    }
}

/// Stops a loop from another thread if it is still running after `seconds`, so that a test of a
/// loop that would sleep forever fails instead of hanging. ``finish()`` before the loop goes.
final class Backstop: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)

    init(_ remote: EventLoop.Remote, seconds: Int) {
        let thread = Thread { [done, exited] in
            if done.wait(timeout: .now() + .seconds(seconds)) == .timedOut { remote.stop() }
            exited.signal()
        }
        thread.start()
    }

    func finish() {
        done.signal()
        exited.wait()
    }
}
