// SPDX-License-Identifier: MIT
import CSystemd
import Foundation
import Glibc
import Testing
@testable import TransitionCtl
import TransitionTestSupport

/// GNOME Shell's version, and what it says of transitiond's extension, read from a real
/// (private) session bus: dbus-daemon, and a stand-in for gnome-shell that owns
/// `org.gnome.Shell` and answers `ShellVersion` and `GetExtensionInfo` as GNOME/gnome-shell
/// `js/ui/shellDBus.js` does.
@Suite(.serialized) struct GnomeShellBusTests {
    /// A private session bus under `dir`, and its address. Stop it with ``stop(_:)``.
    static func startBus(_ dir: String) throws -> (Process, String) {
        let socket = dir + "/bus"
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(socket)"]
        daemon.standardOutput = FileHandle.nullDevice
        try daemon.run()
        #expect(eventually { FileManager.default.fileExists(atPath: socket) })
        return (daemon, "unix:path=\(socket)")
    }

    /// Stops the bus: SIGKILL, since a child of the test process starts with SIGTERM blocked
    /// and dbus-daemon has no signalfd to read it from.
    static func stop(_ bus: Process) {
        kill(bus.processIdentifier, SIGKILL)
        bus.waitUntilExit()
    }

    /// A connection to the bus at `address` that owns `org.gnome.Shell`; with `version`, it
    /// answers `Get(org.gnome.Shell, ShellVersion)` whenever it is processed; with
    /// `extensionPath`, `GetExtensionInfo` of `org.gnome.Shell.Extensions` for transitiond's
    /// extension (an empty dictionary for any other uuid) with the `a{sv}` GNOME Shell 48 sends
    /// (js/misc/extensionUtils.js `serializeExtension` at 48.0: the metadata's members, arrays
    /// among them, then `type`, `state`, `enabled`, `path`, `error`…), as the extension loaded
    /// from that directory.
    final class StandIn {
        let bus: OpaquePointer
        private let version: UnsafeMutablePointer<CChar>?
        private let extensionPath: UnsafeMutablePointer<CChar>?

        init(address: String, version: String?, extensionPath: String? = nil) throws {
            var bus: OpaquePointer?
            #expect(sd_bus_new(&bus) >= 0)
            self.bus = try #require(bus)
            #expect(sd_bus_set_address(self.bus, address) >= 0)
            #expect(sd_bus_set_bus_client(self.bus, 1) >= 0)
            #expect(sd_bus_start(self.bus) >= 0)
            #expect(sd_bus_request_name(self.bus, "org.gnome.Shell", 0) >= 0)
            self.version = version.map { strdup($0) }
            if let copy = self.version {
                #expect(sd_bus_add_object(self.bus, nil, "/org/gnome/Shell", { message, userdata, _ in
                    guard let message, let userdata,
                          sd_bus_message_is_method_call(message, "org.freedesktop.DBus.Properties", "Get") > 0 else { return 0 }
                    var reply: OpaquePointer?
                    guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return -EIO }
                    defer { sd_bus_message_unref(reply) }
                    sd_bus_message_open_container(reply, CChar(UInt8(ascii: "v")), "s")
                    sd_bus_message_append_basic(reply, CChar(UInt8(ascii: "s")), userdata)
                    sd_bus_message_close_container(reply)
                    return sd_bus_send(nil, reply, nil) < 0 ? -EIO : 1
                }, copy) >= 0)
            }
            self.extensionPath = extensionPath.map { strdup($0) }
            if let extensionPath = self.extensionPath {
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
                }, extensionPath) >= 0)
            }
        }

        deinit {
            sd_bus_close_unref(bus)
            free(version)
            free(extensionPath)
        }

        /// Answers what comes until `process` exits.
        func serve(until process: Process) {
            while process.isRunning {
                while sd_bus_process(bus, nil) > 0 {}
                sd_bus_wait(bus, 20_000)
            }
        }
    }

    @Test func readsTheVersionTheRunningShellGives() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (bus, address) = try Self.startBus(dir)
        defer { Self.stop(bus) }
        let socket = dir + "/d.sock"
        let daemon = try Binaries.start("transitiond", ["--no-input", "--socket", socket], log: dir + "/daemon.log")
        defer { if daemon.isRunning { daemon.terminate(); daemon.waitUntilExit() } }
        #expect(eventually { FileManager.default.fileExists(atPath: socket) })

        for (version, expected) in [("46.2", "swipe3-left, swipe3-right: GNOME Shell 46.2 also switches workspaces (GNOME 40 to 46, with 3 fingers only). Way out: GNOME Shell has no setting that turns it off: bind pinches, holds or taps instead, or 4 fingers or more."),
                                    ("47.alpha", "swipe3-left, swipe3-right, swipe4-left, swipe4-right: GNOME Shell 47.alpha also switches workspaces (GNOME 47 and later, with 3 fingers or more).")] {
            let shell = try StandIn(address: address, version: version)
            var environment = DoctorCommandTests.environment("GNOME", dir: dir)
            environment["DBUS_SESSION_BUS_ADDRESS"] = address
            let log = dir + "/doctor-\(version).log"
            let doctor = try Binaries.start("transitionctl", ["doctor", "--socket", socket], log: log, environment: environment)
            shell.serve(until: doctor)
            let output = Binaries.read(log)
            #expect(output.contains("desktop: XDG_CURRENT_DESKTOP=GNOME (wayland) (GNOME Shell \(version))\n"), "\(output)")
            #expect(output.contains("\n  - " + expected), "\(output)")
        }
    }

    /// What the running GNOME Shell says of the extension (`GetExtensionInfo`): doctor reads its
    /// state and path from GNOME 48's `a{sv}`, skipping the rest, and finds the user's copy.
    @Test func readsWhatGnomeShellSaysOfTheExtension() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (bus, address) = try Self.startBus(dir)
        defer { Self.stop(bus) }
        let installed = dir + "/data/gnome-shell/extensions/" + GnomeExtensionCheck.uuid
        try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: true)
        try "{}".replaceFile(installed + "/metadata.json")
        let shell = try StandIn(address: address, version: "48.0", extensionPath: installed)
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

    @Test func saysWhyTheVersionIsUnknown() throws {
        let dir = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (bus, address) = try Self.startBus(dir)
        defer { Self.stop(bus) }
        #expect(GnomeShellBus.shellVersion(address: address).failureMessage == "org.gnome.Shell is not on the session bus")
        // A shell that owns its name but does not answer: the call gives up at its timeout.
        let silent = try StandIn(address: address, version: nil)
        #expect(GnomeShellBus.shellVersion(address: address, timeoutUs: 100_000).failureMessage
                == "no reply from org.gnome.Shell in 100 ms")
        withExtendedLifetime(silent) {}
        #expect(GnomeShellBus.shellVersion(address: "unix:path=\(dir)/none").failureMessage?.hasPrefix("no session bus (") == true)
    }
}

extension Result where Failure == DoctorError {
    /// The failure's message; `nil` on success.
    var failureMessage: String? {
        if case .failure(let error) = self { error.message } else { nil }
    }
}
