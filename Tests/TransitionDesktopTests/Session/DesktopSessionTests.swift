// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import TransitionDesktop

/// Which desktop the runner is in, from its environment.
@Suite struct DesktopSessionTests {
    /// A file where the key service's socket would be: the session takes the service to be there
    /// when its socket path exists (it connects per send). The caller unlinks it.
    static func keyServiceSocketStandIn(_ tag: String) throws -> String {
        let path = "/tmp/transitiond-keys-\(tag)-test.\(getpid())"
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        try #require(fd >= 0)
        close(fd)
        return path
    }

    @Test func waylandWinsOverXWayland() {
        let session = DesktopSession(environment: ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "sway"])
        #expect(session.display == .wayland("wayland-1"))
        #expect(session.isDesktop("SWAY"))
    }

    @Test func x11AloneIsX11() {
        let session = DesktopSession(environment: ["DISPLAY": ":1", "XDG_CURRENT_DESKTOP": "X-Cinnamon"])
        #expect(session.display == .x11(":1"))
        #expect(session.isDesktop("x-cinnamon"))
    }

    @Test func gnomeOnWaylandAsksGnomeShell() {
        // The extension answers on GNOME Shell's connection: where there is no GNOME Shell (the
        // tests' machine), opening says so.
        let session = DesktopSession(environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME"])
        do { _ = try session.openFocusSource(); Issue.record("opened a focus source without GNOME Shell") } catch {
            #expect(error.message.contains("GNOME Shell"), "\(error.message)")
        }
    }

    @Test func noDisplayIsNoDesktop() {
        #expect(DesktopSession(environment: [:]).display == .none)
    }

    @Test func focusMayAppearLaterWhereverThereIsADisplay() {
        #expect(DesktopSession(environment: ["DISPLAY": ":1"]).focusMayAppear)
        #expect(DesktopSession(environment: ["WAYLAND_DISPLAY": "wayland-1", "XDG_CURRENT_DESKTOP": "sway"]).focusMayAppear)
        #expect(DesktopSession(environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "GNOME"]).focusMayAppear)
        #expect(DesktopSession(environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "KDE"]).focusMayAppear)
        #expect(!DesktopSession(environment: [:]).focusMayAppear)
    }

    @Test func anX11ServerThatIsNotThereIsAnError() {
        let session = DesktopSession(environment: ["DISPLAY": ":4711"])
        do { _ = try session.openFocusSource(); Issue.record("opened a focus source on :4711") } catch {
            #expect(error.message.contains("cannot connect to the X server :4711"))
        }
        do { _ = try session.openKeySender(keyServiceSocket: "/nonexistent"); Issue.record("opened XTEST on :4711") } catch {
            #expect(error.message.contains("cannot connect to the X server :4711"))
        }
    }

    @Test func aWlrootsCompositorWithoutAVirtualKeyboardFallsBackAndSaysWhy() throws {
        let session = DesktopSession(environment: ["WAYLAND_DISPLAY": "/nonexistent/wayland-4711", "XDG_CURRENT_DESKTOP": "sway"])
        let path = try Self.keyServiceSocketStandIn("wlroots")
        defer { unlink(path) }
        var notes: [String] = []
        let sender = try session.openKeySender(keyServiceSocket: path) { notes.append($0) }
        #expect(sender.name == "uinput")
        #expect(notes.count == 1)
        #expect(notes.first?.contains("the compositor's virtual keyboard cannot be used (") == true)
        #expect(notes.first?.contains("/nonexistent/wayland-4711") == true)

        do { _ = try session.openKeySender(keyServiceSocket: "/nonexistent/keys.sock"); Issue.record("opened a key sender to nothing") } catch {
            #expect(error.message.contains("the compositor's virtual keyboard cannot be used ("))
            #expect(error.message.contains("the uinput key service is off"))
        }
    }

    @Test func gnomeWithoutItsExtensionFallsBackToTheKeyServiceAndSaysWhy() throws {
        let session = DesktopSession(environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "GNOME"])
        let path = try Self.keyServiceSocketStandIn("gnome")
        defer { unlink(path) }
        var notes: [String] = []
        let sender = try session.openKeySender(keyServiceSocket: path) { notes.append($0) }
        #expect(sender.name == "uinput")
        #expect(notes.first?.contains("GNOME Shell's extension cannot press keys (") == true, "\(notes)")
        do { _ = try session.openKeySender(keyServiceSocket: "/nonexistent/keys.sock"); Issue.record("opened a key sender to nothing") } catch {
            #expect(error.message.contains("GNOME Shell's extension cannot press keys ("))
            #expect(error.message.contains("the uinput key service is off"))
        }
    }

    @Test func theRunnersKeyServiceSocketIsTheUnitsListenStream() throws {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast(4)  // Tests/TransitionDesktopTests/Session/DesktopSessionTests.swift
        let unit = try String(contentsOfFile: parts.joined(separator: "/") + "/systemd/transitiond-keys.socket", encoding: .utf8)
        let listen = unit.split(separator: "\n").first { $0.hasPrefix("ListenStream=") }.map { String($0.dropFirst("ListenStream=".count)) }
        #expect(listen == DesktopSession.defaultKeyServiceSocket)
        #expect(DesktopSession.defaultKeyServiceSocket == KeyServiceSender.defaultSocketPath)
    }
}
