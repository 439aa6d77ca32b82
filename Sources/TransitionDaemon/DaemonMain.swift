import Glibc
import Logging
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

    /// Runs `command`; returns the process exit code.
    public static func run(_ options: DaemonOptions, command: Command) -> Int32 {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = Logger.Level(rawValue: options.logLevel ?? "info") ?? .info
            return handler
        }
        let logger = Logger(label: "transitiond")
        switch command {
        case .serve:
            do {
                let daemon = try Daemon(options: options, configuration: .standard, logger: logger)
                signal(SIGPIPE, SIG_IGN)
                if options.printEvents { daemon.addSink(EventPrinter().print) }
                try daemon.run()
                return 0
            } catch {
                logger.critical("\(error)")
                return 1
            }
        case .listDevices:
            do {
                Console.out(try DeviceListing.scan(seat: options.seat, explicitDevices: options.devices).report)
                return 0
            } catch {
                Console.err("transitiond: \(error)\n")
                return 1
            }
        case .printDefaultConfig, .checkConfig:
            Console.err("transitiond: not available yet\n")
            return 2
        }
    }
}
