// SPDX-License-Identifier: MIT
public import Glibc

/// Unix socket addresses: the one place a `sockaddr_un` is made.
public enum UnixAddress {
    /// The longest socket path a `sockaddr_un` holds.
    public static let maxPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Whether `path` fits in a `sockaddr_un`: 1 to ``maxPathBytes`` bytes, no NUL.
    public static func fits(_ path: String) -> Bool {
        let count = path.utf8.count
        return count > 0 && count <= maxPathBytes && !path.utf8.contains(0)
    }

    /// Builds a `sockaddr_un` for `path` and runs `body` with it; `nil` when the path does not fit
    /// (107 bytes at most), is empty or holds a NUL.
    public static func with<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        guard fits(path) else { return nil }
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// Builds a `sockaddr_un` for the abstract name `@name` (a NUL, then the name, no terminator)
    /// and runs `body` with it; `nil` when the name is empty, too long or holds a NUL.
    public static func withAbstract<R>(_ name: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R? {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count < maxPathBytes, !bytes.contains(0) else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw[0] = 0
            for (i, byte) in bytes.enumerated() { raw[i + 1] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + bytes.count)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
