// SPDX-License-Identifier: MIT
import CSystemd
import Glibc
import TransitionIO
import TransitionSystemd
import TransitionActions

/// KWin's reporter of the active window (``KWinFocusScript``), for the ``CompositorFocusSource``:
/// a script loaded into KWin under a plugin name made from the runner's unique name, and
/// unloaded when the source closes.
final class KWinFocusReporter: CompositorFocusReporter {
    let name = "kwin"
    let busName = "org.kde.KWin"
    let compositor = "KWin"
    /// The name KWin knows the script by (``KWinFocusScript/pluginName(uniqueName:)``), once installed.
    private(set) var pluginName = ""
    /// The script's file, until the script has reported (KWin reads it when the script runs).
    private var scriptPath: String?
    /// Whether KWin has the script.
    private var loaded = false

    init() {}

    /// Writes the script to a private file, loads it and runs it.
    ///
    /// `org.kde.kwin.Scripting.start` runs it: KWin reads the file when the script runs, in a
    /// thread, after `start` has replied, so the file stays until the script has reported
    /// (``settled()``). `org.kde.kwin.Script.run` on the script's own object would reply once it
    /// is read, but KWin numbers scripts by how many are loaded (`scripts.size()` in
    /// `Scripting::loadScript`), so after an unload the new script's object path is an older
    /// script's, and `run` reaches that one (docs/actions.md, "KDE Plasma on Wayland: KWin's scripting").
    func install(on bus: SessionBus, uniqueName: String, timeoutUs: UInt64) throws(DesktopError) {
        guard let plugin = KWinFocusScript.pluginName(uniqueName: uniqueName),
              let source = KWinFocusScript.source(uniqueName: uniqueName, pluginName: plugin) else {
            throw DesktopError("the session bus gave an unexpected unique name \(uniqueName)")
        }
        pluginName = plugin
        let path = try Self.writeScript(source, pluginName: plugin)
        scriptPath = path
        let id: Int32
        do throws(SessionBusError) {
            id = try bus.call("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "loadScript", [path, plugin],
                              timeoutUs: timeoutUs) { reply in
                var id: Int32 = -1
                return sd_bus_message_read_basic(reply, CChar(UInt8(ascii: "i")), &id) > 0 ? id : nil
            }
        } catch {
            throw DesktopError("KWin did not load transitiond's focus script: \(error.message)")
        }
        guard id >= 0 else { throw DesktopError("KWin already has a script named \(plugin)") }
        loaded = true
        do throws(SessionBusError) {
            try bus.call("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "start", timeoutUs: timeoutUs) { _ in () }
        } catch {
            throw DesktopError("KWin did not run transitiond's focus script: \(error.message)")
        }
    }

    func settled() {
        scriptPath.map { _ = unlink($0) }
        scriptPath = nil
    }

    func uninstall(on bus: SessionBus) {
        guard loaded else { return }
        _ = csystemd_send_string(bus.handle, "org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "unloadScript", pluginName)
    }

    func application(_ texts: [String]) -> FocusedApplication? {
        KWinFocusScript.application(resourceClass: texts[0], resourceName: texts[1], caption: texts[2])
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
