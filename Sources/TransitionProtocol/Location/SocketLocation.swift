// SPDX-License-Identifier: MIT
/// Where the socket lives. Pure: the environment and uid are passed in.
///
/// The socket sits in a directory of its own, so its permissions (and a lock file beside it)
/// are the daemon's alone:
/// - under systemd, the socket unit (`systemd/transitiond.socket`) creates
///   `/run/transitiond/transitiond.sock` and passes it in (socket activation), so no path is
///   chosen here; a unit that sets `RuntimeDirectory=` instead gets `$RUNTIME_DIRECTORY/transitiond.sock`;
/// - as root, `/run/transitiond/transitiond.sock`;
/// - otherwise `$XDG_RUNTIME_DIR/transitiond/transitiond.sock`.
/// Clients honour `$TRANSITIOND_SOCKET` (like sway's `$SWAYSOCK`, niri's `$NIRI_SOCKET`), and
/// both sides take `--socket PATH`, which wins over everything.
public enum SocketLocation {
    /// The variable clients read to find the socket.
    public static let environmentVariable = "TRANSITIOND_SOCKET"
    /// The socket's file name inside its directory.
    public static let fileName = "transitiond.sock"
    /// The system-wide directory (root, or systemd's `RuntimeDirectory=transitiond`).
    public static let systemDirectory = "/run/transitiond"

    /// The path the server binds when no `--socket` is given, or `nil` when there is no
    /// runtime directory to put it in (a non-root user without `$XDG_RUNTIME_DIR`).
    public static func serverDefault(environment: [String: String], uid: UInt32) -> String? {
        if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, !runtime.isEmpty {
            return "\(runtime)/\(fileName)"
        }
        if uid == 0 { return "\(systemDirectory)/\(fileName)" }
        if let xdg = environment["XDG_RUNTIME_DIR"], !xdg.isEmpty { return "\(xdg)/transitiond/\(fileName)" }
        return nil
    }

    /// The paths a client tries, in order: `explicit` (from `--socket`) alone, else
    /// `$TRANSITIOND_SOCKET` alone, else a daemon run by this user, then the system daemon.
    public static func clientCandidates(explicit: String?, environment: [String: String], uid: UInt32) -> [String] {
        if let explicit, !explicit.isEmpty { return [explicit] }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty { return [fromEnvironment] }
        var candidates: [String] = []
        if uid != 0, let xdg = environment["XDG_RUNTIME_DIR"], !xdg.isEmpty {
            candidates.append("\(xdg)/transitiond/\(fileName)")
        }
        candidates.append("\(systemDirectory)/\(fileName)")
        return candidates
    }
}
