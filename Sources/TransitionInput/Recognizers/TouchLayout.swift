// SPDX-License-Identifier: MIT
import TransitionCore

/// Where a touchscreen's positions lie, as the touch recogniser needs it: the panel's size, how
/// it is mounted, and the sizes of its edge zones and tap tolerance, all in the units of its
/// positions (mm, or device units for a panel that reports no resolution).
struct TouchLayout: Equatable {
    /// The panel's native size, `nil` when unknown (then no pan starts at an edge).
    var extent: DeviceExtent?
    /// Whether ``extent`` is in mm (libinput knows the panel's size) rather than device units.
    var extentInMm = true
    /// How the panel is mounted: positions are turned into the viewer's frame.
    var rotation: PanelRotation = .none
    /// The native left and right edge zones' width (0: no edge swipes).
    var edgeZoneX: Double = 0
    /// The native top and bottom edge zones' height.
    var edgeZoneY: Double = 0
    /// The farthest a finger of a tap may move from where it landed.
    var tapTravel: Double = TouchLayout.tapTravelMm

    /// A tap's fingers move at most 3 mm (the touchscreen slop, ``SourceDefaults/touchscreenSlop``):
    /// libinput's touchpad tap allows 1.3 mm, but a finger on glass rolls and a touchscreen
    /// reports it with more jitter than a touchpad.
    static let tapTravelMm = 3.0

    /// The panel's size as the viewer sees it.
    var viewExtent: DeviceExtent? { extent.map(rotation.apply) }

    /// The panel's physical size as the viewer sees it, `nil` when libinput knows none.
    var viewSizeMm: DeviceExtent? { extentInMm ? viewExtent : nil }

    /// A native position as the viewer sees it.
    func viewPoint(x: Double, y: Double) -> (x: Double, y: Double) {
        rotation.apply(x: x, y: y, width: extent?.width ?? 0, height: extent?.height ?? 0)
    }

    /// The edge zones a native position lies in, in the viewer's frame.
    func edges(atViewX x: Double, y: Double) -> ScreenEdges {
        guard let view = viewExtent else { return [] }
        let quarter = rotation == .quarter || rotation == .threeQuarters
        return ScreenEdges.containing(x: x, y: y, width: view.width, height: view.height,
                                      zoneX: quarter ? edgeZoneY : edgeZoneX, zoneY: quarter ? edgeZoneX : edgeZoneY)
    }

    /// The layout of a touchscreen named `name` under `settings`: with its size in mm
    /// (`sizeMm`, from `libinput_device_get_size`), zones of ``TouchscreenSettings/edgeZoneMm``;
    /// without one, positions are in device units (libinput's fallback), the extent is the
    /// panel's range (`range`), and the zones are ``TouchscreenSettings/edgeZoneShare`` of it
    /// along each axis, the tap tolerance 1 % of its shorter side.
    static func touchscreen(named name: String, sizeMm: DeviceExtent?, range: DeviceExtent?,
                            settings: TouchscreenSettings) -> TouchLayout {
        let rotation = settings.rotation(forDeviceNamed: name)
        if let sizeMm {
            return TouchLayout(extent: sizeMm, rotation: rotation, edgeZoneX: settings.edgeZoneMm,
                               edgeZoneY: settings.edgeZoneMm)
        }
        guard let range else { return TouchLayout(rotation: rotation) }
        return TouchLayout(extent: range, extentInMm: false, rotation: rotation, edgeZoneX: settings.edgeZoneShare * range.width,
                           edgeZoneY: settings.edgeZoneShare * range.height,
                           tapTravel: 0.01 * min(range.width, range.height))
    }
}
