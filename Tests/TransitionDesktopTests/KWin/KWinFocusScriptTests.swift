// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
@testable import TransitionDesktop
import TransitionActions

/// The KWin script's names, text and reports (the real KWin runs it in tests/desktop/kwin).
@Suite struct KWinFocusScriptTests {
    @Test func thePluginNameIsTheUniqueNameWithoutItsColon() {
        #expect(KWinFocusScript.pluginName(uniqueName: ":1.42") == "transitiond-focus-1.42")
        #expect(KWinFocusScript.pluginName(uniqueName: ":1.4_2-a.B") == "transitiond-focus-1.4_2-a.B")
    }

    @Test func onlyUniqueBusNamesArePutInTheScript() {
        for name in ["org.kde.KWin", ":", ":1", ":1.", ":.1", ":1..2", ":1.4\"2", ":1.4\\2", ":1.4 2", ":1.4\n2", ":1.é",
                     ":1." + String(repeating: "9", count: 260)] {
            #expect(KWinFocusScript.pluginName(uniqueName: name) == nil, "\(name)")
            #expect(KWinFocusScript.source(uniqueName: name, pluginName: "transitiond-focus-1.42") == nil, "\(name)")
        }
    }

    @Test func theScriptIsForOneRunnerAndOnePluginName() throws {
        #expect(KWinFocusScript.source(uniqueName: ":1.42", pluginName: "transitiond-focus-1.43") == nil)
        let source = try #require(KWinFocusScript.source(uniqueName: ":1.42", pluginName: "transitiond-focus-1.42"))
        #expect(source.contains("var runner = \":1.42\";"))
        #expect(source.contains("var plugin = \"transitiond-focus-1.42\";"))
        // It calls the runner's object, follows KWin 6's and KWin 5's signal, reports the window
        // active when it starts, and unloads itself once the runner is gone.
        #expect(source.contains("callDBus(runner, \"/org/transitiond/Focus\", \"org.transitiond.Focus1\", \"Activated\", resourceClass, resourceName, caption)"))
        #expect(source.contains("(workspace.windowActivated ? workspace.windowActivated : workspace.clientActivated).connect(activated)"))
        #expect(source.contains("workspace.windowActivated ? workspace.activeWindow : workspace.activeClient"))
        #expect(source.contains("report(active());"))
        // A null activation waits a turn: the window taking over cancels it.
        #expect(source.contains("pending.stop();"))
        #expect(source.contains("\"NameHasOwner\", runner"))
        #expect(source.contains("\"unloadScript\", plugin"))
    }

    /// Any name made of the allowed characters is taken, and is quoted once in the script, as is
    /// its plugin name; one disallowed character anywhere refuses it.
    @Test func anyUniqueNameIsQuotedSafely() async {
        let allowed = Array("ABCXYZabcxyz0189_-"), disallowed = Array("\"\\' \n;:/é")
        let element = Gen<Int>.int(in: 0...allowed.count - 1).array(of: 1...6).map { String($0.map { allowed[$0] }) }
        let name = element.array(of: 2...4).map { ":" + $0.joined(separator: ".") }
        let bad = Gen<Int>.int(in: 0...disallowed.count - 1).map { disallowed[$0] }
        await propertyCheck(count: 300, input: name, bad, Gen<Int>.int(in: 1...30)) { name, bad, at in
            let plugin = KWinFocusScript.pluginName(uniqueName: name)
            #expect(plugin == "transitiond-focus-" + name.dropFirst())
            let source = KWinFocusScript.source(uniqueName: name, pluginName: plugin ?? "")
            #expect(source.map { $0.ranges(of: "\"\(name)\"").count } == 1)
            #expect(source.map { $0.ranges(of: "\"\(plugin ?? "")\"").count } == 1)
            var broken = Array(name)
            broken.insert(bad, at: min(at, broken.count))
            #expect(KWinFocusScript.pluginName(uniqueName: String(broken)) == nil)
        }
    }

    @Test func theReportBecomesTheFocusedApplication() {
        // A Wayland window: the app id and the executable.
        #expect(KWinFocusScript.application(resourceClass: "org.kde.dolphin", resourceName: "dolphin", caption: "Home — Dolphin")
                == FocusedApplication(appID: "org.kde.dolphin", instance: "dolphin", title: "Home — Dolphin"))
        // An X11 window under Xwayland: WM_CLASS's class and instance (KWin 5 lower-cases them, KWin 6.3 does not).
        #expect(KWinFocusScript.application(resourceClass: "firefox", resourceName: "navigator", caption: "")
                == FocusedApplication(appID: "firefox", instance: "navigator"))
        // No app id: the executable stands in.
        #expect(KWinFocusScript.application(resourceClass: "", resourceName: "foot", caption: "t")
                == FocusedApplication(appID: "foot", title: "t"))
        // No active window.
        #expect(KWinFocusScript.application(resourceClass: "", resourceName: "", caption: "Desktop") == nil)
    }
}
