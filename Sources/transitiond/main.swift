// SPDX-License-Identifier: MIT
// One binary for both tools, so the Swift runtime linked into it is shipped once: started as
// `transitionctl` (the package's link to this file) it is the client, otherwise the daemon.
import ArgumentParser
import TransitionCtl
import TransitionDaemon

if MultiCall.invokedName(CommandLine.arguments.first) == "transitionctl" {
    TransitionCtl.main()
} else {
    TransitiondCommand.main()
}
