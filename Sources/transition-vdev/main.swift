// SPDX-License-Identifier: MIT
import ArgumentParser

TransitionVdev.main()
