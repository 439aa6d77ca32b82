// SPDX-License-Identifier: MIT
/// The name a multi-call binary was started under.
public enum MultiCall {
    /// The last path component of `argv0` (`/usr/bin/transitionctl` → `transitionctl`), or
    /// `nil` without one.
    public static func invokedName(_ argv0: String?) -> String? {
        guard let argv0, !argv0.isEmpty else { return nil }
        return argv0.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
    }
}
