// SPDX-License-Identifier: MIT
#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads, the one loop that the trace reader, the configuration loader and
/// `transitionctl` share: `read(2)` in 64 KiB chunks until the end, retrying on `EINTR`.
package enum FileBytes {
    /// Why a read failed: the step that failed with its `errno`, or the size limit passed.
    package enum Failure: Error, Equatable {
        case open(errno: Int32)
        case read(errno: Int32)
        case tooLarge(limit: Int)

        /// The system call that failed (`open`, `read`), or `read` for a file over the limit.
        package var operation: String {
            switch self {
            case .open: "open"
            case .read, .tooLarge: "read"
            }
        }

        /// `strerror` of the failed call, or the limit passed.
        package var reason: String {
            switch self {
            case .open(let code), .read(let code): String(cString: strerror(code))
            case .tooLarge(let limit): "larger than \(limit) bytes"
            }
        }
    }

    /// The bytes of the file at `path`; more than `limit` bytes throws ``Failure/tooLarge(limit:)``.
    package static func read(path: String, limit: Int = .max) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .open(errno: errno) }
        defer { close(fd) }
        return try read(fd: fd, limit: limit)
    }

    /// Everything left to read on `fd` (left open); more than `limit` bytes throws
    /// ``Failure/tooLarge(limit:)``.
    package static func read(fd: Int32, limit: Int = .max) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .read(errno: errno)
            }
            if n == 0 { return result }
            result += chunk[0..<n]
            if result.count > limit { throw .tooLarge(limit: limit) }
        }
    }
}
