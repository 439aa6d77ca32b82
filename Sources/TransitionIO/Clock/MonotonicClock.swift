// SPDX-License-Identifier: MIT
public import Glibc

/// CLOCK_MONOTONIC, the one clock of every process here: libinput stamps its events with it, the
/// event loop's timers run on it, every `time_us` the server sends is in it, and a client on the
/// same machine reads the same clock, so it can place an `ended` animation on its own timeline.
public enum MonotonicClock {
    /// Now, in CLOCK_MONOTONIC microseconds. (Inlinable: the daemon reads it for every sample.)
    @inlinable
    public static func nowUs() -> UInt64 {
        nowNs() / 1000
    }

    /// Now, in CLOCK_MONOTONIC nanoseconds.
    @inlinable
    public static func nowNs() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Sleeps until an absolute CLOCK_MONOTONIC time in nanoseconds (so that a series of waits
    /// does not drift), resuming after signals.
    public static func sleep(untilNs deadline: UInt64) {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }

    /// Sleeps for `seconds` (nothing for zero, negative or non-finite values).
    public static func sleep(seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        sleep(untilNs: nowNs() + UInt64(min(seconds, 1e9) * 1e9))
    }
}
