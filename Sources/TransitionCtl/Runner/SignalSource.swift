// SPDX-License-Identifier: MIT
import CLinux
import Glibc

/// SIGCHLD, SIGHUP, SIGTERM and SIGINT as a readable descriptor (signalfd), so the runner's one
/// loop sees them between other work: no handler runs asynchronously. SIGPIPE is ignored (a
/// `progress` command that exits early makes writes fail with EPIPE instead).
final class SignalSource {
    let fd: Int32
    private var mask = sigset_t()

    init() throws(SpawnFailure) {
        signal(SIGPIPE, SIG_IGN)
        sigemptyset(&mask)
        for signo in [SIGCHLD, SIGHUP, SIGTERM, SIGINT] { sigaddset(&mask, signo) }
        guard pthread_sigmask(SIG_BLOCK, &mask, nil) == 0 else { throw SpawnFailure(message: "pthread_sigmask failed") }
        fd = CLinux.signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { throw SpawnFailure(message: "signalfd: \(String(cString: strerror(errno)))") }
    }

    deinit {
        close(fd)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        signal(SIGPIPE, SIG_DFL)
    }

    /// The signals that arrived (each once, however often it was raised).
    func drain() -> Set<Int32> {
        var signals = Set<Int32>()
        var info = signalfd_siginfo()
        while read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            signals.insert(Int32(info.ssi_signo))
        }
        return signals
    }
}
