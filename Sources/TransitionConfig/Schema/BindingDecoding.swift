// SPDX-License-Identifier: MIT
import TransitionCore

/// A decoded binding with where it was written, for clash and unit errors.
struct WrittenBinding {
    /// A pan, pinch, rotation or edge swipe; `nil` for a tap or a hold.
    var binding: Binding?
    /// A tap; `nil` for the others.
    var tap: TapBinding?
    /// A hold (`hold<N>`, `touchhold<N>`); `nil` for the others.
    var hold: HoldBinding?
    var position: SourcePosition
    /// The binding's own distance, if it gives one.
    var distance: WrittenDistance?

    /// `swipe3-left`, `edge1-left`, `tap3`, `padtap4`, `hold3`: the name clashes are reported by.
    var gestureName: String { binding?.gestureName ?? tap?.gestureName ?? hold?.gestureName ?? "" }
}

/// What a binding names: a gesture that drives a transition, or a tap that runs one.
enum BoundGesture: Equatable {
    /// `<source><fingers>-<direction>`; for an edge, the direction is the inward one.
    case pan(GestureSource, Int, Direction)
    /// `tap<fingers>`, or `padtap<fingers>` (`touchpad`).
    case tap(Int, touchpad: Bool)
    /// `hold<fingers>` (a touchpad hold) or `touchhold<fingers>` (a touchscreen long press).
    case hold(GestureSource, Int)
}

enum BindingDecoding {
    /// The inward direction of a swipe in from the edge named `name`: `left` moves right.
    static func inward(fromEdge name: String) -> Direction? {
        switch name {
        case "left": .right
        case "right": .left
        case "top": .down
        case "bottom": .up
        default: nil
        }
    }

    /// `"swipe3-left"`: gesture, fingers, direction; `"edge1-left"`: an edge swipe in from the
    /// left (moving right); `"tap3"`: a three-finger touchscreen tap; `"padtap4"`: a
    /// four-finger touchpad tap; `"rotate2-cw"`: a touchpad pinch turning clockwise;
    /// `"hold3"`, `"touchhold1"`: holds.
    static func parseShorthand(_ text: String) -> BoundGesture? {
        guard let digitIndex = text.firstIndex(where: \.isNumber) else { return nil }
        let name = String(text[..<digitIndex])
        let hold = GestureSource(rawValue: name).flatMap { $0.isHold ? $0 : nil }
        if name == "tap" || name == GestureSource.padtap.rawValue || hold != nil {
            let digits = text[digitIndex...]
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let fingers = Int(digits) else { return nil }
            if let hold { return .hold(hold, fingers) }
            return .tap(fingers, touchpad: name != "tap")
        }
        guard let dash = text.lastIndex(of: "-"), dash > digitIndex else { return nil }
        let head = text[..<dash], tail = String(text[text.index(after: dash)...])
        guard let source = GestureSource(rawValue: name),
              let fingers = Int(head[digitIndex...]), head[digitIndex...].allSatisfy(\.isASCII) else { return nil }
        if source == .edge {
            guard let direction = inward(fromEdge: tail) else { return nil }
            return .pan(.edge, fingers, direction)
        }
        guard let direction = Direction(rawValue: tail) else { return nil }
        return .pan(source, fingers, direction)
    }

    /// The `binding` entry of a transition: a string, a table, or an array of either.
    static func bindings(_ entry: TOMLEntry, transition: String, owner: String,
                         _ d: inout Diagnostics) -> [WrittenBinding] {
        switch entry.node.value {
        case .array(let items):
            var out: [WrittenBinding] = []
            for (i, item) in items.enumerated() {
                if let b = one(item, index: items.count > 1 ? i + 1 : nil, transition: transition, owner: owner, &d) {
                    out.append(b)
                }
            }
            return out
        default:
            return one(entry.node, index: nil, transition: transition, owner: owner, &d).map { [$0] } ?? []
        }
    }

    /// Gesture names a binding table's `gesture` takes: the sources (`padtap` among them, a
    /// touchpad tap), and `tap`.
    static let gestureNames: [(String, GestureSource?)] =
        GestureSource.allCases.map { ($0.rawValue, Optional($0)) } + [("tap", nil)]

