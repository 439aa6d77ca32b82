// SPDX-License-Identifier: MIT
import Foundation
import Testing
@testable import TransitionDesktop
import TransitionActions

/// The KWin focus source against a real KWin: `tests/desktop/kwin` starts Debian's kwin_wayland
/// headless on a private session bus (`DBUS_SESSION_BUS_ADDRESS`) with two GTK 4 windows (app ids
/// A and B), and sets `TRANSITIOND_TEST_KWIN=1` and `TRANSITIOND_TEST_KWIN_ACTIVATE` (a command
/// that activates the window of the app id it is given). Skipped elsewhere.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["TRANSITIOND_TEST_KWIN"] != nil))
struct KWinDesktopTests {
    let environment = ProcessInfo.processInfo.environment
    var session: DesktopSession {
        DesktopSession(environment: ["WAYLAND_DISPLAY": environment["WAYLAND_DISPLAY"] ?? "wayland-0", "XDG_CURRENT_DESKTOP": "KDE"])
    }

    /// Runs `arguments` (a path, then its arguments) and returns its status and output; while it
    /// runs, `sources` read what comes (a call to them must be answered for it to finish).
    @discardableResult
    func run(_ arguments: [String], serving sources: [any FocusSource] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        while process.isRunning {
            var ready = sources.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
            if poll(&ready, nfds_t(ready.count), 50) > 0 {
                for (source, fd) in zip(sources, ready) where fd.revents != 0 { _ = try source.readReady() }
            }
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, output)
    }

    /// A focus source with KWin's script as its reporter.
    func kwinSource() throws -> CompositorFocusSource {
        try CompositorFocusSource(reporter: KWinFocusReporter())
    }

    /// The plugin name KWin knows `source`'s script by.
    func plugin(_ source: CompositorFocusSource) -> String {
        (source.reporter as? KWinFocusReporter)?.pluginName ?? ""
    }

    /// Activates `app`'s window through KWin.
    func activate(_ app: String) throws {
        let result = try run([environment["TRANSITIOND_TEST_KWIN_ACTIVATE"] ?? "/bin/false", app])
        #expect(result.status == 0, "activate \(app): \(result.output)")
    }

    /// Whether KWin has a script loaded under `plugin` (gdbus, a client no one here wrote).
    func isLoaded(_ plugin: String) throws -> Bool {
        let result = try run(["/usr/bin/gdbus", "call", "--session", "--dest", "org.kde.KWin", "--object-path", "/Scripting",
                              "--method", "org.kde.kwin.Scripting.isScriptLoaded", plugin])
        return result.output.contains("true")
    }

    /// Reads the sources' events until each has `app` focused, or 10 s pass (then fails).
    /// Returns every focus the sources reported on the way.
    @discardableResult
    func waitForFocus(_ sources: [any FocusSource], _ app: String) throws -> [FocusedApplication?] {
        let deadline = Date().addingTimeInterval(10)
        var seen: [FocusedApplication?] = []
        while sources.contains(where: { $0.focused?.appID != app }), Date() < deadline {
            var ready = sources.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
            if poll(&ready, nfds_t(ready.count), 1000) > 0 {
                for (source, fd) in zip(sources, ready) where fd.revents != 0 {
                    if try source.readReady() { seen.append(source.focused) }
                }
            }
        }
        for source in sources { #expect(source.focused?.appID == app) }
        return seen
    }

    @Test func focusFollowsKWinsActivationAndReadsTheAppID() throws {
        try activate("A")
        let source = try session.openFocusSource()
        #expect(source.name == "kwin")
        // The window active when the script started is known at once.
        #expect(source.focused?.appID == "A")
        try activate("B")
        // KWin emits null, then B: the script reports B alone, never a moment without focus.
        #expect(try waitForFocus([source], "B").map { $0?.appID } == ["B"])
        #expect(source.focused?.title == "window B")
        try activate("A")
        #expect(try waitForFocus([source], "A").map { $0?.appID } == ["A"])
        #expect(try source.readReady() == false)
    }

    @Test func twoRunnersFollowAtOnceAndEachUnloadsItsOwnScript() throws {
        var first: CompositorFocusSource? = try kwinSource()
        let second = try kwinSource()
        let firstPlugin = plugin(try #require(first))
        #expect(firstPlugin != plugin(second))
        #expect(try isLoaded(firstPlugin))
        #expect(try isLoaded(plugin(second)))
        try activate("B")
        try waitForFocus([try #require(first), second], "B")
        first = nil
        // unloadScript is sent without waiting; KWin deletes the script on its next turn.
        let deadline = Date().addingTimeInterval(10)
        while try isLoaded(firstPlugin), Date() < deadline { usleep(100_000) }
        #expect(try !isLoaded(firstPlugin))
        try activate("A")
        try waitForFocus([second], "A")
        // KWin numbers scripts by how many are loaded: the next one gets an id a loaded script
        // has. It runs all the same.
        let third = try kwinSource()
        #expect(third.focused?.appID == "A")
        try activate("B")
        try waitForFocus([second, third], "B")
    }

    @Test func onlyKWinIsBelieved() throws {
        try activate("A")
        let source = try kwinSource()
        // Another client of the session bus (gdbus) claims that B is active.
        let pluginSuffix = plugin(source).dropFirst("transitiond-focus-".count)
        let result = try run(["/usr/bin/gdbus", "call", "--session", "--dest", ":" + pluginSuffix, "--object-path", KWinFocusScript.objectPath,
                              "--method", "\(KWinFocusScript.interface).\(KWinFocusScript.method)", "B", "foot", "window B"],
                             serving: [source])
        #expect(result.status != 0)
        #expect(result.output.contains("AccessDenied"), "\(result.output)")
        #expect(source.focused?.appID == "A")
    }
}
