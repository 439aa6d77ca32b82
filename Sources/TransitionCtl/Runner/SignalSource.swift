// SPDX-License-Identifier: MIT
import CLinux
import Glibc
import TransitionIO

/// SIGCHLD, SIGHUP, SIGTERM and SIGINT as a readable descriptor (signalfd), so the runner's one
/// loop sees them between other work: no handler runs asynchronously. SIGPIPE is ignored (a
/// `progress` command that exits early makes writes fail with EPIPE instead).
final class SignalSource {
    private let descriptor: SignalDescriptor
    /// The signalfd; poll it for readability.
    var fd: Int32 { descriptor.fd }

    init() throws(SpawnFailure) {
        signal(SIGPIPE, SIG_IGN)
        do throws(SystemError) {
            descriptor = try SignalDescriptor([SIGCHLD, SIGHUP, SIGTERM, SIGINT])
        } catch {
            signal(SIGPIPE, SIG_DFL)
            throw SpawnFailure(message: error.operation == "signalfd" ? "signalfd: \(String(cString: strerror(error.errno)))"
                                                                     : "\(error.operation) failed")
        }
    }

    deinit {
        signal(SIGPIPE, SIG_DFL)
    }

    /// The signals that arrived (each once, however often it was raised).
    func drain() -> Set<Int32> {
        var signals = Set<Int32>()
        descriptor.drain { signals.insert($0) }
        return signals
    }
}
