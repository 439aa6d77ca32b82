// SPDX-License-Identifier: MIT
import Glibc

/// The system's user database, for the user names in `[access] always`.
public enum SystemUsers {
    /// The uid of user `name` (getpwnam_r: /etc/passwd and NSS), `nil` when there is none.
    @Sendable public static func uid(named name: String) -> UInt32? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        let r = getpwnam_r(name, &entry, &buffer, buffer.count, &result)
        guard r == 0, result != nil else { return nil }
        return entry.pw_uid
    }
}
