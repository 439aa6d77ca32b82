// SPDX-License-Identifier: MIT
#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC (the clock libinput stamps events with) in nanoseconds.
func monotonicNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Sleeps until an absolute CLOCK_MONOTONIC time, so that frame intervals do not drift.
func sleep(untilNs deadline: UInt64) {
    var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
}

/// Sleeps until the next frame, `intervalNs` after the previous one (`previousNs`), and returns
/// its time. A late frame does not make the next ones catch up in a burst: frames stay at least
/// half an interval apart, because libinput takes a big move in a short time for a touch jump
/// (and discards it), which happens easily in a slow VM.
func pace(after previousNs: UInt64, intervalNs: UInt64) -> UInt64 {
    let next = max(previousNs + intervalNs, monotonicNs() + intervalNs / 2)
    sleep(untilNs: next)
    return next
}

/// Sleeps for `seconds`.
func sleep(seconds: Double) {
    guard seconds > 0 else { return }
    sleep(untilNs: monotonicNs() + UInt64(seconds * 1e9))
}

/// Waits until `path` exists (polling every 5 ms), or fails after `timeout` seconds.
func waitForFile(_ path: String, timeout: Double) throws(VdevError) {
    let deadline = monotonicNs() + UInt64(timeout * 1e9)
    while access(path, F_OK) != 0 {
        if monotonicNs() > deadline { throw VdevError("\(path) did not appear within \(timeout) s") }
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
        fputs("\(monotonicNs()) \(kind)\n", file)
        fflush(file)
    }
}

/// Prints a line on stdout at once (the e2e suite reads the device node from it).
func say(_ line: String, newline: Bool = true) {
    var text = newline ? line + "\n" : line
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let n = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
            if n <= 0 { if errno == EINTR { continue } else { return } }
            offset += n
        }
    }
}
