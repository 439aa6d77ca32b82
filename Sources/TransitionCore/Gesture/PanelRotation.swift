// SPDX-License-Identifier: MIT
/// How a touchscreen is mounted relative to the viewer, in quarter turns: the `rotation` setting.
///
/// With `rotation = 90` the panel is turned a quarter turn counter-clockwise from its native
/// orientation, so its native top edge is on the viewer's left:
///
/// | rotation | native top edge is the viewer's | native left edge is the viewer's |
/// | --- | --- | --- |
/// | 0 | top | left |
/// | 90 | left | bottom |
/// | 180 | bottom | right |
/// | 270 | right | top |
///
/// The same turn as libinput's `LIBINPUT_CALIBRATION_MATRIX`: 90 is `0 1 0 -1 0 1`, 180 is
/// `-1 0 1 0 -1 1`, 270 is `0 -1 1 1 0 0` (libinput applies a matrix before transitiond sees
/// the positions; use one or the other, not both).
public enum PanelRotation: Int, Sendable, Hashable, CaseIterable, Codable {
    /// Natively mounted.
    case none = 0
    /// A quarter turn counter-clockwise: the native top edge is the viewer's left.
    case quarter = 90
    /// Upside down.
    case half = 180
    /// A quarter turn clockwise: the native top edge is the viewer's right.
    case threeQuarters = 270

    /// The point (`x`, `y`) of a panel `width` × `height` (native, positions from the native
    /// top-left corner) as the viewer sees it, from the viewer's top-left corner.
    public func apply(x: Double, y: Double, width: Double, height: Double) -> (x: Double, y: Double) {
        switch self {
        case .none: (x, y)
        case .quarter: (y, width - x)
        case .half: (width - x, height - y)
        case .threeQuarters: (height - y, x)
        }
    }

    /// The panel's size as the viewer sees it: width and height swap for quarter turns.
    public func apply(_ extent: DeviceExtent) -> DeviceExtent {
        switch self {
        case .none, .half: extent
        case .quarter, .threeQuarters: DeviceExtent(width: extent.height, height: extent.width)
        }
    }
}
