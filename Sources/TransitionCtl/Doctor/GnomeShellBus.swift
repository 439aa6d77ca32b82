// SPDX-License-Identifier: MIT
import CSystemd
import TransitionDesktop
import TransitionSystemd

/// The running GNOME Shell's version, from its `ShellVersion` property on the session bus
/// (`org.gnome.Shell` at `/org/gnome/Shell`: GNOME/gnome-shell `js/ui/shellDBus.js`, which gives
/// `Config.PACKAGE_VERSION`, and `data/dbus-interfaces/org.gnome.Shell.xml`). It is the shell that
/// runs, not one installed since: `gnome-shell --version` would start a process and name the
/// installed binary, and no file under /usr/share/gnome-shell holds the version.
///
/// The runner has no bus connection of its own, so this is one synchronous call at start and
/// after each reload, on GNOME only: a ``SessionBus`` of its own and the call, waiting at most
/// ``timeoutUs`` in all, authenticating included (connecting to a local socket does not wait).
/// Past that the version is unknown and the runner goes on.
enum GnomeShellBus {
    /// The most the call may take: 500 ms.
    static let timeoutUs: UInt64 = 500_000

    /// The version string, or why there is none ("no reply from org.gnome.Shell in 500 ms"):
    /// from the session bus, or the bus at `address` (tests give a private one).
    static func shellVersion(address: String? = nil, timeoutUs: UInt64 = timeoutUs) -> Result<String, DoctorError> {
        do throws(SessionBusError) {
            let bus = try SessionBus(address: address)
            return .success(try bus.call("org.gnome.Shell", "/org/gnome/Shell", "org.freedesktop.DBus.Properties", "Get",
                                         ["org.gnome.Shell", "ShellVersion"], timeoutUs: timeoutUs) { reply in
                var text: UnsafePointer<CChar>?
                guard sd_bus_message_enter_container(reply, CChar(UInt8(ascii: "v")), "s") >= 0,
                      sd_bus_message_read_basic(reply, CChar(UInt8(ascii: "s")), &text) >= 0, let text else { return nil }
                return String(cString: text)
            })
        } catch {
            if error.isNoOwner { return .failure(DoctorError(message: "org.gnome.Shell is not on the session bus")) }
            if error.name != nil { return .failure(DoctorError(message: "org.gnome.Shell: \(error.message)")) }
            return .failure(DoctorError(message: error.message))
        }
    }

    /// What the running GNOME Shell says of the extension `uuid`: `GetExtensionInfo` of
    /// `org.gnome.Shell.Extensions` (data/dbus-interfaces/org.gnome.Shell.Extensions.xml, 43.9
    /// and 48.0: `a{sv}`, empty for an extension it has not loaded), bounded as
    /// ``shellVersion(address:timeoutUs:)``.
    static func extensionInfo(_ uuid: String, address: String? = nil,
                              timeoutUs: UInt64 = timeoutUs) -> Result<GnomeExtensionCheck.ShellInfo, DoctorError> {
        do throws(SessionBusError) {
            let bus = try SessionBus(address: address)
            return .success(try bus.call("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell.Extensions", "GetExtensionInfo",
                                         [uuid], timeoutUs: timeoutUs, read: readExtensionInfo))
        } catch {
            if error.isNoOwner { return .failure(DoctorError(message: "org.gnome.Shell is not on the session bus")) }
            if error.name != nil { return .failure(DoctorError(message: "org.gnome.Shell.Extensions: \(error.message)")) }
            return .failure(DoctorError(message: error.message))
        }
    }

    /// `state` (a double), `error` and `path` (strings) of an `a{sv}`; every other member (48's
    /// arrays and dictionaries among them) skipped.
    private static func readExtensionInfo(_ reply: OpaquePointer) -> GnomeExtensionCheck.ShellInfo? {
        func code(_ c: Character) -> CChar { CChar(UInt8(ascii: c.unicodeScalars.first!)) }
        guard sd_bus_message_enter_container(reply, code("a"), "{sv}") >= 0 else { return nil }
        var info = GnomeExtensionCheck.ShellInfo()
        while sd_bus_message_enter_container(reply, code("e"), "sv") > 0 {
            var key: UnsafePointer<CChar>?
            guard sd_bus_message_read_basic(reply, code("s"), &key) >= 0, let key else { return nil }
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            guard sd_bus_message_peek_type(reply, &type, &contents) >= 0, let contents else { return nil }
            switch (String(cString: key), String(cString: contents)) {
            case ("state", "d"):
                var value = 0.0
                guard sd_bus_message_enter_container(reply, code("v"), "d") >= 0,
                      sd_bus_message_read_basic(reply, code("d"), &value) >= 0,
                      sd_bus_message_exit_container(reply) >= 0 else { return nil }
                if value.isFinite, value >= 0, value < 1000 { info.state = Int(value) }
            case (let name, "s") where name == "error" || name == "path":
                var text: UnsafePointer<CChar>?
                guard sd_bus_message_enter_container(reply, code("v"), "s") >= 0,
                      sd_bus_message_read_basic(reply, code("s"), &text) >= 0, let text,
                      sd_bus_message_exit_container(reply) >= 0 else { return nil }
                if name == "error" { info.error = String(cString: text) } else { info.path = String(cString: text) }
            default:
                guard sd_bus_message_skip(reply, "v") >= 0 else { return nil }
            }
            guard sd_bus_message_exit_container(reply) >= 0 else { return nil }
        }
        guard sd_bus_message_exit_container(reply) >= 0 else { return nil }
        return info
    }
}
