// SPDX-License-Identifier: MIT
import CLinux
import Glibc

/// Readiness of a file descriptor, as epoll reports it.
public struct IOEvents: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let readable = IOEvents(rawValue: UInt32(EPOLLIN.rawValue))
    public static let writable = IOEvents(rawValue: UInt32(EPOLLOUT.rawValue))
    /// The peer hung up or shut down its writing side (always reported, whether asked for or not).
    public static let hangup = IOEvents(rawValue: UInt32(EPOLLHUP.rawValue))
    /// An error condition on the descriptor (always reported).
    public static let error = IOEvents(rawValue: UInt32(EPOLLERR.rawValue))

    /// Translates epoll's bits: EPOLLRDHUP (peer closed its end) is reported as ``hangup``.
    init(epoll bits: UInt32) {
        var raw = bits & ~UInt32(EPOLLRDHUP.rawValue)
        if bits & UInt32(EPOLLRDHUP.rawValue) != 0 { raw |= UInt32(EPOLLHUP.rawValue) }
        self.init(rawValue: raw)
    }
}

/// Identifies a watched file descriptor.
public struct WatchID: Hashable, Sendable {
    let raw: UInt64
}

/// Identifies a scheduled timer.
public struct TimerID: Hashable, Sendable {
    let raw: UInt64
}
