// SPDX-License-Identifier: MIT
import Glibc
import TransitionFiles

/// Whether this process's user namespace maps every uid, as `/proc/self/uid_map` says.
///
/// Under systemd's `PrivateUsers=yes` it maps only root and the service's own user: the kernel
/// then reports every other peer's uid (SO_PEERCRED) as the overflow uid
/// (`/proc/sys/kernel/overflowuid`, 65534), so the daemon cannot tell one user from another.
public enum UserNamespaceMap {
    /// The overflow uid when some uids are unmapped in this namespace; `nil` when all are
    /// (the initial namespace: `0 0 4294967295`) or the map cannot be read.
    public static func unmappedPeerUID() -> UInt32? {
        guard let map = read("/proc/self/uid_map") else { return nil }
        return isComplete(map) ? nil : overflowUID()
    }

    /// Whether a `uid_map`'s text maps all 2³² − 1 uids.
    static func isComplete(_ map: String) -> Bool {
        var total: UInt64 = 0
        for line in map.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 3, let count = UInt64(fields[2]) else { continue }
            total += count
        }
        return total >= 4_294_967_295
    }

    /// The kernel's overflow uid (65534 unless changed).
    static func overflowUID() -> UInt32 {
        read("/proc/sys/kernel/overflowuid").flatMap { UInt32($0.filter { !$0.isWhitespace }) } ?? 65534
    }

    /// A `uid_map` as text, for the log.
    public static func describe() -> String {
        (read("/proc/self/uid_map") ?? "").split(separator: "\n")
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .joined(separator: "; ")
    }

    private static func read(_ path: String) -> String? {
        (try? FileBytes.read(path: path, limit: 1 << 16)).map { String(decoding: $0, as: UTF8.self) }
    }
}
