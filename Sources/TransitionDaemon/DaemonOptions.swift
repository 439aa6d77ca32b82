// SPDX-License-Identifier: MIT
/// What the command line asked the daemon to do (parsed by the `transitiond` executable).
public struct DaemonOptions: Sendable {
    /// The configuration file; `nil` uses `/etc/transitiond/config.toml` if it exists, else the
    /// built-in default.
    public var configPath: String?
    /// Whether `configPath` was given explicitly (then a missing file is an error).
    public var configPathExplicit: Bool
    /// The socket path; `nil` picks the default (or the fd systemd passed).
    public var socketPath: String?
    /// Devices to use instead of enumerating the seat.
    public var devices: [String]
    /// The seat to enumerate and monitor.
    public var seat: String
    /// Writes recognised gesture samples to this file as JSON lines.
    public var recordPath: String?
    /// Feeds this trace through the engine instead of (or beside) live input.
    public var replayPath: String?
    /// Exit once the replay is over and nothing animates.
    public var exitAfterReplay: Bool
    /// Prints every transition event as a protocol JSON line on stdout.
    public var printEvents: Bool
    /// Log level name (trace, debug, info, notice, warning, error, critical); `nil`: config's.
    public var logLevel: String?
    /// Do not read input devices (replay only, or socket-only testing).
    public var noInput: Bool
    /// Do not serve the socket (`--print-events` or `--record` only).
    public var noSocket: Bool
    /// Play the built-in demo gestures in a loop (`--demo`); implies ``noInput``.
    public var demo: Bool

    public init(configPath: String? = nil, configPathExplicit: Bool = false, socketPath: String? = nil,
                devices: [String] = [], seat: String = "seat0", recordPath: String? = nil,
                replayPath: String? = nil, exitAfterReplay: Bool = false, printEvents: Bool = false,
                logLevel: String? = nil, noInput: Bool = false, noSocket: Bool = false, demo: Bool = false) {
        self.configPath = configPath; self.configPathExplicit = configPathExplicit
        self.socketPath = socketPath; self.devices = devices; self.seat = seat
        self.recordPath = recordPath; self.replayPath = replayPath; self.exitAfterReplay = exitAfterReplay
        self.printEvents = printEvents; self.logLevel = logLevel; self.noInput = noInput || demo
        self.noSocket = noSocket; self.demo = demo
    }
}
