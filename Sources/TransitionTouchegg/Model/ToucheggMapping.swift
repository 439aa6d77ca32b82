// SPDX-License-Identifier: MIT
public import TransitionCore

/// How transitiond's gestures map onto Touchégg's numbers, and which gestures Touchégg's clients
/// are sent. One table row per gesture source: adding a source is one line.
public enum ToucheggMapping {
    /// One gesture source as Touchégg names it.
    public struct Row: Sendable, Hashable {
        /// transitiond's source.
        public var source: GestureSource
        /// `gesture_type`: 1 swipe, 2 pinch, 3 tap.
        public var type: UInt32
        /// `performed_on_device_type`: 1 touchpad, 2 touchscreen.
        public var deviceType: UInt32
        /// The finger counts Touchégg's daemon reports for it.
        public var fingers: ClosedRange<Int>
        /// The directions it can take.
        public var directions: [Direction]
        /// Whether the endpoint's engine binds it by default when the configuration does not
        /// (an edge swipe is a touchscreen pan unless the configuration binds edges).
        public var covered = true
    }

    private static let pan: [Direction] = [.up, .down, .left, .right]

    /// Every gesture the endpoint sends. Two-finger touchpad scrolls are not Touchégg gestures.
    public static let rows: [Row] = [
        Row(source: .swipe, type: 1, deviceType: 1, fingers: 3...4, directions: pan),
        Row(source: .pinch, type: 2, deviceType: 1, fingers: 2...4, directions: [.in, .out]),
        Row(source: .touch, type: 1, deviceType: 2, fingers: 2...5, directions: pan),
        Row(source: .touchPinch, type: 2, deviceType: 2, fingers: 2...5, directions: [.in, .out]),
        Row(source: .edge, type: 1, deviceType: 2, fingers: 1...5, directions: pan, covered: false),
    ]

    /// A touchscreen tap: `gesture_type` 3, on a touchscreen, no direction.
    public static let tap = (type: UInt32(3), deviceType: UInt32(2))

    /// The row of `source`, `nil` when Touchégg's clients are not sent it.
    public static func row(for source: GestureSource) -> Row? {
        rows.first { $0.source == source }
    }

    /// `gesture_direction`.
    public static func code(for direction: Direction) -> UInt32 {
        switch direction {
        case .up: 1
        case .down: 2
        case .left: 3
        case .right: 4
        case .in: 5
        case .out: 6
        case .cw, .ccw: 0          // Touchégg has no rotation; no row sends one
        }
    }
}

extension EngineConfiguration {
    /// The name prefix of the transitions ``coveringTouchegg()`` adds.
    public static let toucheggPrefix = "touchegg:"

    /// How far a touchscreen pan travels on `@touchegg` when its distance is "auto": 20 % of the
    /// screen's side, Touchégg's 100 % (2 % of the smaller side to begin, 2 % more and 16 % of the
    /// side along the axis to fill, `libinput-device-handler.cpp`, Touchégg 2.0.18). Its decision
    /// at progress 0.5 falls between its clients' thresholds (docs/touchegg.md).
    public static let toucheggTouchscreenDistance = Distance(20, .percent)

    /// This configuration plus one transition, at the default settings, for every gesture in
    /// ``ToucheggMapping/rows`` that no binding here covers: the Touchégg endpoint's own engine
    /// runs it, so every recognised gesture reaches Touchégg's clients, bound or not, and a
    /// bound one is decided exactly as the daemon's engine decides it.
    public func coveringTouchegg() -> EngineConfiguration {
        var result = self
        for i in result.bindings.indices where result.bindings[i].source == .touch && result.bindings[i].distance == nil {
            let spec = result.transitions.first { $0.name == result.bindings[i].transition }
            if spec?.distance == nil { result.bindings[i].distance = Self.toucheggTouchscreenDistance }
        }
        for row in ToucheggMapping.rows where row.covered {
            for fingers in row.fingers {
                for direction in row.directions where !bindings.contains(where: {
                    $0.source == row.source && $0.fingers == fingers && $0.direction == direction
                }) {
                    let name = "\(Self.toucheggPrefix)\(row.source.rawValue)\(fingers)-\(direction.rawValue)"
                    let distance = row.source == .touch ? Self.toucheggTouchscreenDistance : nil
                    result.transitions.append(TransitionSpec(name: name, distance: distance))
                    result.bindings.append(Binding(source: row.source, fingers: fingers, direction: direction, transition: name))
                }
            }
        }
        return result
    }
}
