// SPDX-License-Identifier: MIT
// `transitionctl` for development builds; installed, it is a link to `transitiond`, which runs
// the same command when started under this name.
import ArgumentParser
import TransitionCtl

TransitionCtl.main()
