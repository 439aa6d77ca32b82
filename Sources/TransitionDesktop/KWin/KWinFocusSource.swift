// SPDX-License-Identifier: MIT
import CSystemd
import Glibc
import TransitionIO

/// Follows focus on KDE Plasma under Wayland through KWin's scripting (``KWinFocusScript``): a
/// session-bus connection (sd-bus) that exports ``KWinFocusScript/objectPath``, loads the script
/// into KWin and reads its calls.
///
/// Opening waits for KWin (GetNameOwner, loadScript, the script's run), at most the bus's
/// method-call timeout each; after that nothing waits: the connection's descriptor is watched by
/// the runner's loop and ``readReady()`` handles what came. Only calls from the owner of
/// `org.kde.KWin` are believed; any other sender gets AccessDenied. When KWin leaves the bus or
/// changes hands, the source says so and the runner drops it (and opens it again, since
/// ``DesktopSession/focusMayAppear`` holds on Plasma). Closing unloads the script.
final class KWinFocusSource: FocusSource {
    let name = "kwin"
    private var bus: OpaquePointer?
    private let kwin: String
    /// The name KWin knows the script by (``KWinFocusScript/pluginName(uniqueName:)``).
    let pluginName: String
    private var objectSlot: OpaquePointer?
    private var matchSlot: OpaquePointer?
    private(set) var focused: FocusedApplication?
    private var changed = false
    /// Whether the script has called at all (its first call reports the window active when it ran).
    private var reported = false
    /// Why the source is useless now (KWin left the bus), thrown by the next ``readReady()``.
    private var lost: String?

