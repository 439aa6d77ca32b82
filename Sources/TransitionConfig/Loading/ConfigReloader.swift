// SPDX-License-Identifier: MIT
/// Reloads the configuration on SIGHUP and keeps the old one when the new one is broken.
///
/// Pure apart from reading the file: the caller applies the result (`engine.reconfigure`, the log
/// level), logs what it says, and ``commit(_:)``s a new configuration once it is in force: until
/// then ``current`` stays the old one, so a configuration the engine refuses is never taken for
/// the one in force.
///
///     notifier.reloading()
///     switch reloader.reload() {
///     case .applied(let new, _):
///         try engine.reconfigure(new.engine, …)   // throws: the old one stays, nothing committed
///         reloader.commit(new); logLevel.level = .init(new.logLevel)
///     case .unchanged: logger.info("configuration unchanged")
///     case .kept(let error): for d in error.diagnostics { logger.error("\(d)") }
///     }
///     notifier.ready(status: …)
public struct ConfigReloader: Sendable {
    /// The result of a reload.
    public enum Outcome: Sendable, Hashable {
        /// The file changed and is valid: `new` is to replace `old`, the one in force; it is in
        /// force (``current``) once the caller has applied it and called ``commit(_:)``.
        case applied(new: DaemonConfiguration, old: DaemonConfiguration)
        /// The file parses to the configuration already in force.
        case unchanged
        /// The file is broken or unreadable: the old configuration stays in force.
        case kept(ConfigError)
    }

    /// The configuration in force.
    public private(set) var current: DaemonConfiguration
    /// The file given with `--config`; a reload that cannot read it keeps the old configuration.
    public let explicitPath: String?
    /// Without ``explicitPath``: the file read if it exists, the built-in configuration if not
    /// (``ConfigLoader/defaultPath``).
    public let systemPath: String

    /// A reloader starting from `current`, which came from `explicitPath` (`--config`) or, when
    /// that is `nil`, from `systemPath` or the built-in configuration.
    public init(current: DaemonConfiguration, explicitPath: String?, systemPath: String = ConfigLoader.defaultPath) {
        self.current = current; self.explicitPath = explicitPath; self.systemPath = systemPath
    }

    /// Reads the file again. With ``explicitPath`` a missing file is an error (the old
    /// configuration is kept); without it, ``systemPath`` is read if it now exists, and the
    /// built-in configuration is taken if it does not.
    public mutating func reload() -> Outcome {
        do throws(ConfigError) {
            if let explicitPath {
                return adopt(try ConfigLoader.load(path: explicitPath))
            }
            return adopt(try ConfigLoader.loadSystem(path: systemPath).configuration)
        } catch {
            return .kept(error)
        }
    }

    /// Takes `text` as the file's new contents (for tests and `--check-config`-like callers).
    public mutating func reload(text: String, source: String) -> Outcome {
        do throws(ConfigError) {
            return adopt(try ConfigLoader.parse(text, source: source))
        } catch {
            return .kept(error)
        }
    }

    /// Makes `new` (from an ``Outcome/applied(new:old:)``) the configuration in force, once the
    /// caller has applied it. Not called, ``current`` stays what it was: a refused configuration
    /// is reported as `.applied` again by the next reload, never as `.unchanged`.
    public mutating func commit(_ new: DaemonConfiguration) {
        current = new
    }

    private func adopt(_ new: DaemonConfiguration) -> Outcome {
        guard new != current else { return .unchanged }
        return .applied(new: new, old: current)
    }
}
