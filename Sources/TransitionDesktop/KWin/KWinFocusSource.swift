// SPDX-License-Identifier: MIT
import CSystemd
import Glibc
import TransitionIO
import TransitionSystemd
import TransitionActions

/// Follows focus on KDE Plasma under Wayland through KWin's scripting (``KWinFocusScript``): a
/// session-bus connection (``SessionBus``) that exports ``KWinFocusScript/objectPath``, loads the
/// script into KWin and reads its calls.
///
/// Opening waits for KWin (GetNameOwner, loadScript, start, the script's first report), at most
/// ``callTimeoutUs`` each; after that nothing waits: the connection's descriptor is watched by
/// the runner's loop and ``readReady()`` handles what came. Only calls from the owner of
/// `org.kde.KWin` are believed; any other sender gets AccessDenied. When KWin leaves the bus or
/// changes hands, the source says so and the runner drops it (and opens it again, since
/// ``DesktopSession/focusMayAppear`` holds on Plasma). Closing unloads the script.
final class KWinFocusSource: FocusSource {
    let name = "kwin"
    private let bus: SessionBus
    /// KWin's unique name: the one sender believed.
    private let kwin: String
    /// The name KWin knows the script by (``KWinFocusScript/pluginName(uniqueName:)``).
    let pluginName: String
    private var objectSlot: OpaquePointer?
    private var matchSlot: OpaquePointer?
    private(set) var focused: FocusedApplication?
    private var changed = false
    /// Whether the script has called at all (its first call reports the window active when it ran).
    private var reported = false
    /// Whether KWin has the script: it is unloaded when the source closes.
    private var loaded = false
    /// Why the source is useless now (KWin left the bus), thrown by the next ``readReady()``.
    private var lost: String?

    /// How long each step of opening may take (loading a script reads a file in a thread), and
    /// closing's flush.
    static let callTimeoutUs: UInt64 = 5_000_000

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`),
    /// finds KWin, loads the script and reads the active window it reports.
    init() throws(DesktopError) {
        do throws(SessionBusError) {
            bus = try SessionBus()
            kwin = try bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
                                ["org.kde.KWin"], timeoutUs: Self.callTimeoutUs) { reply in
                var owner: UnsafePointer<CChar>?
                return sd_bus_message_read_basic(reply, CChar(UInt8(ascii: "s")), &owner) > 0 ? owner.map { String(cString: $0) } : nil
            }
        } catch {
            throw DesktopError(error.isNoOwner ? "KWin is not on the session bus" : "cannot reach KWin: \(error.message)")
        }
        // The bus has answered: it has said this connection's name.
        guard let uniqueName = bus.uniqueName, let plugin = KWinFocusScript.pluginName(uniqueName: uniqueName) else {
            throw DesktopError("the session bus gave no unique name")
        }
        pluginName = plugin
        try exportObject()
        try watchKWin()
        try load(uniqueName: uniqueName)
        changed = false
    }

    deinit {
        objectSlot.map { _ = sd_bus_slot_unref($0) }
        matchSlot.map { _ = sd_bus_slot_unref($0) }
        if loaded, lost == nil {
            _ = csystemd_send_string(bus.handle, "org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "unloadScript", pluginName)
            bus.flush(timeoutUs: Self.callTimeoutUs)
        }
    }

    var fileDescriptor: Int32 { bus.fileDescriptor }

    func readReady() throws -> Bool {
        changed = false
        if let error = bus.dispatch(), lost == nil { lost = error.message }
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

    // MARK: Opening

    private func exportObject() throws(DesktopError) {
        let r = sd_bus_add_object(bus.handle, &objectSlot, KWinFocusScript.objectPath, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            return Unmanaged<KWinFocusSource>.fromOpaque(userdata).takeUnretainedValue().handle(message)
        }, Unmanaged.passUnretained(self).toOpaque())
        guard r >= 0 else { throw DesktopError("cannot export \(KWinFocusScript.objectPath) on the session bus: \(SessionBus.describe(-r))") }
    }

    /// Adds the match without waiting for dbus-daemon's reply: the calls that follow are answered
    /// after it, in order.
    private func watchKWin() throws(DesktopError) {
        let rule = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.kde.KWin'"
        do throws(SystemError) {
            matchSlot = try BusMatch.add(bus.handle, rule: rule) { [unowned self] message in kwinChanged(message) }
        } catch {
            throw DesktopError("cannot watch KWin on the session bus: \(SessionBus.describe(error.errno))")
        }
    }

    /// Writes the script to a private file, loads it, runs it and waits for its first report, so
    /// that ``focused`` is known once the source is open.
    ///
    /// `org.kde.kwin.Scripting.start` runs it: KWin reads the file when the script runs, in a
    /// thread, after `start` has replied, so the file stays until the script has reported.
    /// `org.kde.kwin.Script.run` on the script's own object would reply once it is read, but
    /// KWin numbers scripts by how many are loaded (`scripts.size()` in `Scripting::loadScript`),
    /// so after an unload the new script's object path is an older script's, and `run` reaches
    /// that one (docs/actions.md, "KDE Plasma on Wayland: KWin's scripting").
    private func load(uniqueName: String) throws(DesktopError) {
        guard let source = KWinFocusScript.source(uniqueName: uniqueName, pluginName: pluginName) else {
            throw DesktopError("the session bus gave an unexpected unique name \(uniqueName)")
        }
        let path = try Self.writeScript(source, pluginName: pluginName)
        defer { unlink(path) }
        let id: Int32
        do throws(SessionBusError) {
            id = try bus.call("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "loadScript", [path, pluginName],
                              timeoutUs: Self.callTimeoutUs) { reply in
                var id: Int32 = -1
                return sd_bus_message_read_basic(reply, CChar(UInt8(ascii: "i")), &id) > 0 ? id : nil
            }
        } catch {
            throw DesktopError("KWin did not load transitiond's focus script: \(error.message)")
        }
        guard id >= 0 else { throw DesktopError("KWin already has a script named \(pluginName)") }
        loaded = true
        let reportedInTime: Bool
        do throws(SessionBusError) {
            try bus.call("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "start", timeoutUs: Self.callTimeoutUs) { _ in () }
            reportedInTime = try bus.wait(timeoutUs: Self.callTimeoutUs) { reported || lost != nil }
        } catch {
            throw DesktopError("KWin did not run transitiond's focus script: \(error.message)")
        }
        if let lost { throw DesktopError(lost) }
        guard reportedInTime else {
            throw DesktopError("KWin runs transitiond's focus script, but it did not report the active window within \(Self.callTimeoutUs / 1_000_000) s")
        }
    }

    /// Creates the script's file, readable by its owner only, in `$XDG_RUNTIME_DIR` (else /tmp).
    /// The name holds the plugin name, which no other connection ever has (O_EXCL all the same).
    private static func writeScript(_ source: String, pluginName: String) throws(DesktopError) -> String {
        let directory = ProcessEnvironment.value("XDG_RUNTIME_DIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let path = "\(directory)/\(pluginName).js"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw DesktopError("cannot write KWin's focus script \(path): \(SessionBus.describe(errno))") }
        defer { Glibc.close(fd) }
        if let error = WriteAll.write(fd, source) {
            unlink(path)
            throw DesktopError("cannot write KWin's focus script \(path): \(SessionBus.describe(error))")
        }
        return path
    }
}
