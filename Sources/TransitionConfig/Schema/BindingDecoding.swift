// SPDX-License-Identifier: MIT
import TransitionCore

/// A decoded binding with where it was written, for clash and unit errors.
struct WrittenBinding {
    var binding: Binding
    var position: SourcePosition
    /// The binding's own distance, if it gives one.
    var distance: WrittenDistance?
}

enum BindingDecoding {
    /// `"swipe3-left"`: gesture, fingers, direction.
    static func parseShorthand(_ text: String) -> (GestureSource, Int, Direction)? {
        guard let dash = text.lastIndex(of: "-") else { return nil }
        let head = text[..<dash], tail = text[text.index(after: dash)...]
        guard let direction = Direction(rawValue: String(tail)),
              let digitIndex = head.firstIndex(where: \.isNumber),
              let source = GestureSource(rawValue: String(head[..<digitIndex])),
              let fingers = Int(head[digitIndex...]), head[digitIndex...].allSatisfy(\.isASCII)
        else { return nil }
        return (source, fingers, direction)
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

    private static func one(_ node: TOMLNode, index: Int?, transition: String, owner: String,
                            _ d: inout Diagnostics) -> WrittenBinding? {
        let label = index.map { "binding \($0) of \(owner)" } ?? "binding of \(owner)"
        switch node.value {
        case .string(let text):
            guard let (source, fingers, direction) = parseShorthand(text) else {
                d.add(node.position, "\(label) must look like \"<gesture><fingers>-<direction>\", such as \"swipe3-left\", not \(TOMLWriter.basicString(text))")
                return nil
            }
            guard check(source, fingers, direction, at: node.position, node.position, node.position, label, &d) else { return nil }
            return WrittenBinding(binding: Binding(source: source, fingers: fingers, direction: direction, transition: transition),
                                  position: node.position)
        case .table(let table):
            var r = TableReader(table, context: "in \(label)", position: node.position)
            let gestureEntry = table["gesture"], fingersEntry = table["fingers"], directionEntry = table["direction"]
            let source = r.choice("gesture", Schema.gestures, &d)
            if gestureEntry == nil { d.add(node.position, "missing key 'gesture' in \(label) (one of \"swipe\", \"scroll\", \"touch\", \"pinch\")") }
            var fingers = r.integer("fingers", 1...10, &d)
            if fingersEntry == nil {
                if source == .scroll { fingers = 2 }
                else if source != nil { d.add(node.position, "missing key 'fingers' in \(label)") }
            }
            let direction = r.choice("direction", Direction.allCases.map { ($0.rawValue, $0) }, &d)
            if directionEntry == nil { d.add(node.position, "missing key 'direction' in \(label)") }
            let distance = r.distance(allowAuto: false, &d)
            r.reportUnknownKeys(&d)
            guard let source, let fingers, let direction else { return nil }
            guard check(source, fingers, direction, at: node.position, fingersEntry?.node.position ?? node.position,
                        directionEntry?.node.position ?? node.position, label, &d) else { return nil }
            return WrittenBinding(binding: Binding(source: source, fingers: fingers, direction: direction,
                                                   transition: transition, distance: distance?.distance),
                                  position: node.position, distance: distance)
        default:
            d.add(node.position, "\(label) must be a string such as \"swipe3-left\" or a table, not \(node.value.kindDescription)")
            return nil
        }
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
    /// everything else in touchpad units or mm).
    static func unit(_ unit: DistanceUnit, fits source: GestureSource) -> Bool {
        Distance(1, unit).inNativeUnits(of: source) != nil
    }
}
