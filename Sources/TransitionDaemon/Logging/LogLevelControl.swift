// SPDX-License-Identifier: MIT
public import Logging
import Synchronization

/// The process-wide log level, shared by every ``JournalLogHandler``: set it once from
/// `--log-level` or the configuration's `log_level`, and again after a reload.
///
/// `Sendable` because its only state is an `Atomic`.
public final class LogLevelControl: Sendable {
    private let raw: Atomic<UInt8>

    /// A control starting at `level`.
    public init(_ level: Logger.Level = .info) {
        raw = Atomic(Self.code(level))
    }

    /// The level in force; setting it takes effect for the next entry of every logger that has
    /// not set a level of its own.
    public var level: Logger.Level {
        get { Self.allLevels[Int(raw.load(ordering: .relaxed))] }
        set { raw.store(Self.code(newValue), ordering: .relaxed) }
    }

    private static let allLevels = Logger.Level.allCases
    private static func code(_ level: Logger.Level) -> UInt8 {
        UInt8(allLevels.firstIndex(of: level) ?? 2)
    }
}
