// SPDX-License-Identifier: MIT
public import ArgumentParser
import Glibc
import TransitionClient
public import TransitionCore
import TransitionProtocol
import TransitionIO

/// `--socket`, shared by every command; it may also come before the command's name
/// (``SharedOptions``).
struct ConnectionOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The daemon's socket (also accepted before the command's name).", valueName: "PATH"))
    var socket: String?

    /// The options above, for ``SharedOptions``: keep the two in step.
    static let shared = [SharedOptions.Option(name: "--socket", takesValue: true)]

    /// Connects and reads the `hello`.
    func connect() throws -> (LineConnection, Hello) {
        try Failure.guarding { () throws(ClientError) in
            let connection = try LineConnection.connect(candidates: candidates)
            return (connection, try connection.receiveHello())
        }
    }

    /// The socket paths to try, in order.
    var candidates: [String] {
        let environment = ProcessEnvironment.values([SocketLocation.environmentVariable, "XDG_RUNTIME_DIR"])
        return SocketLocation.clientCandidates(explicit: socket, environment: environment, uid: getuid())
    }
}

/// Ends the command with a message on stderr and the documented exit status.
enum Failure {
    static let refused: Int32 = 1
    static let cancelled: Int32 = 2
    static let unreachable: Int32 = 69
    static let protocolError: Int32 = 76

    /// Runs `body`; a ``ClientError`` becomes a message and an exit status.
    static func guarding<R>(_ body: () throws(ClientError) -> R) throws -> R {
        do {
            return try body()
        } catch {
            throw exit(error)
        }
    }

    /// Prints `error` on stderr; returns the exit status it calls for.
    static func exit(_ error: ClientError) -> ExitCode {
        Terminal.error("transitionctl: \(error)")
        switch error {
        case .unreachable, .pathTooLong: return ExitCode(unreachable)
        case .rejected: return ExitCode(refused)
        default: return ExitCode(protocolError)
        }
    }
}

extension Curve: ExpressibleByArgument {}
