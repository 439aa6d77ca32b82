// SPDX-License-Identifier: MIT
import CLinux
import Glibc

/// Signals as a readable descriptor (signalfd): the signals are blocked for the calling thread
/// (threads started later inherit the mask) and delivered by reading, so a loop sees them
/// between other work and no handler runs asynchronously. Closing it unblocks them again.
public final class SignalDescriptor {
    /// The signalfd; poll it for readability.
    public private(set) var fd: Int32 = -1
    private var mask = sigset_t()

    /// Blocks `signals` and makes a non-blocking, close-on-exec signalfd for them.
    public init(_ signals: [Int32] = []) throws(SystemError) {
        sigemptyset(&mask)
        for signo in signals { sigaddset(&mask, signo) }
        try update()
    }

    deinit {
        if fd >= 0 {
            close(fd)
            pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        }
    }

    /// Adds `signo` to the signals the descriptor delivers (the descriptor stays the same).
    public func add(_ signo: Int32) throws(SystemError) {
        sigaddset(&mask, signo)
        try update()
    }

    private func update() throws(SystemError) {
        guard pthread_sigmask(SIG_BLOCK, &mask, nil) == 0 else { throw SystemError("pthread_sigmask") }
        let made = CLinux.signalfd(fd, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard made >= 0 else { throw SystemError("signalfd") }
        fd = made
    }

    /// Reads every pending signal, calling `body` with each signal number in the order read
    /// (a signal raised several times before the read comes once).
    public func drain(_ body: (Int32) -> Void) {
        var info = signalfd_siginfo()
        while read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            body(Int32(info.ssi_signo))
        }
    }
}
