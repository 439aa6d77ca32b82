// SPDX-License-Identifier: MIT
import Foundation
import PropertyBased
import Testing
@testable import TransitionDesktop
import TransitionActions
import TransitionSystemd

/// What the GNOME Shell extension's focus reports mean, and the one focus source they share with KWin.
@Suite struct GnomeShellExtensionTests {
    @Test func anApplicationIsItsAppIDWithItsWMClass() {
        #expect(GnomeShellExtension.application(appID: "org.gnome.Terminal", wmClass: "gnome-terminal-server", title: "Terminal")
            == FocusedApplication(appID: "org.gnome.Terminal", instance: "gnome-terminal-server", title: "Terminal"))
        #expect(GnomeShellExtension.application(appID: "foot", wmClass: "foot", title: "")
            == FocusedApplication(appID: "foot"))
    }

    @Test func aWindowOfNoApplicationIsItsWMClass() {
        #expect(GnomeShellExtension.application(appID: "", wmClass: "org.example.A", title: "A")
            == FocusedApplication(appID: "org.example.A", title: "A"))
    }

    @Test func noWindowIsNoApplication() {
        #expect(GnomeShellExtension.application(appID: "", wmClass: "", title: "a title") == nil)
    }

    @Test func anAppIDOrAWMClassMatchesAnAppCondition() async {
        let alphabet = Array("abcXYZ.-_09")
        await propertyCheck(input: Gen<Int>.int(in: 0...(alphabet.count - 1)).array(of: 2...24)) { indices in
            let half = indices.count / 2
            let appID = String(indices[..<half].map { alphabet[$0] })
            let wmClass = String(indices[half...].map { alphabet[$0] })
            let focused = GnomeShellExtension.application(appID: appID, wmClass: wmClass, title: "")
            #expect(AppCondition(names: [appID], excluded: false).matches(.known(focused)))
            #expect(AppCondition(names: [wmClass.uppercased()], excluded: false).matches(.known(focused)))
            #expect(!AppCondition(names: [appID], excluded: true).matches(.known(focused)))
        }
    }

    @Test func anExtensionNotEnabledSaysHowToEnableIt() {
        for name in ["org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownMethod"] {
            let text = GnomeShellFocusReporter.describe(SessionBusError("no such object", name: name))
            #expect(text.contains("not enabled") && text.contains("gnome-extensions enable transitiond@transitiond.github.io"), "\(text)")
        }
        let refused = GnomeShellFocusReporter.describe(SessionBusError("only transitionctl may ask", name: "org.freedesktop.DBus.Error.AccessDenied"))
        #expect(refused == "transitiond's GNOME Shell extension refused: only transitionctl may ask")
        #expect(GnomeShellFocusReporter.describe(SessionBusError("no reply from org.gnome.Shell in 2000 ms")).contains("cannot reach transitiond's GNOME Shell extension: no reply"))
    }

    @Test func theUUIDToEnableIsTheExtensions() throws {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast(4)  // Tests/TransitionDesktopTests/GNOME/GnomeShellExtensionTests.swift
        let data = try Data(contentsOf: URL(fileURLWithPath: parts.joined(separator: "/") + "/gnome-shell-extension/metadata.json"))
        let uuid = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["uuid"] as? String)
        let text = GnomeShellFocusReporter.describe(SessionBusError("no such object", name: "org.freedesktop.DBus.Error.UnknownObject"))
        #expect(text.contains("gnome-extensions enable \(uuid)`"))
    }

    @Test func gnomeShellAndKWinReportThroughOneObject() {
        #expect(KWinFocusScript.objectPath == CompositorFocus.objectPath)
        #expect(KWinFocusScript.interface == CompositorFocus.interface)
        #expect(GnomeShellFocusReporter().busName == "org.gnome.Shell")
        #expect(KWinFocusReporter().busName == "org.kde.KWin")
    }
}
