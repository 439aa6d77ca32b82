// SPDX-License-Identifier: MIT
import TransitionIO
#if canImport(Glibc)
import Glibc
#endif

/// Sleeps until the next frame, `intervalNs` after the previous one (`previousNs`), and returns
/// its time. A late frame does not make the next ones catch up in a burst: frames stay at least
/// half an interval apart, because libinput takes a big move in a short time for a touch jump
/// (and discards it), which happens easily in a slow VM.
func pace(after previousNs: UInt64, intervalNs: UInt64) -> UInt64 {
    let next = max(previousNs + intervalNs, MonotonicClock.nowNs() + intervalNs / 2)
    MonotonicClock.sleep(untilNs: next)
    return next
}

/// Sleeps for `seconds`.
func sleep(seconds: Double) {
    MonotonicClock.sleep(seconds: seconds)
}

/// Waits until `path` exists (polling every 5 ms), or fails after `timeout` seconds.
func waitForFile(_ path: String, timeout: Double) throws(VdevError) {
    let deadline = MonotonicClock.nowNs() + UInt64(timeout * 1e9)
    while access(path, F_OK) != 0 {
        if MonotonicClock.nowNs() > deadline { throw VdevError("\(path) did not appear within \(timeout) s") }
        sleep(seconds: 0.005)
    }
}

/// Logs each frame's CLOCK_MONOTONIC time (ns) and kind, one line per frame, for latency
/// measurements ("<ns> down|move|up").
final class FrameLog {
    private let file: UnsafeMutablePointer<FILE>?

    init(path: String?) throws(VdevError) {
        guard let path else { file = nil; return }
        guard let f = fopen(path, "w") else {
            throw VdevError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        file = f
    }

    deinit { if let file { fclose(file) } }

    func frame(_ kind: String) {
        guard let file else { return }
        fputs("\(MonotonicClock.nowNs()) \(kind)\n", file)
        fflush(file)
    }
}

/// Prints a line on stdout at once (the e2e suite reads the device node from it).
func say(_ line: String, newline: Bool = true) {
    WriteAll.write(STDOUT_FILENO, newline ? line + "\n" : line)
}
