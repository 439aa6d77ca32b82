// SPDX-License-Identifier: MIT
import CLinux
import Glibc

/// CLOCK_MONOTONIC in microseconds: the clock of every `time_us` the server sends (libinput's
/// event times). A client on the same machine reads the same clock, so it can place an `ended`
/// animation on its own timeline.
public enum MonotonicClock {
    /// Now, in CLOCK_MONOTONIC microseconds.
    public static func nowUs() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000 + UInt64(ts.tv_nsec) / 1000
    }
}
