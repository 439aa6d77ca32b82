// SPDX-License-Identifier: MIT
import ArgumentParser
import Glibc
import TransitionActions
import TransitionConfig
import TransitionCore
import TransitionDesktop
import TransitionProtocol
import TransitionRunner
import TransitionIO

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
            then follows the desktop's focus (X11, wlroots compositors, KDE Plasma through a KWin \
            script, GNOME on Wayland through transitiond's GNOME Shell extension). See docs/actions.md.

            It also sends your own gesture settings (default $XDG_CONFIG_HOME/transitiond/config.toml: \
            bindings, distances, thresholds, animations over the system's configuration) to \
            transitiond when it connects and whenever the file changes; transitiond applies them \
            while your session is the active one and names the line of every problem. See \
            docs/configuration.md, "User settings".

            Exit status: 0 stopped by SIGTERM or SIGINT, or --check found no problem; 1 the file \
            has problems (--check) or cannot be read; 64 bad usage; 77 started as root without \
            --allow-root.
            """)

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .long, help: ArgumentHelp("The actions file.", valueName: "FILE"))
    var actions: String?

    /// `--config`, the old name of `--actions` (hidden: `transitiond --config` is the daemon's file).
    @Option(name: .customLong("config"), help: .hidden)
    var oldActions: String?

    /// The actions file given, by either name.
    var config: String? { actions ?? oldActions }

    @Option(name: .long, help: ArgumentHelp("Your gesture settings, sent to transitiond.", valueName: "FILE"))
    var settings: String?

    @Flag(name: .long, help: "Check the actions file and the settings file, print what is wrong, and exit: transition names and thresholds against the running daemon, else the system's configuration.")
    var check = false

    @Flag(name: .long, help: "Run even as root (commands then run as root).")
    var allowRoot = false

    @Flag(name: .long, help: "Log every command started and every exit, keys pressed and focus changes.")
    var verbose = false

    func validate() throws {
        if actions != nil && oldActions != nil { throw ValidationError("--actions and --config (its old name) exclude each other") }
    }

    func run() throws {
        let environment = ProcessEnvironment.values([SocketLocation.environmentVariable, "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "HOME"])
        guard let path = config ?? ActionsDecoder.defaultPath(environment: environment) else {
            throw ValidationError("no --actions, and neither $XDG_CONFIG_HOME nor $HOME is set")
        }
        let settingsPath = settings ?? UserSettings.defaultPath(environment: environment)
        if check {
            var failed = false
            if ActionsDecoder.exists(path) || settings == nil || config != nil {
                do {
                    let (file, _) = try ActionsDecoder.load(path: path, keysyms: .xkbcommon)
                    let refusedKeys = KeysActionCheck.problems(in: file)
                    for problem in refusedKeys { Terminal.error(problem) }
                    let candidates = SocketLocation.clientCandidates(explicit: connection.socket, environment: environment, uid: getuid())
                    let namesOK = Self.checkTransitions(file, path: path, candidates: candidates, settingsPath: settingsPath)
                    failed = !refusedKeys.isEmpty || !namesOK
                } catch {
                    Terminal.error("\(error)")
                    failed = true
                }
            }
            if let settingsPath, ConfigFile.exists(settingsPath) || settings != nil {
                failed = !Self.checkSettings(settingsPath) || failed
            }
            if failed { throw ExitCode(1) }
            return
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
                (initial, text) = try ActionsDecoder.load(path: path, keysyms: .xkbcommon)
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
            let desktop = DesktopSession(environment: ProcessEnvironment.values(["WAYLAND_DISPLAY", "DISPLAY", "XDG_CURRENT_DESKTOP"]))
            runner = try ActionRunner(options: .init(configPath: path, candidates: candidates, verbose: verbose, desktop: desktop,
                                                     settingsPath: settingsPath, surroundings: .current),
                                      initial: initial, text: text)
        } catch {
            Terminal.error("transitionctl run: \(error.message)")
            throw ExitCode(1)
        }
        let status = runner.run()
        if status != 0 { throw ExitCode(status) }
    }

    /// Checks the settings file over the system's configuration (the built-in one when
    /// /etc/transitiond/config.toml is absent or unreadable), as transitiond will.
    private static func checkSettings(_ path: String) -> Bool {
        let system: DaemonConfiguration
        let against: String
        do {
            let loaded = try ConfigLoader.loadSystem()
            system = loaded.configuration
            against = loaded.path ?? "the built-in configuration"
        } catch {
            system = .builtIn
            against = "the built-in configuration (\(ConfigLoader.defaultPath) cannot be read)"
        }
        do {
            let settings = try UserSettings.load(path: path)
            let merged = try settings.applied(to: system)
            Terminal.out("\(path): OK over \(against), \(merged.engine.transitions.count) transitions\n")
            return true
        } catch {
            Terminal.error("\(error)")
            return false
        }
    }
}
