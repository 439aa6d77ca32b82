// SPDX-License-Identifier: MIT
public import ArgumentParser
import Glibc
import Logging
import TransitionIO
import TransitionKeyService
import TransitionServer
import TransitionSystemd

/// `transitiond-keys`: the uinput key service's command line (the `transitiond` binary started
/// under that name; the package links /usr/libexec/transitiond-keys to it).
public struct KeyServiceCommand: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "transitiond-keys",
        abstract: "Presses keys on a virtual uinput keyboard for the user of the seat's active session.",
        discussion: """
            Serves transitiond-keys.socket (socket activation), or --socket when started by hand. \
            Each request line `keys +CODE -CODE ...` is pressed whole or refused: only ordinary keys \
            and modifiers (never power, sleep, brightness, rfkill or eject keys, the magic SysRq or \
            Ctrl+Alt+Delete), only for root and processes in the seat's active session while it is \
            unlocked (asked of logind for each request), at most \(KeyService.burst) \
            key strokes at once and \(KeyService.strokesPerSecond) a second. A connection is closed \
            at once when its user may not press keys, past \(KeyService.maxConnectionsPerUID) of one \
            user or \(KeyService.maxConnections) in all, and after \(KeyService.idleSeconds) s without \
            a request. See docs/service.md.
            """,
        version: DaemonVersion.string)

    @Option(name: .long, help: ArgumentHelp("Bind this socket (mode 0660) when not started by transitiond-keys.socket.", valueName: "PATH"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("The seat whose active session's user may press keys.", valueName: "SEAT"))
    var seat: String = "seat0"

    @Option(name: .long, help: ArgumentHelp("Log level: trace, debug (adds each request's key codes), info, notice, warning, error.", valueName: "LEVEL"))
    var logLevel: String = "info"

    public func run() throws {
        JournalLogging.bootstrap(level: Logger.Level(rawValue: logLevel) ?? .info)
        let logger = Logger(label: "transitiond-keys")
        do {
            try serve(logger: logger)
        } catch {
            logger.critical("\(error)")
            throw ExitCode(1)
        }
    }

    private func serve(logger: Logger) throws {
        let notifier = SystemdNotifier()
        let activated = SocketActivation.inspect()
        for rejected in activated.rejected {
            logger.warning("ignoring \(rejected)")
            close(rejected.fd)
        }
        let listener: UnixListener
        if let fd = activated.accepted.first {
            listener = try UnixListener.adopt(fd: fd)
        } else if let socket {
            listener = try UnixListener.bind(path: socket, mode: 0o660)
        } else {
            throw ValidationError("no socket: start transitiond-keys.socket, or give --socket PATH")
        }
        let keyboard: UinputKeyboard
        do {
            keyboard = try UinputKeyboard()
        } catch {
            guard error.errno == EACCES || error.errno == EPERM else { throw error }
            throw ValidationError("\(error): /dev/uinput must be root:transitiond-keys 0660 for this user (uid \(getuid())); "
                + "the package's udev rule 70-transitiond-keys.rules does it: udevadm trigger --sysname-match=uinput (docs/service.md)")
        }
        let loop = try EventLoop()
        let sessions: LogindSessionSource?
        switch LogindSessionSource.presence() {
        case .running:
            sessions = LogindSessionSource(seat: seat, logger: logger)
        case .absent(let why):
            sessions = nil
            logger.warning("logind does not run (\(why)): only root may press keys")
        }
        let service = KeyService(loop: loop, listener: listener, keyboard: keyboard, sessions: sessions, seat: seat, logger: logger)
        try service.start()
        for signal in [SIGTERM, SIGINT] {
            try loop.onSignal(signal) { loop.stop() }
        }
        logger.info("keyboard \(keyboard.devnode) (\(UinputKeyboard.name)) on \(listener.boundPath ?? "fd \(listener.fd)"); \(seat): active session \(service.sessionDescription); rate limit \(KeyService.burst) key strokes, \(KeyService.strokesPerSecond)/s")
        notifier.ready(status: "keyboard \(keyboard.devnode)")
        try loop.run()
        notifier.stopping()
        service.stop()
        listener.close()
    }
}
