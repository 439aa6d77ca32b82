// SPDX-License-Identifier: MIT
/// Whether logind manages seats on this machine, as the daemon found at startup.
public enum LogindPresence: Sendable, Hashable {
    /// logind runs: sessions and seats can be followed.
    case running
    /// It does not; the reason says what was missing ("systemd is not PID 1").
    case absent(String)
}
