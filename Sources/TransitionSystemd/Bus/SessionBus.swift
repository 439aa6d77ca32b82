// SPDX-License-Identifier: MIT
import CSystemd
import Glibc
import TransitionIO

/// The runner's client of the user's session bus (sd-bus): what asks GNOME Shell its version and
/// what follows focus through KWin. Nothing here waits without a bound: connecting does not wait
/// for the bus (sd-bus authenticates as the connection is processed), and ``call(_:_:_:_:_:timeoutUs:read:)``
/// and ``wait(timeoutUs:until:)`` process the connection and wait on it until a deadline.
/// (`sd_bus_call` would not do: its wait for the bus's handshake has no bound of its own.)
/// Between those, the connection's descriptor is the caller's to watch, and ``dispatch()`` handles
/// what came.
public final class SessionBus {
    /// The sd-bus connection, for exporting objects and adding matches.
    public let handle: OpaquePointer

    /// Connects to the session bus at `address`, or else the user's
    /// (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
    public init(address: String? = nil) throws(SessionBusError) {
        var bus: OpaquePointer?
        var r: Int32
        if let address {
            r = sd_bus_new(&bus)
            if r >= 0, let bus {
                r = sd_bus_set_address(bus, address)
                if r >= 0 { r = sd_bus_set_bus_client(bus, 1) }
                if r >= 0 { r = sd_bus_start(bus) }
                if r < 0 { sd_bus_unref(bus) }
            }
        } else {
            r = sd_bus_open_user(&bus)
        }
        guard r >= 0, let bus else {
            if r == -ENOMEDIUM {
                throw SessionBusError("no session bus (neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set)")
            }
            throw SessionBusError("no session bus (\(Self.describe(-r)))")
        }
        handle = bus
    }

    /// Closes without flushing (`sd_bus_flush` waits for the bus without a bound): call
    /// ``flush(timeoutUs:)`` first to send what is queued.
    deinit { sd_bus_close_unref(handle) }

    /// The connection's descriptor, to watch for reading.
    public var fileDescriptor: Int32 { sd_bus_get_fd(handle) }

    /// This connection's unique name (":1.42"), once the bus has said it (after a call); nil
    /// before (asking sd-bus then would wait for the bus without a bound).
    public var uniqueName: String? {
        guard sd_bus_is_ready(handle) > 0 else { return nil }
        var name: UnsafePointer<CChar>?
        return sd_bus_get_unique_name(handle, &name) >= 0 ? name.map { String(cString: $0) } : nil
    }

    /// Sends what is queued, processing and waiting at most `timeoutUs`.
    public func flush(timeoutUs: UInt64) {
        _ = try? wait(timeoutUs: timeoutUs) {
            var queued: UInt64 = 0
            return sd_bus_get_n_queued_write(handle, &queued) >= 0 && queued == 0
        }
    }

    /// Handles everything read or readable now, without blocking (matches and exported objects
    /// run). Returns nil, or the error that broke the connection.
    public func dispatch() -> SessionBusError? {
        while true {
            let r = sd_bus_process(handle, nil)
            if r == 0 { return nil }
            if r < 0 { return SessionBusError("the session bus connection broke (\(Self.describe(-r)))") }
        }
    }

    /// Processes the connection, waiting on it, until `done` holds or `timeoutUs` pass.
    /// - Returns: whether `done` held.
    public func wait(timeoutUs: UInt64, until done: () -> Bool) throws(SessionBusError) -> Bool {
        let deadline = MonotonicClock.nowUs() + timeoutUs
        while true {
            if let error = dispatch() { throw error }
            if done() { return true }
            let now = MonotonicClock.nowUs()
            guard now < deadline else { return false }
            let r = sd_bus_wait(handle, deadline - now)
            guard r >= 0 || r == -EINTR else { throw SessionBusError("the session bus connection broke (\(Self.describe(-r)))") }
        }
    }

