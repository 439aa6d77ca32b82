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
}
