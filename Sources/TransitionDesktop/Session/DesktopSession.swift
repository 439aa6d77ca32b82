// SPDX-License-Identifier: MIT

/// The desktop the runner runs in, read from its environment, and the edges that reach it: a
/// focus source and a key sender, each the best the desktop offers.
public struct DesktopSession: Equatable, Sendable {
    /// The display server the session runs on.
    public enum Display: Equatable, Sendable {
        /// A Wayland compositor (`WAYLAND_DISPLAY`).
        case wayland(String)
        /// An X server (`DISPLAY`), with no Wayland compositor around it.
        case x11(String)
        /// Neither: a console, a service, a test.
        case none
    }

    /// Where the uinput key service listens (`transitiond-keys.socket`): the key service's own
    /// ``KeyServiceSender/defaultSocketPath``.
    public static let defaultKeyServiceSocket = KeyServiceSender.defaultSocketPath

    /// Wayland first: under XWayland both are set, and X11 would see only X clients.
    public var display: Display
    /// `XDG_CURRENT_DESKTOP`, split on ':' ("GNOME", "KDE", "sway", "Hyprland", "niri", "X-Cinnamon").
    public var desktops: [String]

    /// Reads `WAYLAND_DISPLAY`, `DISPLAY` and `XDG_CURRENT_DESKTOP`.
    public init(environment: [String: String]) {
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty {
            display = .wayland(wayland)
        } else if let x = environment["DISPLAY"], !x.isEmpty {
            display = .x11(x)
        } else {
            display = .none
        }
        desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map(String.init)
    }

    /// Whether the desktop is one of `names` (compared without case).
    public func isDesktop(_ names: String...) -> Bool {
        desktops.contains { d in names.contains { $0.lowercased() == d.lowercased() } }
    }

    /// Whether a focus source that cannot be opened now may open later: an X server whose
    /// window manager is not up yet, a compositor starting, KWin not on the session bus yet or
    /// restarted, transitiond's GNOME Shell extension not enabled yet. Not without a display.
    public var focusMayAppear: Bool {
        switch display {
        case .x11, .wayland: true
        case .none: false
        }
    }

    /// Opens the focus source this desktop offers, or says why there is none.
    public func openFocusSource() throws(DesktopError) -> any FocusSource {
        switch display {
        case .wayland(let name):
            if isDesktop("GNOME") { return try Self.gnomeShellFocusSource() }
            if isDesktop("KDE") { return try Self.kwinFocusSource() }
            return try Self.waylandFocusSource(display: name)
        case .x11(let name):
            return try Self.x11FocusSource(display: name)
        case .none:
            throw DesktopError("no desktop session (neither WAYLAND_DISPLAY nor DISPLAY is set)")
        }
    }

    /// Opens the key sender this desktop offers: XTEST on X11, the virtual-keyboard protocol on
    /// wlroots compositors, transitiond's GNOME Shell extension on GNOME on Wayland, and the
    /// uinput key service everywhere else (KDE on Wayland, the console) and as the fallback.
    public func openKeySender(keyServiceSocket: String) throws(DesktopError) -> any KeySender {
        try openKeySender(keyServiceSocket: keyServiceSocket, note: { _ in })
    }

    /// ``openKeySender(keyServiceSocket:)``, saying through `note` why it fell back: on a
    /// wlroots compositor whose virtual keyboard cannot be opened (a compositor without
    /// `zwp_virtual_keyboard_manager_v1`, a refused connection) the uinput key service presses
    /// the keys, and `note` gets the Wayland error; likewise on GNOME when its extension cannot
    /// press them (not enabled). When the key service cannot be opened either, the error names
    /// both reasons.
    public func openKeySender(keyServiceSocket: String, note: (String) -> Void) throws(DesktopError) -> any KeySender {
        switch display {
        case .x11(let name):
            return try Self.x11KeySender(display: name)
        case .wayland(let name) where !isDesktop("KDE"):
            let gnome = isDesktop("GNOME")
            let first: DesktopError
            do throws(DesktopError) {
                return try gnome ? Self.gnomeShellKeySender(display: name) : Self.waylandKeySender(display: name)
            } catch {
                first = error
            }
            let what = gnome ? "GNOME Shell's extension cannot press keys" : "the compositor's virtual keyboard cannot be used"
            do throws(DesktopError) {
                let sender = try Self.keyServiceSender(socketPath: keyServiceSocket)
                note("\(what) (\(first.message)); pressing keys through the uinput key service instead")
                return sender
            } catch {
                throw DesktopError("\(what) (\(first.message)), and \(error.message)")
            }
        case .wayland, .none:
            return try Self.keyServiceSender(socketPath: keyServiceSocket)
        }
    }
}
