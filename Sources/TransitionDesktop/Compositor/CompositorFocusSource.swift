// SPDX-License-Identifier: MIT
import CSystemd
import Glibc
import TransitionIO
import TransitionSystemd
import TransitionActions

/// Follows focus through a reporter running inside the compositor (``CompositorFocusReporter``:
/// a KWin script on KDE Plasma, transitiond's extension in GNOME Shell) that calls the runner
/// over the session bus (``SessionBus``): exports ``CompositorFocus/objectPath``, installs the
/// reporter and reads its calls.
///
/// Opening waits for the compositor (GetNameOwner, the reporter's installation, its first
/// report), at most ``callTimeoutUs`` each; after that nothing waits: the connection's
/// descriptor is watched by the runner's loop and ``readReady()`` handles what came. Only calls
/// from the owner of the reporter's ``CompositorFocusReporter/busName`` (`org.kde.KWin`,
/// `org.gnome.Shell`) are believed; any other sender gets AccessDenied. When the compositor
/// leaves the bus or changes hands, the source says so and the runner drops it (and opens it
/// again, since ``DesktopSession/focusMayAppear`` holds on Wayland). Closing uninstalls the reporter.
final class CompositorFocusSource: FocusSource {
    let reporter: any CompositorFocusReporter
    var name: String { reporter.name }
    private let bus: SessionBus
    /// The compositor's unique name: the one sender believed.
    private let owner: String
    private var objectSlot: OpaquePointer?
    private var matchSlot: OpaquePointer?
    private(set) var focused: FocusedApplication?
    private var changed = false
    /// Whether the reporter has called at all (its first call reports the window active when it ran).
    private var reported = false
    /// Whether the reporter is installed: it is uninstalled when the source closes.
    private var installed = false
    /// Why the source is useless now (the compositor left the bus), thrown by the next ``readReady()``.
    private var lost: String?

    /// How long each step of opening may take (loading a KWin script reads a file in a thread),
    /// and closing's flush.
    static let callTimeoutUs: UInt64 = 5_000_000

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`),
    /// finds the compositor, installs `reporter` and reads the active window it reports.
    init(reporter: any CompositorFocusReporter) throws(DesktopError) {
        self.reporter = reporter
        do throws(SessionBusError) {
            bus = try SessionBus()
            owner = try bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
                                 [reporter.busName], timeoutUs: Self.callTimeoutUs) { reply in
                var owner: UnsafePointer<CChar>?
                return sd_bus_message_read_basic(reply, CChar(UInt8(ascii: "s")), &owner) > 0 ? owner.map { String(cString: $0) } : nil
            }
        } catch {
            throw DesktopError(error.isNoOwner ? "\(reporter.compositor) is not on the session bus" : "cannot reach \(reporter.compositor): \(error.message)")
        }
        // The bus has answered: it has said this connection's name.
        guard let uniqueName = bus.uniqueName, CompositorFocus.isUniqueName(uniqueName) else {
            throw DesktopError("the session bus gave no unique name")
        }
        try exportObject()
        try watchOwner()
        defer { reporter.settled() }
        try install(uniqueName: uniqueName)
        changed = false
    }

    deinit {
        objectSlot.map { _ = sd_bus_slot_unref($0) }
        matchSlot.map { _ = sd_bus_slot_unref($0) }
        if installed, lost == nil {
            reporter.uninstall(on: bus)
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

    // MARK: Calls from the reporter

    /// Handles `Activated(s, s, s)` and `Stopped()`.
    private func handle(_ message: OpaquePointer) -> Int32 {
        let stopped = sd_bus_message_is_method_call(message, CompositorFocus.interface, CompositorFocus.stopped) > 0
        guard stopped || sd_bus_message_is_method_call(message, CompositorFocus.interface, CompositorFocus.method) > 0 else { return 0 }
        let sender = sd_bus_message_get_sender(message).map { String(cString: $0) }
        guard sender == owner else {
            return Self.handled(csystemd_reply_access_denied(message, "only \(reporter.compositor) reports the active window"))
        }
        if stopped {
            if lost == nil { lost = "\(reporter.compositor)'s reporter of the active window stopped" }
            installed = false
            return Self.handled(csystemd_reply_empty(message))
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
        let application = reporter.application(texts)
        if application != focused {
            focused = application
            changed = true
        }
        return Self.handled(csystemd_reply_empty(message))
    }

    /// What a handler that replied returns to sd-bus: 1 (handled), or the reply's error.
    private static func handled(_ replied: Int32) -> Int32 { replied < 0 ? replied : 1 }

    /// Handles NameOwnerChanged for the compositor's name: it restarted or left, and its reporter with it.
    private func ownerChanged(_ message: OpaquePointer) {
        var name: UnsafePointer<CChar>?, old: UnsafePointer<CChar>?, new: UnsafePointer<CChar>?
        guard csystemd_read_three_strings(message, &name, &old, &new) >= 0 else { return }
        let newOwner = new.map { String(cString: $0) } ?? ""
        lost = newOwner.isEmpty ? "\(reporter.compositor) left the session bus"
            : "\(reporter.compositor) was replaced on the session bus (its reporter of the active window went with it)"
    }

    // MARK: Opening

    private func exportObject() throws(DesktopError) {
        let r = sd_bus_add_object(bus.handle, &objectSlot, CompositorFocus.objectPath, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            return Unmanaged<CompositorFocusSource>.fromOpaque(userdata).takeUnretainedValue().handle(message)
        }, Unmanaged.passUnretained(self).toOpaque())
        guard r >= 0 else { throw DesktopError("cannot export \(CompositorFocus.objectPath) on the session bus: \(SessionBus.describe(-r))") }
    }

    /// Adds the match without waiting for dbus-daemon's reply: the calls that follow are answered
    /// after it, in order.
    private func watchOwner() throws(DesktopError) {
        let rule = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(reporter.busName)'"
        do throws(SystemError) {
            matchSlot = try BusMatch.add(bus.handle, rule: rule) { [unowned self] message in ownerChanged(message) }
        } catch {
            throw DesktopError("cannot watch \(reporter.compositor) on the session bus: \(SessionBus.describe(error.errno))")
        }
    }

    /// Installs the reporter and waits for its first report, so that ``focused`` is known once
    /// the source is open.
    private func install(uniqueName: String) throws(DesktopError) {
        try reporter.install(on: bus, uniqueName: uniqueName, timeoutUs: Self.callTimeoutUs)
        installed = true
        let reportedInTime: Bool
        do throws(SessionBusError) {
            reportedInTime = try bus.wait(timeoutUs: Self.callTimeoutUs) { reported || lost != nil }
        } catch {
            throw DesktopError("\(reporter.compositor) did not report the active window: \(error.message)")
        }
        if let lost { throw DesktopError(lost) }
        guard reportedInTime else {
            throw DesktopError("\(reporter.compositor) runs transitiond's reporter, but it did not report the active window within \(Self.callTimeoutUs / 1_000_000) s")
        }
    }
}
