// SPDX-License-Identifier: MIT
import CSystemd
import Glibc

/// Reads a logind session's lock state (its `LockedHint`) for each key service request, on a
/// system-bus connection of its own that no event loop reads, waiting ``timeoutUs`` at most.
/// Anything but an answer (no bus, a timeout, an error reply) is ``KeyServiceAccess/LockState/unknown(_:)``:
/// the service then presses nothing. The connection is opened on the first request and opened
/// again after a failure.
final class SessionLockReader {
    /// The longest wait for logind's answer.
    static let timeoutUs: UInt64 = 250_000
    private var bus: OpaquePointer?

    deinit { if let bus { sd_bus_flush_close_unref(bus) } }

    /// The lock state of `session` now.
    func state(of session: String) -> KeyServiceAccess.LockState {
        if bus == nil {
            var opened: OpaquePointer?
            let r = sd_bus_open_system(&opened)
            guard r >= 0, let opened else { return .unknown("no system bus: \(String(cString: strerror(-r)))") }
            bus = opened
        }
        guard let bus else { return .unknown("no system bus") }
        let r = csystemd_get_locked_hint_now(bus, session, Self.timeoutUs)
        // Drop whatever else arrived (NameAcquired and the like): nothing reads this connection.
        while sd_bus_process(bus, nil) > 0 {}
        switch r {
        case 1: return .locked
        case 0: return .unlocked
        default:
            sd_bus_flush_close_unref(bus)
            self.bus = nil
            return .unknown(r == -ETIMEDOUT ? "logind did not answer within \(Self.timeoutUs / 1000) ms"
                                            : "logind's answer: \(String(cString: strerror(-r)))")
        }
    }
}
