// SPDX-License-Identifier: MIT
public import Logging
public import TransitionConfig

/// Sets up swift-log for the daemon.
public enum JournalLogging {
    /// Bootstraps swift-log with ``JournalLogHandler`` writing to standard error. Call once, first
    /// thing in `main` (swift-log allows one bootstrap per process).
    ///
    /// - Parameters:
    ///   - level: the starting level (`--log-level`, else the configuration's, else `.info`).
    ///   - format: `nil` picks ``JournalLogHandler/Format/automatic()``.
    /// - Returns: the control to change the level later (after a reload).
    @discardableResult
    public static func bootstrap(level: Logger.Level = .info,
                                 format: JournalLogHandler.Format? = nil) -> LogLevelControl {
        let control = LogLevelControl(level)
        let format = format ?? .automatic()
        LoggingSystem.bootstrap({ label, provider in
            JournalLogHandler(label: label, format: format, control: control, metadataProvider: provider)
        }, metadataProvider: nil)
        return control
    }
}

extension Logger.Level {
    /// The swift-log level for a configuration file's `log_level`.
    public init(_ level: LogLevel) {
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info: self = .info
        case .notice: self = .notice
        case .warning: self = .warning
        case .error: self = .error
        case .critical: self = .critical
        }
    }
}
