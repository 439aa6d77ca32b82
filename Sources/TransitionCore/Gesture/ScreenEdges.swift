// SPDX-License-Identifier: MIT
/// The edges of a touchscreen whose edge zone a pan started in (every finger landed within
/// the zone). A finger landing in a corner lies in two edges' zones; the direction the pan then
/// moves decides which edge it swipes in from (see ``origin(of:)``).
public struct ScreenEdges: OptionSet, Sendable, Hashable, Codable {
    /// Bits: left 1, right 2, top 4, bottom 8.
    public let rawValue: UInt8
    /// A set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The viewer's left edge.
    public static let left = ScreenEdges(rawValue: 1)
    /// The viewer's right edge.
    public static let right = ScreenEdges(rawValue: 2)
    /// The viewer's top edge.
    public static let top = ScreenEdges(rawValue: 4)
    /// The viewer's bottom edge.
    public static let bottom = ScreenEdges(rawValue: 8)

    /// The edge a pan moving in `direction` comes in from: a pan moving right comes in from the
    /// left edge, one moving up from the bottom. Empty for `in`, `out`, `cw` and `ccw`.
    public static func origin(of direction: Direction) -> ScreenEdges {
        switch direction {
        case .right: .left
        case .left: .right
        case .down: .top
        case .up: .bottom
        case .in, .out, .cw, .ccw: []
        }
    }

    /// The edges' names, `left`, `right`, `top`, `bottom`, in that order (the trace and the
    /// binding names use them).
    public var names: [String] {
        [(ScreenEdges.left, "left"), (.right, "right"), (.top, "top"), (.bottom, "bottom")]
            .filter { contains($0.0) }.map(\.1)
    }

    /// The edge named `name` (`left`, `right`, `top`, `bottom`).
    public init?(name: String) {
        switch name {
        case "left": self = .left
        case "right": self = .right
        case "top": self = .top
        case "bottom": self = .bottom
        default: return nil
        }
    }

    /// The edges of a `width` × `height` panel whose zone holds the point (`x`, `y`): the left
    /// and right zones are `zoneX` wide, the top and bottom ones `zoneY` (same units; the origin
    /// is the top-left corner, y grows downwards).
    public static func containing(x: Double, y: Double, width: Double, height: Double,
                                  zoneX: Double, zoneY: Double) -> ScreenEdges {
        var edges: ScreenEdges = []
        guard width > 0, height > 0 else { return edges }
        if zoneX > 0 {
            if x < zoneX { edges.insert(.left) }
            if x > width - zoneX { edges.insert(.right) }
        }
        if zoneY > 0 {
            if y < zoneY { edges.insert(.top) }
            if y > height - zoneY { edges.insert(.bottom) }
        }
        return edges
    }
}

extension Direction {
    /// The direction pointing the other way (`left` ↔ `right`, `up` ↔ `down`, `in` ↔ `out`, `cw` ↔ `ccw`).
    public var opposite: Direction {
        switch self {
        case .left: .right
        case .right: .left
        case .up: .down
        case .down: .up
        case .in: .out
        case .out: .in
        case .cw: .ccw
        case .ccw: .cw
        }
    }
}
