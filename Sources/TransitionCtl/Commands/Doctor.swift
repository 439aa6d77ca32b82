// SPDX-License-Identifier: MIT
import ArgumentParser
import Glibc
import TransitionActions
import TransitionDesktop
import TransitionClient
import TransitionImport
import TransitionProtocol
import TransitionIO

/// `transitionctl doctor`: what stands between a user and working gestures.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the setup: the daemon, your access, devices, the actions file, and gestures the desktop or other tools act on too.",
        discussion: """
            Asks transitiond for its transitions, devices and clients, reads the actions file, and \
            names every bound gesture that the running desktop (XDG_CURRENT_DESKTOP: GNOME, KDE, \
            Hyprland, niri, COSMIC, Cinnamon) also acts on, with the way out: other fingers, or \
            the setting or config line that turns the desktop's gesture off. On GNOME it asks \
            the running GNOME Shell for its version on the session bus (500 ms at most), whose \
            rules differ before 40, from 40 to 46 and from 47, and says whether transitiond's \
            GNOME Shell extension is installed, enabled and connected (the gestures it takes \
            are no longer GNOME's: docs/gnome.md); on Hyprland it reads \
            hyprland.conf and the files its `source =` lines name. It also names \
            clients that act on gestures themselves: Touchégg clients connected to transitiond's \
            @touchegg, and a running Touchégg client, fusuma or libinput-gestures. See \
            docs/actions.md, "The desktop's own gestures".

            Exit status: 0 nothing to fix; 1 something to fix (a gesture both act on, a client \
            acting on gestures, an actions file with errors); 69 transitiond is unreachable (the \
            rest is still checked).
            """)

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .long, help: ArgumentHelp("The actions file.", valueName: "FILE"))
    var actions: String?

    /// `--config`, the old name of `--actions`, as `run` has it.
    @Option(name: .customLong("config"), help: .hidden)
    var oldActions: String?

    var config: String? { actions ?? oldActions }

    func run() throws {
        let environment = ProcessEnvironment.values(RunningDesktop.variables + ["XDG_CONFIG_HOME", "HOME"]
                                                    + GnomeExtensionCheck.variables)
        let daemon = ask()
        let path = config ?? ActionsDecoder.defaultPath(environment: environment) ?? "actions.toml"
        let actions: DoctorReport.Actions
        if !ActionsDecoder.exists(path) {
            actions = .none(path: path)
        } else {
            do {
                actions = .loaded(path: path, file: try ActionsDecoder.load(path: path, keysyms: .xkbcommon).file)
            } catch {
                actions = .broken(path: path, error: "\(error)")
            }
        }
        let desktop = RunningDesktop(environment: environment)
        let served = (try? daemon.get())?.status?.counters["touchegg_clients"] != nil
        // On GNOME Shell: transitiond's extension, installed, enabled and connected (docs/gnome.md).
        let onGnome = desktop.gestures?.desktop.hasPrefix(DesktopGestureSet.gnome.desktop) == true
        let gnomeExtension = onGnome
            ? GnomeExtensionCheck.find(environment: environment, transitions: (try? daemon.get())?.hello.transitions) : nil
        let report = DoctorReport(daemon: daemon, actions: actions, desktopNames: desktop.names, desktop: desktop.gestures,
                                  runningTools: RunningTools.find(Files.processes()), touchegg: ToucheggEndpointCheck.find(served: served),
                                  gnomeExtension: gnomeExtension)
        Terminal.out(report.text)
        if case .failure = daemon { throw ExitCode(Failure.unreachable) }
        if report.hasProblems { throw ExitCode(1) }
    }

    /// The daemon's hello and status, on one connection.
    private func ask() -> Result<DoctorReport.Daemon, DoctorError> {
        let connection: LineConnection, hello: Hello
        do throws(ClientError) {
            connection = try LineConnection.connect(candidates: self.connection.candidates)
            hello = try connection.receiveHello()
        } catch {
            return .failure(DoctorError(message: "\(error)"))
        }
        var daemon = DoctorReport.Daemon(path: connection.path, hello: hello)
        if case .status(let status)? = try? perform(.status, on: connection).0 {
            daemon.status = status
            daemon.delivery = status.clients.first { $0.pid == getpid() }?.delivery
        }
        return .success(daemon)
    }

}
