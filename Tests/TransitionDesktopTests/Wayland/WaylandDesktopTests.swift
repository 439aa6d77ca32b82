// SPDX-License-Identifier: MIT
import Foundation
import Testing
@testable import TransitionDesktop
import TransitionActions

/// The wlroots back ends against a real compositor: `tests/desktop/sway` starts Debian's sway
/// headless with two foot windows (app ids A and B) and wev, and sets
/// `TRANSITIOND_TEST_WAYLAND_DISPLAY` (its socket), `TRANSITIOND_TEST_SWAYSOCK` (its IPC socket,
/// for `swaymsg`) and `TRANSITIOND_TEST_WEV_LOG` (what wev prints). Skipped elsewhere.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["TRANSITIOND_TEST_WAYLAND_DISPLAY"] != nil))
struct WaylandDesktopTests {
    let environment = ProcessInfo.processInfo.environment
    var display: String { environment["TRANSITIOND_TEST_WAYLAND_DISPLAY"] ?? "" }
    var session: DesktopSession { DesktopSession(environment: ["WAYLAND_DISPLAY": display, "XDG_CURRENT_DESKTOP": "sway"]) }

    /// `swaymsg COMMAND` on the test's sway.
    func swaymsg(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/swaymsg")
        process.arguments = ["-s", environment["TRANSITIOND_TEST_SWAYSOCK"] ?? "", command]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "swaymsg \(command)")
    }

    /// Reads the source's events until `app` has focus, or 10 s pass (then fails).
    func waitForFocus(_ source: any FocusSource, _ app: String) throws {
        let deadline = Date().addingTimeInterval(10)
        while source.focused?.appID != app, Date() < deadline {
            var ready = pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, 1000) > 0 { _ = try source.readReady() }
        }
        #expect(source.focused?.appID == app)
    }

    /// Reads wev's output until it holds `text`, or 10 s pass.
    func waitForWev(_ text: String) -> String {
        let deadline = Date().addingTimeInterval(10)
        var log = ""
        repeat {
            log = (try? String(contentsOfFile: environment["TRANSITIOND_TEST_WEV_LOG"] ?? "", encoding: .utf8)) ?? ""
            if log.contains(text) { break }
            usleep(50_000)
        } while Date() < deadline
        return log
    }

    @Test func focusFollowsSwaysFocusAndReadsTheAppID() throws {
        let source = try session.openFocusSource()
        #expect(source.name == "wlr-foreign-toplevel")
        try swaymsg("[app_id=A] focus")
        try waitForFocus(source, "A")
        try swaymsg("[app_id=B] focus")
        try waitForFocus(source, "B")
        #expect(source.focused?.title == "window B")
        // A change the source did not see yet is not reported as one.
        #expect(try source.readReady() == false)
    }

    @Test func keysReachTheFocusedWindowWithTheirModifiers() throws {
        // Headless sway's seat has no keyboard until the virtual one: wev binds its wl_keyboard
        // when the seat says it has one, and keys sent before that would not reach it.
        let sender = try session.openKeySender(keyServiceSocket: "/nonexistent")
        #expect(sender.name == "virtual-keyboard")
        let source = try session.openFocusSource()
        try swaymsg("[app_id=wev] focus")
        try waitForFocus(source, "wev")
        #expect(waitForWev("wl_keyboard] enter").contains("wl_keyboard] enter"))
        // ctrl+z then a lone "exclam", which the layout types with Shift.
        try sender.send([KeyChord(modifiers: [0xffe3 /* Control_L */], key: 0x7a /* z */), KeyChord(modifiers: [], key: 0x21)])
        let log = waitForWev("sym: exclam")
        #expect(log.contains("sym: z"))
        #expect(log.contains("sym: exclam"))
        #expect(log.contains("depressed: 00000004: Control"))
        #expect(log.contains("depressed: 00000001: Shift"))

        // The seat has a keyboard now (the virtual one): a second sender reads the compositor's keymap.
        let second = try VirtualKeyboardSender(display: display)
        #expect(second.keymapOrigin == "the compositor's")
        try second.send([KeyChord(modifiers: [], key: 0x71 /* q */)])
        #expect(waitForWev("sym: q").contains("sym: q"))
    }

    @Test func aDisplayThatIsNotThereIsNamed() throws {
        let error = #expect(throws: DesktopError.self) { try DesktopSession.waylandFocusSource(display: "/nonexistent/wayland-0") }
        #expect(error?.message.contains("/nonexistent/wayland-0") == true)
    }
}
