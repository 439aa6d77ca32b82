// SPDX-License-Identifier: MIT
public import TransitionProtocol
public import TransitionSystemd

/// The access mode in force, and the words that say why, from the configuration's `[access]
/// mode` (`nil`: not given) and whether logind runs. Pure.
///
/// Without a configured mode: active-session where logind runs, group elsewhere. A configured
/// mode is taken as it is; active-session without logind leaves no session active, so only root
/// and the exempt uids receive events (the daemon warns about it).
public struct AccessModeChoice: Sendable, Hashable {
    public var mode: AccessMode
    /// e.g. "default: logind runs", "configured", "default: no logind: systemd is not PID 1".
    public var reason: String
    /// A warning for the log, when the choice is likely a mistake.
    public var warning: String?

    public init(configured: AccessMode?, logind: LogindPresence) {
        switch (configured, logind) {
        case (nil, .running):
            mode = .activeSession; reason = "default: logind runs"; warning = nil
        case (nil, .absent(let why)):
            mode = .group; reason = "default: no logind: \(why)"; warning = nil
        case (.activeSession?, .absent(let why)):
            mode = .activeSession; reason = "configured"
            warning = "[access] mode is \"active-session\" but logind does not run (\(why)): no session is ever active, "
                + "so only root and [access] always receive transition events"
        case (let mode?, _):
            self.mode = mode; reason = "configured"; warning = nil
        }
    }

    /// The startup log line: `access: active-session (default: logind runs)`.
    public var logLine: String { "access: \(mode.rawValue) (\(reason))" }
}
