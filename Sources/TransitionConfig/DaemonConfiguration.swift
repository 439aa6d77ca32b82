// SPDX-License-Identifier: MIT
public import TransitionCore

/// Everything the configuration file sets: the engine's transitions and bindings, and the
/// daemon's own settings.
public struct DaemonConfiguration: Sendable, Hashable {
    /// Transitions, bindings and slops, as the engine takes them.
    public var engine: EngineConfiguration
    /// `log_level`: the least severe level logged (`--log-level` overrides it).
    public var logLevel: LogLevel
    /// `socket_group`: the group that owns the socket when the daemon binds it itself (mode 0660);
    /// `nil` keeps the daemon's own group. A socket-activated daemon does not use it: the socket
    /// unit's `SocketGroup=` decides.
    public var socketGroup: String?
    /// `[server]`: connection limits.
    public var server: ServerSettings
    /// `[access]`: who receives transition events.
    public var access: AccessSettings
    /// `[touchegg]`: Touchégg's D-Bus protocol on `@touchegg`.
    public var touchegg: ToucheggSettings = .builtIn
    /// `[touchscreen]`: edge zones and rotations.
    public var touchscreen: TouchscreenSettings

    /// A configuration with these parts.
    public init(engine: EngineConfiguration, logLevel: LogLevel = .info, socketGroup: String? = nil,
                server: ServerSettings = .builtIn, access: AccessSettings = .builtIn,
                touchscreen: TouchscreenSettings = .builtIn) {
        self.engine = engine; self.logLevel = logLevel; self.socketGroup = socketGroup; self.server = server
        self.access = access; self.touchscreen = touchscreen
    }

    /// The built-in configuration, used when no configuration file exists: the engine's
    /// ``TransitionCore/EngineConfiguration/standard`` at log level `info`, with the built-in
    /// server limits.
    public static var builtIn: DaemonConfiguration {
        DaemonConfiguration(engine: .standard)
    }
}

/// How much the daemon logs: swift-log's levels, by the names the configuration file uses.
public enum LogLevel: String, Sendable, Hashable, CaseIterable {
    case trace, debug, info, notice, warning, error, critical
}
