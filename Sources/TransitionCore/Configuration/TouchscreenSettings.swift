// SPDX-License-Identifier: MIT
/// The `[touchscreen]` table: how wide the edge zones are, and how each panel is mounted.
///
/// The input layer reads these; a reload applies them to every touchscreen from its next touch.
public struct TouchscreenSettings: Sendable, Hashable, Codable {
    /// `edge_zone_mm`: how far from an edge a pan may start and still swipe in from it, mm
    /// (0 turns edge swipes off). See ``defaultEdgeZoneMm`` for why 5.
    public var edgeZoneMm: Double
    /// `edge_zone_share`: for a panel that reports no size (no resolution, so
    /// `libinput_device_get_size` fails), the zone as a share of the panel's range along each axis.
    public var edgeZoneShare: Double
    /// `rotation`: how every touchscreen is mounted, unless ``devices`` names it.
    public var rotation: PanelRotation
    /// `[[touchscreen.device]]`: the rotation of the touchscreens with this exact name.
    public var devices: [DeviceRotation]

    /// One `[[touchscreen.device]]` entry.
    public struct DeviceRotation: Sendable, Hashable, Codable {
        /// The device's name as the kernel reports it (`transitionctl devices` shows it).
        public var name: String
        /// How it is mounted.
        public var rotation: PanelRotation
        /// The panel named `name` is mounted turned by `rotation`.
        public init(name: String, rotation: PanelRotation) { self.name = name; self.rotation = rotation }
    }

    /// Settings with these values; the defaults are the built-in ones.
    public init(edgeZoneMm: Double = TouchscreenSettings.defaultEdgeZoneMm,
                edgeZoneShare: Double = TouchscreenSettings.defaultEdgeZoneShare,
                rotation: PanelRotation = .none, devices: [DeviceRotation] = []) {
        self.edgeZoneMm = edgeZoneMm; self.edgeZoneShare = edgeZoneShare
        self.rotation = rotation; self.devices = devices
    }

    /// The built-in settings: 5 mm zones, 3 % of the range without a size, no rotation.
    public static var builtIn: TouchscreenSettings { TouchscreenSettings() }

    /// 5 mm. The anchors, converted at the densities the projects run at: GNOME Shell starts an
    /// edge drag within 20 logical px (5.3 mm at 96 dpi; ≈ 4.7 mm on a 216-dpi tablet at scale
    /// 2), with progress over 80 px; lisgd within 50 px (≈ 4.7 mm on the PinePhone's 270-dpi
    /// panel, which it was written for); phoc's bar is 15 px (≈ 2.8 mm at the PinePhone's scale
    /// 2), finishing at 0.3 of the travel or a 1500 px/s fling; hyprgrass 10 px (2.6 mm at 96
    /// dpi); KWin 8 px (2.1 mm), with progress over 44 px; NVDA 15 mm. GNOME and lisgd, the two
    /// most used on tablets and phones, agree on about 5 mm; KWin's and hyprgrass's 2-3 mm miss
    /// fingers whose first reported contact lands a few mm in (a finger pad is 8-10 mm wide and
    /// the panel reports its centre); NVDA's 15 mm serves a screen reader that owns every touch,
    /// and would turn too many ordinary pans near an edge into edge swipes here, where
    /// applications see the touch too.
    public static let defaultEdgeZoneMm = 5.0
    /// 3 % of the range: 5 mm is 1.7 % of a 13-inch panel's width and 7.7 % of a phone's; 3 % is
    /// about 5 mm on an 8- to 10-inch tablet, the size of the panels that report no resolution
    /// in the recordings (N-Trig, Atmel maXTouch).
    public static let defaultEdgeZoneShare = 0.03

    /// The rotation of the touchscreen named `name`: its own entry, else ``rotation``.
    public func rotation(forDeviceNamed name: String) -> PanelRotation {
        devices.last(where: { $0.name == name })?.rotation ?? rotation
    }
}
