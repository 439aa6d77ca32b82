// SPDX-License-Identifier: MIT
/// How a child ended, from `waitpid`'s status word (Swift has no `WIFEXITED` macros).
enum ChildStatus: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    var succeeded: Bool { self == .exited(0) }

    var description: String {
        switch self {
        case .exited(let code): "exited with status \(code)"
        case .signaled(let signal): "was killed by signal \(signal) (\(Self.name(signal)))"
        }
    }

    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGKILL: "SIGKILL"
        case SIGINT: "SIGINT"
        case SIGPIPE: "SIGPIPE"
        case SIGSEGV: "SIGSEGV"
        case SIGABRT: "SIGABRT"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }
}

import Glibc
