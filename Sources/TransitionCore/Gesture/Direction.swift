// SPDX-License-Identifier: MIT
/// The direction a pan drives a transition towards completion.
public enum Direction: String, Sendable, Hashable, CaseIterable, Codable {
    /// Pans: towards the left, right, top or bottom edge.
    case left, right, up, down
    /// Pinch: fingers moving together / apart.
    case `in`, out
    /// Rotation (a touchpad pinch's angle, a touchscreen twist): clockwise / counter-clockwise,
    /// as the viewer sees it.
    case cw, ccw

    /// The axis the direction lies on.
    public var axis: Axis {
        switch self {
        case .left, .right: .horizontal
        case .up, .down: .vertical
        case .in, .out: .scale
        case .cw, .ccw: .rotation
        }
    }

    /// +1 when the direction grows the axis value (right, down, out, cw), −1 otherwise.
    public var sign: Double {
        switch self {
        case .right, .down, .out, .cw: 1
        case .left, .up, .in, .ccw: -1
        }
    }
}

/// An axis a pan locks onto after the slop.
public enum Axis: String, Sendable, Hashable, CaseIterable, Codable {
    /// x, y, or a pinch's scale.
    case horizontal, vertical, scale
    /// A pinch's or twist's angle, degrees, positive clockwise.
    case rotation
}
