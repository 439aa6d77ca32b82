// SPDX-License-Identifier: MIT
// The client library times animations with the IO layer's monotonic clock, so its
// users get TransitionIO with it.
@_exported public import TransitionIO