    /// Calls `destination` `path` `interface`.`member` with string arguments, processing the
    /// connection (exported objects and matches run meanwhile) until the reply comes or
    /// `timeoutUs` pass, and reads the reply with `read` (nil: a reply of another shape).
    public func call<T>(_ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [String] = [],
                        timeoutUs: UInt64, read: (OpaquePointer) -> T?) throws(SessionBusError) -> T {
        try call(destination, path, interface, member, appending: { message in
            for argument in arguments {
                let r = argument.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }
                guard r >= 0 else { return r }
            }
            return 0
        }, timeoutUs: timeoutUs, read: read)
    }

    /// ``call(_:_:_:_:_:timeoutUs:read:)`` whose arguments `append` writes into the message
    /// (returning sd-bus's negated errno on failure, else 0 or more).
    public func call<T>(_ destination: String, _ path: String, _ interface: String, _ member: String,
                        appending append: (OpaquePointer) -> Int32,
                        timeoutUs: UInt64, read: (OpaquePointer) -> T?) throws(SessionBusError) -> T {
        var message: OpaquePointer?
        var r = sd_bus_message_new_method_call(handle, &message, destination, path, interface, member)
        guard r >= 0, let message else { throw SessionBusError("cannot call \(member) (\(Self.describe(-r)))") }
        defer { sd_bus_message_unref(message) }
        r = append(message)
        guard r >= 0 else { throw SessionBusError("cannot call \(member) (\(Self.describe(-r)))") }
        let reply = PendingReply()
        var slot: OpaquePointer?
        r = sd_bus_call_async(handle, &slot, message, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            Unmanaged<PendingReply>.fromOpaque(userdata).takeUnretainedValue().message = sd_bus_message_ref(message)
            return 1
        }, Unmanaged.passUnretained(reply).toOpaque(), timeoutUs)
        guard r >= 0, let slot else { throw SessionBusError("cannot call \(member) (\(Self.describe(-r)))") }
        // The slot goes before `reply` may: no callback can reach a freed box.
        defer { sd_bus_slot_unref(slot) }
        let answered = try withExtendedLifetime(reply) { () throws(SessionBusError) -> Bool in
            try wait(timeoutUs: timeoutUs) { reply.message != nil }
        }
        guard answered, let answer = reply.message else {
            throw SessionBusError("no reply from \(destination) in \(timeoutUs / 1000) ms")
        }
        if sd_bus_message_is_method_error(answer, nil) != 0 {
            let error = sd_bus_message_get_error(answer)
            let name = error?.pointee.name.map { String(cString: $0) }
            // sd-bus's own timer for the call ("Method call timed out") may fire first.
            if name == "org.freedesktop.DBus.Error.NoReply" {
                throw SessionBusError("no reply from \(destination) in \(timeoutUs / 1000) ms")
            }
            let text = error?.pointee.message.map { String(cString: $0) } ?? name ?? "an error"
            throw SessionBusError(text, name: name)
        }
        guard let value = read(answer) else { throw SessionBusError("\(destination) answered \(member) with a reply of another shape") }
        return value
    }

    /// Where a reply lands.
    private final class PendingReply {
        var message: OpaquePointer?
        deinit { message.map { _ = sd_bus_message_unref($0) } }
    }

    /// `strerror` of an sd-bus error (a negated errno, given here positive).
    public static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }
}

/// Why the session bus could not be reached or did not answer, in words for a log.
public struct SessionBusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What happened, e.g. "no reply from org.gnome.Shell in 500 ms".
    public var message: String
    /// The D-Bus error name of an error reply ("org.freedesktop.DBus.Error.ServiceUnknown").
    public var name: String?
    /// An error with its message and, for an error reply, its name.
    public init(_ message: String, name: String? = nil) {
        self.message = message
        self.name = name
    }
    public var description: String { message }

    /// Whether the reply said the destination has no owner on the bus.
    public var isNoOwner: Bool {
        name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner"
    }
}