    /// How long a call to KWin may take while opening (loading a script reads a file in a thread).
    static let callTimeoutUs: UInt64 = 5_000_000

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`),
    /// finds KWin, loads the script and reads the active window it reports.
    init() throws(DesktopError) {
        var opened: OpaquePointer?
        let r = sd_bus_open_user(&opened)
        guard r >= 0, let opened else {
            throw DesktopError("cannot connect to the session bus to reach KWin: \(Self.describe(-r))")
        }
        bus = opened
        _ = sd_bus_set_method_call_timeout(opened, Self.callTimeoutUs)
        var unique: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(opened, &unique) >= 0, let unique,
              let plugin = KWinFocusScript.pluginName(uniqueName: String(cString: unique)) else {
            sd_bus_flush_close_unref(opened)
            throw DesktopError("the session bus gave no unique name")
        }
        let uniqueName = String(cString: unique)
        pluginName = plugin
        do throws(DesktopError) {
            kwin = try Self.call(opened, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                 "GetNameOwner", "org.kde.KWin", what: "KWin is not on the session bus") { reply in
                var owner: UnsafePointer<CChar>?
                return sd_bus_message_read_basic(reply, CChar(UInt8(ascii: "s")), &owner) > 0 ? owner.map { String(cString: $0) } : nil
            } ?? ""
        } catch {
            sd_bus_flush_close_unref(opened)
            bus = nil
            throw error
        }
        do throws(DesktopError) {
            try exportObject(opened)
            try watchKWin(opened)
            try load(opened, uniqueName: uniqueName)
        } catch {
            close()
            throw error
        }
        changed = false
    }

    deinit { close() }

    var fileDescriptor: Int32 { bus.map { sd_bus_get_fd($0) } ?? -1 }

    func readReady() throws -> Bool {
        changed = false
        drain()
        if let lost { throw DesktopError(lost) }
        return changed
    }

    // MARK: Calls from the script

    /// Handles `Activated(resourceClass, resourceName, caption)`.
    private func handle(_ message: OpaquePointer) -> Int32 {
        guard sd_bus_message_is_method_call(message, KWinFocusScript.interface, KWinFocusScript.method) > 0 else { return 0 }
        let sender = sd_bus_message_get_sender(message).map { String(cString: $0) }
        guard sender == kwin else {
            return Self.handled(csystemd_reply_access_denied(message, "only KWin reports the active window"))
        }
        var texts: [String] = []
        for _ in 0..<3 {
            var data: UnsafeRawPointer?
            var size = 0
            let r = csystemd_read_text(message, &data, &size)
            guard r > 0 else { return Self.handled(sd_bus_reply_method_errno(message, -r, nil)) }
            texts.append(data.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: size), as: UTF8.self) } ?? "")
        }
        reported = true
        let application = KWinFocusScript.application(resourceClass: texts[0], resourceName: texts[1], caption: texts[2])
        if application != focused {
            focused = application
            changed = true
        }
        return Self.handled(csystemd_reply_empty(message))
    }

    /// What a handler that replied returns to sd-bus: 1 (handled), or the reply's error.
    private static func handled(_ replied: Int32) -> Int32 { replied < 0 ? replied : 1 }

    /// Handles NameOwnerChanged for org.kde.KWin: KWin restarted or left, and the script with it.
    private func kwinChanged(_ message: OpaquePointer) {
        var name: UnsafePointer<CChar>?, old: UnsafePointer<CChar>?, new: UnsafePointer<CChar>?
        guard csystemd_read_three_strings(message, &name, &old, &new) >= 0 else { return }
        let owner = new.map { String(cString: $0) } ?? ""
        lost = owner.isEmpty ? "KWin left the session bus" : "KWin was replaced on the session bus (its scripts went with it)"
    }

    /// Dispatches everything sd-bus has read or can read now, without blocking.
    private func drain() {
        guard let bus else { return }
        while true {
            let r = sd_bus_process(bus, nil)
            if r == 0 { return }
            if r < 0 {
                if lost == nil { lost = "the session bus connection to KWin broke: \(Self.describe(-r))" }
                return
            }
        }
    }

    // MARK: Opening

    private func exportObject(_ bus: OpaquePointer) throws(DesktopError) {
        let r = sd_bus_add_object(bus, &objectSlot, KWinFocusScript.objectPath, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            return Unmanaged<KWinFocusSource>.fromOpaque(userdata).takeUnretainedValue().handle(message)
        }, Unmanaged.passUnretained(self).toOpaque())
        guard r >= 0 else { throw DesktopError("cannot export \(KWinFocusScript.objectPath) on the session bus: \(Self.describe(-r))") }
    }

    private func watchKWin(_ bus: OpaquePointer) throws(DesktopError) {
        let rule = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.kde.KWin'"
        let r = sd_bus_add_match(bus, &matchSlot, rule, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            Unmanaged<KWinFocusSource>.fromOpaque(userdata).takeUnretainedValue().kwinChanged(message)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        guard r >= 0 else { throw DesktopError("cannot watch KWin on the session bus: \(Self.describe(-r))") }
    }

    /// Writes the script to a private file, loads it, runs it and waits for its first report, so
    /// that ``focused`` is known once the source is open. KWin reads the file when the script
    /// runs (`org.kde.kwin.Script.run` on `/Scripting/Script<id>`, `/<id>` in KWin before 5.24;
    /// `org.kde.kwin.Scripting.start` runs every loaded script where neither answers); a script
    /// that has reported has been read, so the file goes then.
    private func load(_ bus: OpaquePointer, uniqueName: String) throws(DesktopError) {
        guard let source = KWinFocusScript.source(uniqueName: uniqueName, pluginName: pluginName) else {
            throw DesktopError("the session bus gave an unexpected unique name \(uniqueName)")
        }
        let path = try Self.writeScript(source, pluginName: pluginName)
        defer { unlink(path) }
        let id: Int32 = try Self.call(bus, "org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "loadScript", path, pluginName,
                                      what: "KWin refused to load transitiond's focus script") { reply in
            var id: Int32 = -1
            return csystemd_read_int32(reply, &id) > 0 ? id : nil
        } ?? -1
        guard id >= 0 else { throw DesktopError("KWin already has a script named \(pluginName)") }
        let ran = ["/Scripting/Script\(id)", "/\(id)"].contains { object in
            (try? Self.call(bus, "org.kde.KWin", object, "org.kde.kwin.Script", "run", what: "") { _ in true }) != nil
        }
        if !ran {
            _ = try Self.call(bus, "org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "start",
                              what: "KWin did not start transitiond's focus script") { _ in true }
        }
        try awaitFirstReport(bus)
    }

    /// Waits (on the bus, at most the call timeout) until the script has called once.
    private func awaitFirstReport(_ bus: OpaquePointer) throws(DesktopError) {
        let deadline = MonotonicClock.nowUs() + Self.callTimeoutUs
        while true {
            drain()
            if let lost { throw DesktopError(lost) }
            if reported { return }
            let now = MonotonicClock.nowUs()
            guard now < deadline else { throw DesktopError("KWin runs transitiond's focus script, but it did not report the active window within \(Self.callTimeoutUs / 1_000_000) s") }
            _ = sd_bus_wait(bus, deadline - now)
        }
    }

    /// Creates the script's file, readable by its owner only, in `$XDG_RUNTIME_DIR` (else /tmp).
    /// The name holds the plugin name, which no other connection ever has (O_EXCL all the same).
    private static func writeScript(_ source: String, pluginName: String) throws(DesktopError) -> String {
        let directory = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let path = "\(directory)/\(pluginName).js"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw DesktopError("cannot write KWin's focus script \(path): \(describe(errno))") }
        defer { Glibc.close(fd) }
        if let error = WriteAll.write(fd, source) {
            unlink(path)
            throw DesktopError("cannot write KWin's focus script \(path): \(describe(error))")
        }
        return path
    }

    // MARK: Closing

    /// Unloads the script (without waiting for KWin) and closes the connection.
    private func close() {
        objectSlot.map { _ = sd_bus_slot_unref($0) }
        matchSlot.map { _ = sd_bus_slot_unref($0) }
        objectSlot = nil
        matchSlot = nil
        guard let bus else { return }
        if lost == nil {
            _ = csystemd_send_string(bus, "org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "unloadScript", pluginName)
        }
        sd_bus_flush_close_unref(bus)
        self.bus = nil
    }

    // MARK: Helpers

    /// Calls a method with string arguments and reads its reply with `read`; an error reply or a
    /// failed call throws `what` and the reason.
    private static func call<T>(_ bus: OpaquePointer, _ destination: String, _ path: String, _ interface: String,
                                _ member: String, _ a1: String? = nil, _ a2: String? = nil, what: String,
                                _ read: (OpaquePointer) -> T?) throws(DesktopError) -> T? {
        var error = sd_bus_error()
        var reply: OpaquePointer?
        defer {
            sd_bus_error_free(&error)
            reply.map { _ = sd_bus_message_unref($0) }
        }
        let r = csystemd_call_strings(bus, destination, path, interface, member, a1, a2, &error, &reply)
        guard r >= 0, let reply else {
            let reason = error.message.map { String(cString: $0) } ?? error.name.map { String(cString: $0) } ?? describe(-r)
            throw DesktopError("\(what) (\(member): \(reason))")
        }
        return read(reply)
    }

    private static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }
}
