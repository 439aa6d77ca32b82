// SPDX-License-Identifier: MIT
// The server runs on the IO layer's event loop and reports its failures as SystemError, so its
// users get TransitionIO with it.
@_exported public import TransitionIO
