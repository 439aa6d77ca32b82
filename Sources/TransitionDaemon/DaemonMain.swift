// SPDX-License-Identifier: MIT
import Glibc
import Logging
import TransitionConfig
import TransitionCore
import TransitionInput
import TransitionServer

/// The daemon's entry point once the command line is parsed: each command returns an exit code
/// and writes its own errors to stderr.
public enum DaemonMain {
    /// What `transitiond` was asked to do.
    public enum Command: Sendable {
        case serve, listDevices, printDefaultConfig
        case checkConfig(String)
    }

    /// The exit status for a configuration with errors: sysexits' EX_CONFIG, which the unit lists
    /// in `RestartPreventExitStatus=` so systemd does not restart into the same error.
    public static let exitConfigurationError: Int32 = 78

    /// Runs `command`; returns the process exit code.
    public static func run(_ options: DaemonOptions, command: Command) -> Int32 {
        switch command {
        case .serve:
            return serve(options)
        case .listDevices:
            do {
                Console.out(try DeviceListing.scan(seat: options.seat, explicitDevices: options.devices).report)
                return 0
            } catch {
                Console.err("transitiond: \(error)\n")
                return 1
            }
        case .printDefaultConfig:
            Console.out(ConfigLoader.renderDefault())
            return 0
        case .checkConfig(let path):
            do {
                let configuration = try ConfigLoader.load(path: path)
                Console.out("\(path): OK, \(configuration.engine.transitions.count) transitions, "
                            + "\(configuration.engine.bindings.count) bindings\n")
                return 0
            } catch {
                Console.err("\(error)\n")
                return 1
            }
        }
    }

    private static func serve(_ options: DaemonOptions) -> Int32 {
        // The configuration first: its log level sets up logging, and a broken file stops here.
        let configuration: DaemonConfiguration
        let configPath: String?
        do throws(ConfigError) {
            if let path = options.configPath {
                configuration = try ConfigLoader.load(path: path)
                configPath = path
            } else {
                (configuration, configPath) = try ConfigLoader.loadSystem()
            }
        } catch {
            Console.err("transitiond: the configuration has errors:\n\(error)\n")
            return exitConfigurationError
        }
        let requested = options.logLevel.flatMap { Logger.Level(rawValue: $0) }
        if let name = options.logLevel, requested == nil {
            Console.err("transitiond: unknown log level '\(name)' (trace, debug, info, notice, warning, error, critical)\n")
            return 2
        }
        let control = JournalLogging.bootstrap(level: requested ?? Logger.Level(configuration.logLevel))
        let logger = Logger(label: "transitiond")
        logger.info("transitiond \(DaemonVersion.string) starting with \(configPath ?? "the built-in configuration")")
        signal(SIGPIPE, SIG_IGN)
        do {
            let daemon = try Daemon(options: options, configuration: configuration, configPath: configPath,
                                    logLevel: requested == nil ? control : nil, logger: logger)
            if options.printEvents { daemon.addSink(EventPrinter().print) }
            try daemon.run()
            return 0
        } catch {
            logger.critical("\(error)")
            return 1
        }
    }
}
