import ArgumentParser

/// `transitionctl`: watch and drive transitiond from a terminal or a script.
@main
struct TransitionCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transitionctl",
        abstract: "Watch and drive transitiond's interactive transitions.",
        discussion: """
            Connects to the socket given by --socket, else $TRANSITIOND_SOCKET, else \
            $XDG_RUNTIME_DIR/transitiond/transitiond.sock, else /run/transitiond/transitiond.sock.

            Exit status: 0 success; 1 transitiond refused the request; 2 a waited-for run was \
            cancelled; 64 bad usage; 69 transitiond is unreachable; 76 the connection broke or \
            transitiond sent something unreadable.
            """,
        version: "0.1.0",
        subcommands: [Watch.self, List.self, Status.self, Devices.self, Trigger.self, Cancel.self])
}
