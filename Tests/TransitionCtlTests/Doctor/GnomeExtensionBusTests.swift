// SPDX-License-Identifier: MIT
import CSystemd
import Foundation
import Glibc
import Testing
@testable import TransitionCtl

/// What the running GNOME Shell says of the extension, read from a real (private) session bus:
/// a stand-in for gnome-shell answers `GetExtensionInfo` with the `a{sv}` GNOME Shell 48 sends
/// (js/misc/extensionUtils.js `serializeExtension` at 48.0: the metadata's members, arrays
/// among them, then `type`, `state`, `enabled`, `path`, `error`…), and `transitionctl doctor`
/// reads its state and path, skipping the rest.
@Suite(.serialized) struct GnomeExtensionBusTests {
    /// A connection that owns `org.gnome.Shell` and answers `GetExtensionInfo` for the
    /// extension's uuid (an empty dictionary for any other), as the extension at `path`.
    final class StandIn {
        let bus: OpaquePointer
        private let path: UnsafeMutablePointer<CChar>

        init(address: String, path: String) throws {
            var bus: OpaquePointer?
            #expect(sd_bus_new(&bus) >= 0)
            self.bus = try #require(bus)
            #expect(sd_bus_set_address(self.bus, address) >= 0)
            #expect(sd_bus_set_bus_client(self.bus, 1) >= 0)
            #expect(sd_bus_start(self.bus) >= 0)
            #expect(sd_bus_request_name(self.bus, "org.gnome.Shell", 0) >= 0)
            self.path = strdup(path)
            #expect(sd_bus_add_object(self.bus, nil, "/org/gnome/Shell", { message, userdata, _ in
                guard let message, let userdata,
                      sd_bus_message_is_method_call(message, "org.gnome.Shell.Extensions", "GetExtensionInfo") > 0 else { return 0 }
                var uuid: UnsafePointer<CChar>?
                guard sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &uuid) >= 0, let uuid else { return -EIO }
                var reply: OpaquePointer?
                guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return -EIO }
                defer { sd_bus_message_unref(reply) }
                func code(_ c: String) -> CChar { CChar(c.utf8.first!) }
                func entry(_ key: String, _ type: String, _ append: () -> Void) {
                    sd_bus_message_open_container(reply, code("e"), "sv")
                    sd_bus_message_append_basic(reply, code("s"), key)
                    sd_bus_message_open_container(reply, code("v"), type)
                    append()
                    sd_bus_message_close_container(reply)
                    sd_bus_message_close_container(reply)
                }
                sd_bus_message_open_container(reply, code("a"), "{sv}")
                if String(cString: uuid) == GnomeExtensionCheck.uuid {
                    entry("uuid", "s") { sd_bus_message_append_basic(reply, code("s"), uuid) }
                    entry("shell-version", "av") {
                        sd_bus_message_open_container(reply, code("a"), "v")
                        for v in ["45", "48"] {
                            sd_bus_message_open_container(reply, code("v"), "s")
                            sd_bus_message_append_basic(reply, code("s"), v)
                            sd_bus_message_close_container(reply)
                        }
                        sd_bus_message_close_container(reply)
                    }
                    entry("type", "d") { var d = 1.0; sd_bus_message_append_basic(reply, code("d"), &d) }
                    entry("state", "d") { var d = 1.0; sd_bus_message_append_basic(reply, code("d"), &d) }
                    entry("enabled", "b") { var b: Int32 = 1; sd_bus_message_append_basic(reply, code("b"), &b) }
                    entry("path", "s") { sd_bus_message_append_basic(reply, code("s"), userdata) }
                    entry("error", "s") { sd_bus_message_append_basic(reply, code("s"), "") }
                }
                sd_bus_message_close_container(reply)
                return sd_bus_send(nil, reply, nil) < 0 ? -EIO : 1
            }, self.path) >= 0)
        }

        deinit {
            sd_bus_close_unref(bus)
            free(path)
        }

        /// Answers what comes until `process` exits.
        func serve(until process: Process) {
            while process.isRunning {
                while sd_bus_process(bus, nil) > 0 {}
                sd_bus_wait(bus, 20_000)
            }
        }
    }

    @Test func readsTheStateAndPathAndFindsTheUsersCopy() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (bus, address) = try GnomeShellBusTests.startBus(dir)
        defer { GnomeShellBusTests.stop(bus) }
        let installed = dir + "/data/gnome-shell/extensions/" + GnomeExtensionCheck.uuid
        try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: true)
        try "{}".write(toFile: installed + "/metadata.json", atomically: true, encoding: .utf8)
        let shell = try StandIn(address: address, path: installed)
        var environment = DoctorCommandTests.environment("GNOME", dir: dir)
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment["XDG_DATA_HOME"] = dir + "/data"
        environment["XDG_DATA_DIRS"] = dir + "/nothing"
        let log = dir + "/doctor.log"
        let doctor = try Binaries.start("transitionctl", ["doctor", "--socket", dir + "/none.sock"], log: log, environment: environment)
        shell.serve(until: doctor)
        let output = Binaries.read(log)
        #expect(output.contains("GNOME Shell extension transitiond@transitiond.github.io:\n"
            + "  installed: \(installed) (user)\n"
            + "  enabled: yes, loaded from \(installed)\n"
            + "  connected: unknown (transitiond did not answer)\n"), "\(output)")
    }
}
