// SPDX-License-Identifier: MIT
public import ArgumentParser
import Glibc
import Logging
import TransitionCore

/// `transitiond`: the daemon's command line.
public struct TransitiondCommand: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "transitiond",
        abstract: "Turns touchpad and touchscreen pans into interactive transitions and streams them over a Unix socket.",
        version: DaemonVersion.string)

    @Option(name: .long, help: ArgumentHelp("The configuration file (default: /etc/transitiond/config.toml if present, else built-in).", valueName: "FILE"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The socket to serve (default: $RUNTIME_DIRECTORY/transitiond.sock, /run/transitiond/transitiond.sock as root, else $XDG_RUNTIME_DIR/transitiond/transitiond.sock).", valueName: "PATH"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("Use this event node instead of enumerating the seat (repeatable).", valueName: "PATH"))
    var device: [String] = []

    @Option(name: .long, help: ArgumentHelp("The seat whose touchpads and touchscreens to use.", valueName: "SEAT"))
    var seat: String = "seat0"

    @Option(name: .long, help: ArgumentHelp("Log level: trace, debug, info, notice, warning, error, critical.", valueName: "LEVEL"))
    var logLevel: String?

    @Flag(name: .long, help: "List the devices the daemon would use and those it ignores, then exit.")
    var listDevices = false

    @Option(name: .long, help: ArgumentHelp("Write recognised gesture samples to FILE as JSON lines.", valueName: "FILE"))
    var record: String?

    @Option(name: .long, help: ArgumentHelp("Feed a recorded trace (FILE, JSON lines) through the engine, in real time.", valueName: "FILE"))
    var replay: String?

    @Flag(name: .long, help: "With --replay: exit once the trace is over and nothing animates.")
    var exitAfterReplay = false

    @Flag(name: .long, help: "Print every transition event as a protocol JSON line on stdout.")
    var printEvents = false

    @Flag(name: .long, help: "Do not open input devices (for --replay and socket-only use).")
    var noInput = false

    @Flag(name: .long, help: "Do not serve the socket (for --print-events or --record alone).")
    var noSocket = false

    @Flag(name: .long, help: "Play built-in touchpad and touchscreen gestures in a loop; opens no input device.")
    var demo = false

    @Flag(name: .long, help: "Print the built-in default configuration and exit.")
    var printDefaultConfig = false

    @Option(name: .long, help: ArgumentHelp("Check a configuration file, print what is wrong (with its line), and exit.", valueName: "FILE"))
    var checkConfig: String?

    public func validate() throws {
        if demo && replay != nil { throw ValidationError("--demo and --replay cannot be combined") }
    }

    public func run() throws {
        let options = DaemonOptions(
            configPath: config, configPathExplicit: config != nil, socketPath: socket, devices: device,
            seat: seat, recordPath: record, replayPath: replay, exitAfterReplay: exitAfterReplay,
            printEvents: printEvents, logLevel: logLevel, noInput: noInput, noSocket: noSocket, demo: demo)
        let code = DaemonMain.run(options, command: command)
        if code != 0 { throw ExitCode(code) }
    }

    private var command: DaemonMain.Command {
        if listDevices { return .listDevices }
        if printDefaultConfig { return .printDefaultConfig }
        if let checkConfig { return .checkConfig(checkConfig) }
        return .serve
    }
}
