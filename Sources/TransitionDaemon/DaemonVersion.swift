// SPDX-License-Identifier: MIT
import TransitionProtocol

/// The daemon's version, reported by `--version`, `hello` and `status`.
///
/// The release number itself is `TransitiondVersion.string` (TransitionProtocol), the one
/// place it is written: transitionctl and `scripts/package` read it from there too.
public enum DaemonVersion {
    /// e.g. "0.1.0".
    public static let string = TransitiondVersion.string
}
