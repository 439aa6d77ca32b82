// SPDX-License-Identifier: MIT
// One binary for every tool, so the Swift runtime linked into it is shipped once: started as
// `transitionctl` (the package's link to this file) it is the client, as `transitiond-keys` the
// uinput key service, otherwise the daemon.
import ArgumentParser
import TransitionCtl
import TransitionDaemon

switch MultiCall.invokedName(CommandLine.arguments.first) {
case "transitionctl": TransitionCtl.main()
case "transitiond-keys": KeyServiceCommand.main()
default: TransitiondCommand.main()
}
