// SPDX-License-Identifier: MIT
import Glibc
import TransitionActions
import TransitionIO

/// The write end of one `progress` command's standard input: lines buffered (bounded, samples
/// coalesced) while the command reads slower than they come, written without ever blocking:
/// while lines wait, the runner's event loop watches the pipe for room.
final class StreamWriter {
    let job: JobID
    private(set) var fd: Int32
    private let loop: EventLoop
    private var watchID: WatchID?
    private var buffer = LineBuffer(capacity: 64)
    /// Close once the buffer is written.
    private(set) var closing = false
    /// Lines coalesced or dropped in all.
    private(set) var dropped = 0

    init(job: JobID, fd: Int32, loop: EventLoop) { self.job = job; self.fd = fd; self.loop = loop }

    deinit { abandon() }

    /// Whether there is something to write (the pipe is watched for room).
    var wantsWrite: Bool { fd >= 0 && !buffer.isEmpty }

    /// Whether the input is closed: the writer can be forgotten.
    var isClosed: Bool { fd < 0 }

    func push(_ line: String, coalescable: Bool) {
        guard fd >= 0 else { return }
        buffer.push(line, coalescable: coalescable)
        dropped += buffer.takeDropped()
        flush()
    }

    /// Closes the input once everything queued is written.
    func close() {
        closing = true
        flush()
    }

    /// Closes the input now (the command exited, or the runner stops).
    func abandon() {
        if let watchID { loop.unwatch(watchID); self.watchID = nil }
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }

    /// Watches the pipe for room while lines wait, and not otherwise (an idle pipe is always
    /// writable: watching it would wake the loop for nothing).
    func updateWatch() {
        if wantsWrite, watchID == nil {
            watchID = try? loop.watch(fd: fd, events: .writable) { [unowned self] _ in self.flush() }
        } else if !wantsWrite, let watchID {
            loop.unwatch(watchID)
            self.watchID = nil
        }
    }

    /// Writes as much as the pipe takes.
    func flush() {
        while fd >= 0, !buffer.isEmpty {
            let bytes = buffer.pending
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n > 0 { buffer.consume(n); continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN { return }
            abandon() // EPIPE: the command stopped reading
            return
        }
        if closing { abandon() }
    }
}
