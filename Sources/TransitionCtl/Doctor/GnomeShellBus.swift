// SPDX-License-Identifier: MIT
import CSystemd
import Glibc
import TransitionIO

/// The running GNOME Shell's version, from its `ShellVersion` property on the session bus
/// (`org.gnome.Shell` at `/org/gnome/Shell`: GNOME/gnome-shell `js/ui/shellDBus.js`, which gives
/// `Config.PACKAGE_VERSION`, and `data/dbus-interfaces/org.gnome.Shell.xml`). It is the shell that
/// runs, not one installed since: `gnome-shell --version` would start a process and name the
/// installed binary, and no file under /usr/share/gnome-shell holds the version.
///
/// The runner has no bus connection of its own, so this is one synchronous call at start and
/// after each reload, on GNOME only: a connection of its own (sd-bus, `sd_bus_open_user`), the
/// call, and waiting with `sd_bus_wait` for at most ``timeoutUs`` in all, connecting and
/// authenticating included. Past that the version is unknown and the runner goes on.
enum GnomeShellBus {
    /// The most the call may take: 500 ms.
    static let timeoutUs: UInt64 = 500_000

    /// The version string, or why there is none ("no reply from org.gnome.Shell in 500 ms"):
    /// from the session bus, or the bus at `address` (tests give a private one).
    static func shellVersion(address: String? = nil, timeoutUs: UInt64 = timeoutUs) -> Result<String, DoctorError> {
        let deadline = MonotonicClock.nowUs() + timeoutUs
        var bus: OpaquePointer?
        var r = address.map { open(&bus, address: $0) } ?? sd_bus_open_user(&bus)
        guard r >= 0, let bus else {
            if r == -ENOMEDIUM { return .failure(DoctorError(message: "no session bus (neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set)")) }
            return .failure(error("no session bus", -r))
        }
        defer { sd_bus_close_unref(bus) }

        var call: OpaquePointer?
        r = sd_bus_message_new_method_call(bus, &call, "org.gnome.Shell", "/org/gnome/Shell",
                                           "org.freedesktop.DBus.Properties", "Get")
        guard r >= 0, let call else { return .failure(error("cannot ask org.gnome.Shell", -r)) }
        defer { sd_bus_message_unref(call) }
        for argument in ["org.gnome.Shell", "ShellVersion"] {
            r = argument.withCString { sd_bus_message_append_basic(call, CChar(UInt8(ascii: "s")), $0) }
            guard r >= 0 else { return .failure(error("cannot ask org.gnome.Shell", -r)) }
        }

        let reply = Reply()
        return withExtendedLifetime(reply) {
            // The slot goes with the bus (deferred above), before `reply` may.
            r = sd_bus_call_async(bus, nil, call, { message, userdata, _ in
                guard let message, let userdata else { return 0 }
                Unmanaged<Reply>.fromOpaque(userdata).takeUnretainedValue().result = GnomeShellBus.read(message)
                return 0
            }, Unmanaged.passUnretained(reply).toOpaque(), timeoutUs)
            guard r >= 0 else { return .failure(error("cannot ask org.gnome.Shell", -r)) }
            while reply.result == nil {
                r = sd_bus_process(bus, nil)
                guard r >= 0 else { return .failure(error("the session bus failed", -r)) }
                if r > 0 { continue }
                let now = MonotonicClock.nowUs()
                guard now < deadline else { return .failure(DoctorError(message: "no reply from org.gnome.Shell in \(timeoutUs / 1000) ms")) }
                r = sd_bus_wait(bus, deadline - now)
                guard r >= 0 || r == -EINTR else { return .failure(error("the session bus failed", -r)) }
            }
            return reply.result ?? .failure(DoctorError(message: "no reply from org.gnome.Shell"))
        }
    }

    /// A client connection to the bus at `address`, started (not waiting for it).
    private static func open(_ bus: inout OpaquePointer?, address: String) -> Int32 {
        var r = sd_bus_new(&bus)
        guard r >= 0, let opened = bus else { return r }
        r = sd_bus_set_address(opened, address)
        if r >= 0 { r = sd_bus_set_bus_client(opened, 1) }
        if r >= 0 { r = sd_bus_start(opened) }
        if r < 0 {
            sd_bus_unref(opened)
            bus = nil
        }
        return r
    }

    /// The reply's version, or the error it carries.
    private static func read(_ message: OpaquePointer) -> Result<String, DoctorError> {
        if sd_bus_message_is_method_error(message, nil) != 0 {
            guard let e = sd_bus_message_get_error(message), let name = e.pointee.name.map({ String(cString: $0) }) else {
                return .failure(DoctorError(message: "org.gnome.Shell answered with an error"))
            }
            if name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner" {
                return .failure(DoctorError(message: "org.gnome.Shell is not on the session bus"))
            }
            return .failure(DoctorError(message: "org.gnome.Shell: \(e.pointee.message.map { String(cString: $0) } ?? name)"))
        }
        var text: UnsafePointer<CChar>?
        guard sd_bus_message_enter_container(message, CChar(UInt8(ascii: "v")), "s") >= 0,
              sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &text) >= 0, let text else {
            return .failure(DoctorError(message: "org.gnome.Shell's ShellVersion is not a string"))
        }
        return .success(String(cString: text))
    }

    private static func error(_ what: String, _ code: Int32) -> DoctorError {
        DoctorError(message: "\(what) (\(String(cString: strerror(code))))")
    }

    /// Where the reply lands.
    private final class Reply {
        var result: Result<String, DoctorError>?
    }
}
