// SPDX-License-Identifier: MIT
import Testing
import TransitionActions
@testable import TransitionCtl
import TransitionImport
import TransitionProtocol

/// The doctor's report from given facts: clients that act on gestures themselves, and when
/// something needs the user.
@Suite struct DoctorReportTests {
    static let hello = Hello(timeUs: 0, transitions: [
        TransitionInfo(name: "swipe3-left", gestures: [GestureInfo(name: "swipe3-left", source: "swipe", fingers: 3, direction: "left")]),
    ])

    static func status(toucheggClients: UInt64?) -> StatusInfo {
        var counters: [String: UInt64] = ["clients_connected": 1]
        counters["touchegg_clients"] = toucheggClients
        return StatusInfo(server: "transitiond 0.1.0", protocolVersion: 1, pid: 1, uptimeUs: 0, devices: [],
                          clients: [], counters: counters, transitions: [])
    }

    static func report(toucheggClients: UInt64? = nil, tools: [RunningTools.Found] = [],
                       desktop: DesktopGestureSet? = nil) -> DoctorReport {
        DoctorReport(daemon: .success(.init(path: "/run/transitiond/transitiond.sock", hello: hello,
                                            status: status(toucheggClients: toucheggClients))),
                     actions: .none(path: "actions.toml"), desktopNames: desktop == nil ? "" : "XDG_CURRENT_DESKTOP=X",
                     desktop: desktop, runningTools: tools)
    }

    @Test func namesToucheggClientsOnTransitiondsEndpoint() {
        let report = Self.report(toucheggClients: 2)
        #expect(report.hasProblems)
        #expect(report.text.contains("other clients acting on gestures:\n  - 2 Touchégg clients on transitiond's @touchegg (Cinnamon, Gala, the X11 Gestures extension or Touchégg's own client) act on the gestures transitiond sends"))
        #expect(!Self.report(toucheggClients: 0).hasProblems)
        #expect(Self.report(toucheggClients: nil).text.contains("other clients acting on gestures: none\n"))
    }

    @Test func namesRunningGestureToolsWithTheirAdvice() {
        let tools = RunningTools.find([(pid: 42, arguments: ["/usr/bin/python3", "/usr/bin/libinput-gestures"])])
        let report = Self.report(tools: tools)
        #expect(report.hasProblems)
        #expect(report.text.contains("  - libinput-gestures (pid 42) still runs"))
    }

    @Test func onlyGesturesTheDesktopTakesAsInstalledAreProblems() {
        #expect(Self.report(desktop: .gnome).hasProblems)
        // Hyprland's swipe is in the user's config, Cinnamon's behind a setting: named, not failed.
        #expect(!Self.report(desktop: .hyprland).hasProblems)
        #expect(Self.report(desktop: .hyprland).text.contains("swipe3-left: Hyprland also switches workspaces"))
        #expect(!Self.report(desktop: .cinnamon).hasProblems)
        #expect(!Self.report(desktop: nil).hasProblems)
        #expect(Self.report(desktop: nil).text.contains("desktop: unknown (XDG_CURRENT_DESKTOP is not set)\n"))
    }
}