    private static func one(_ node: TOMLNode, index: Int?, transition: String, owner: String,
                            _ d: inout Diagnostics) -> WrittenBinding? {
        let label = index.map { "binding \($0) of \(owner)" } ?? "binding of \(owner)"
        switch node.value {
        case .string(let text):
            switch parseShorthand(text) {
            case nil:
                d.add(node.position, "\(label) must look like \"<gesture><fingers>-<direction>\", such as \"swipe3-left\", \"edge1-left\", \"rotate2-cw\", \"tap3\", \"padtap4\" or \"hold3\", not \(TOMLWriter.basicString(text))")
                return nil
            case .hold(let source, let fingers)?:
                guard checkHold(source, fingers, at: node.position, label, &d) else { return nil }
                return WrittenBinding(hold: HoldBinding(source: source, fingers: fingers, transition: transition),
                                      position: node.position)
            case .tap(let fingers, let touchpad)?:
                guard checkTap(fingers, touchpad: touchpad, at: node.position, label, &d) else { return nil }
                return WrittenBinding(tap: TapBinding(fingers: fingers, transition: transition, touchpad: touchpad),
                                      position: node.position)
            case .pan(let source, let fingers, let direction)?:
                guard check(source, fingers, direction, at: node.position, node.position, node.position, label, &d) else { return nil }
                return WrittenBinding(binding: Binding(source: source, fingers: fingers, direction: direction, transition: transition),
                                      position: node.position)
            }
        case .table(let table):
            var r = TableReader(table, context: "in \(label)", position: node.position)
            let gestureEntry = table["gesture"], fingersEntry = table["fingers"]
            let gesture = r.choice("gesture", gestureNames, &d)
            if gestureEntry == nil { d.add(node.position, "missing key 'gesture' in \(label) (one of \(gestureNames.map { TOMLWriter.basicString($0.0) }.joined(separator: ", ")))") }
            let source = gesture ?? nil
            var fingers = r.integer("fingers", 1...10, &d)
            if fingersEntry == nil {
                if source == .scroll { fingers = 2 }
                else if gesture != nil { d.add(node.position, "missing key 'fingers' in \(label)") }
            }
            if let gesture, gesture == nil || gesture == .padtap {
                // A tap: fingers only.
                let touchpad = gesture == .padtap
                r.reportUnknownKeys(&d)
                guard let fingers, checkTap(fingers, touchpad: touchpad, at: fingersEntry?.node.position ?? node.position,
                                            label, &d) else { return nil }
                return WrittenBinding(tap: TapBinding(fingers: fingers, transition: transition, touchpad: touchpad),
                                      position: node.position)
            }
            if let source, source.isHold {
                // A hold: fingers only.
                r.reportUnknownKeys(&d)
                guard let fingers, checkHold(source, fingers, at: fingersEntry?.node.position ?? node.position, label, &d) else { return nil }
                return WrittenBinding(hold: HoldBinding(source: source, fingers: fingers, transition: transition),
                                      position: node.position)
            }
            var direction: Direction?
            var directionAt = node.position
            if source == .edge {
                let edgeEntry = table["edge"]
                directionAt = edgeEntry?.node.position ?? node.position
                direction = r.choice("edge", ["left", "right", "top", "bottom"].map { ($0, inward(fromEdge: $0)!) }, &d)
                if edgeEntry == nil { d.add(node.position, "missing key 'edge' in \(label) (an edge swipe names the edge it comes in from)") }
            } else {
                let directionEntry = table["direction"]
                directionAt = directionEntry?.node.position ?? node.position
                direction = r.choice("direction", Direction.allCases.map { ($0.rawValue, $0) }, &d)
                if directionEntry == nil { d.add(node.position, "missing key 'direction' in \(label)") }
            }
            let distance = r.distance(allowAuto: false, &d)
            r.reportUnknownKeys(&d)
            guard let source, let fingers, let direction else { return nil }
            guard check(source, fingers, direction, at: node.position, fingersEntry?.node.position ?? node.position,
                        directionAt, label, &d) else { return nil }
            return WrittenBinding(binding: Binding(source: source, fingers: fingers, direction: direction,
                                                   transition: transition, distance: distance?.distance),
                                  position: node.position, distance: distance)
        default:
            d.add(node.position, "\(label) must be a string such as \"swipe3-left\" or a table, not \(node.value.kindDescription)")
            return nil
        }
    }

    private static func checkTap(_ fingers: Int, touchpad: Bool, at position: SourcePosition, _ label: String,
                                 _ d: inout Diagnostics) -> Bool {
        let range = touchpad ? EngineConfiguration.allowedPadTapFingers : EngineConfiguration.allowedTapFingers
        guard range.contains(fingers) else {
            let why = touchpad ? " (one and two are the desktop's clicks)" : ""
            d.add(position, "\(label): a \(touchpad ? "padtap" : "tap") has \(range.lowerBound) to \(range.upperBound) fingers\(why), not \(fingers)")
            return false
        }
        return true
    }

    private static func checkHold(_ source: GestureSource, _ fingers: Int, at position: SourcePosition, _ label: String,
                                  _ d: inout Diagnostics) -> Bool {
        let range = Schema.fingers(for: source)
        guard range.contains(fingers) else {
            d.add(position, "\(label): a \(source.rawValue) has \(range.lowerBound) to \(range.upperBound) fingers, not \(fingers)")
            return false
        }
        return true
    }

    private static func check(_ source: GestureSource, _ fingers: Int, _ direction: Direction,
                              at position: SourcePosition, _ fingersAt: SourcePosition, _ directionAt: SourcePosition,
                              _ label: String, _ d: inout Diagnostics) -> Bool {
        var ok = true
        let range = Schema.fingers(for: source)
        if !range.contains(fingers) {
            let allowed = range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
            d.add(fingersAt, "\(label): a \(source.rawValue) has \(allowed) fingers, not \(fingers)")
            ok = false
        }
        let directions = Schema.directions(for: source)
        if !directions.contains(direction) {
            d.add(directionAt, "\(label): a \(source.rawValue) goes \(directions.map { TOMLWriter.basicString($0.rawValue) }.joined(separator: ", ")), not \(TOMLWriter.basicString(direction.rawValue))")
            ok = false
        }
        return ok
    }

    /// Whether `unit` measures `source`'s movement (the engine's rule: pinches in scale,
    /// rotations in degrees, touchscreen pans and edge swipes also in percent of the screen,
    /// everything else in touchpad units or mm).
    static func unit(_ unit: DistanceUnit, fits source: GestureSource) -> Bool {
        Distance(1, unit).inNativeUnits(of: source) != nil
    }

    /// The keys a distance for `source` can be written with, for error messages.
    static func distanceKeys(for source: GestureSource) -> String {
        if source.isPinch { return "'distance_scale'" }
        if source.isRotation { return "'distance_degrees'" }
        if unit(.percent, fits: source) { return "'distance' (touchpad units), 'distance_mm' or 'distance_percent'" }
        return "'distance' (touchpad units) or 'distance_mm'"
    }
}
