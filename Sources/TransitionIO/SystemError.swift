// SPDX-License-Identifier: MIT
import CLinux
import Glibc

/// A system call failed.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done, e.g. "epoll_create1".
    public var operation: String
    public var errno: Int32
    /// Captures the calling thread's current `errno` unless one is given.
    public init(_ operation: String, errno: Int32? = nil) {
        self.operation = operation
        self.errno = errno ?? clinux_errno()
    }
    public var description: String { "\(operation): \(String(cString: strerror(errno)))" }
}
