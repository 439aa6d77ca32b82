// SPDX-License-Identifier: MIT
import ArgumentParser
import Glibc
import TransitionActions
import TransitionDesktop
import TransitionProtocol

/// `transitionctl run`: runs commands on transitions, from an actions file.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run commands on transitions: finish, cancel, steps, thresholds, progress piped to a program.",
        discussion: """
            Reads the actions file (default $XDG_CONFIG_HOME/transitiond/actions.toml) and runs its \
            commands as transitions begin, move, finish and cancel. The file is reloaded when it \
            changes and on SIGHUP; a broken file is reported and the actions loaded before are kept. \
            The runner reconnects when transitiond restarts. Actions may press keys (keys = \
            "super+Right") and apply to some applications only (app, apps, not_apps): the runner \
            then follows the desktop's focus (X11, wlroots compositors; not GNOME on Wayland, which \
            it says when it starts). See docs/actions.md.

            Exit status: 0 stopped by SIGTERM or SIGINT, or --check found no problem; 1 the file \
            has problems (--check) or cannot be read; 64 bad usage; 77 started as root without \
            --allow-root.
            """)

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .long, help: ArgumentHelp("The actions file.", valueName: "file"))
    var config: String?

    @Flag(name: .long, help: "Check the actions file, print what is wrong, and exit.")
    var check = false

    @Flag(name: .long, help: "Run even as root (commands then run as root).")
    var allowRoot = false

    @Flag(name: .long, help: "Log every command started and every exit, keys pressed and focus changes.")
    var verbose = false

    func run() throws {
        let environment = Self.environment()
        guard let path = config ?? ActionsDecoder.defaultPath(environment: environment) else {
            throw ValidationError("no --config, and neither $XDG_CONFIG_HOME nor $HOME is set")
        }
        if check {
            do {
                let (file, _) = try ActionsDecoder.load(path: path)
                Terminal.out("\(path): OK, \(file.actions.count) action\(file.actions.count == 1 ? "" : "s")\n")
                return
            } catch {
                Terminal.error("\(error)")
                throw ExitCode(1)
            }
        }
        if geteuid() == 0 && !allowRoot {
            Terminal.error("transitionctl run: refusing to run commands as root; run it in your user session (or pass --allow-root)")
            throw ExitCode(77)
        }
        let log = RunnerLog(verbose: verbose)
        var initial = ActionsFile(source: path)
        var text: String?
        if ActionsDecoder.exists(path) {
            do {
                (initial, text) = try ActionsDecoder.load(path: path)
            } catch {
                log.error("\(error)\nstarting without actions; fix the file and it is loaded")
            }
        } else if config != nil {
            Terminal.error("transitionctl run: \(path): no such file")
            throw ExitCode(1)
        } else {
            log.warning("no actions file at \(path) yet; it is loaded when it appears (see docs/actions.md)")
        }
        let candidates = SocketLocation.clientCandidates(explicit: connection.socket, environment: environment, uid: getuid())
        let runner: ActionRunner
        do {
            let desktop = DesktopSession(environment: Self.environment(names: ["WAYLAND_DISPLAY", "DISPLAY", "XDG_CURRENT_DESKTOP"]))
            runner = try ActionRunner(options: .init(configPath: path, candidates: candidates, verbose: verbose, desktop: desktop),
                                      initial: initial, text: text)
        } catch {
            Terminal.error("transitionctl run: \(error.message)")
            throw ExitCode(1)
        }
        let status = runner.run()
        if status != 0 { throw ExitCode(status) }
    }

    static func environment(names: [String] = [SocketLocation.environmentVariable, "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "HOME"])
        -> [String: String] {
        var result: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}
