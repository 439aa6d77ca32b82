// SPDX-License-Identifier: MIT
import CSystemd
public import TransitionIO

/// A signal match on an sd-bus connection: the one way the project adds one, on the system bus
/// (``LockedHintWatcher``, ``SleepWatcher``) as on the session bus (KWin's focus).
public enum BusMatch {
    /// Adds a match on `bus` (asynchronously: nothing waits for the bus); `handler` gets each
    /// matching message while the returned slot lives. Unref the slot to remove the match (the
    /// handler goes with it).
    public static func add(_ bus: OpaquePointer, rule: String,
                           _ handler: @escaping (OpaquePointer) -> Void) throws(SystemError) -> OpaquePointer {
        let box = Unmanaged.passRetained(MatchHandler(handler))
        var slot: OpaquePointer?
        let r = sd_bus_add_match_async(bus, &slot, rule, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            Unmanaged<MatchHandler>.fromOpaque(userdata).takeUnretainedValue().handler(message)
            return 0
        }, nil, box.toOpaque())
        guard r >= 0, let slot else {
            box.release()
            throw SystemError("sd_bus_add_match_async(\(rule))", errno: -r)
        }
        // The handler lives as long as the slot.
        sd_bus_slot_set_destroy_callback(slot) { userdata in
            if let userdata { Unmanaged<MatchHandler>.fromOpaque(userdata).release() }
        }
        return slot
    }
}

/// A match's handler, retained by its slot until the slot goes.
private final class MatchHandler {
    let handler: (OpaquePointer) -> Void
    init(_ handler: @escaping (OpaquePointer) -> Void) { self.handler = handler }
}
