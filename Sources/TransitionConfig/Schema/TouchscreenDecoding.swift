// SPDX-License-Identifier: MIT
import TransitionCore

extension TableReader {
    /// The `[touchscreen]` table: `edge_zone_mm`, `edge_zone_share`, `rotation` (0, 90, 180,
    /// 270) and `device`, an array of `{ name, rotation }` tables (`[[touchscreen.device]]`).
    mutating func touchscreenSettings(_ d: inout Diagnostics) -> TouchscreenSettings {
        var settings = TouchscreenSettings.builtIn
        if let v = number("edge_zone_mm", Self.edgeZoneBound, &d) { settings.edgeZoneMm = v }
        if let v = number("edge_zone_share", Self.shareBound, &d) { settings.edgeZoneShare = v }
        if let r = rotation("rotation", &d) { settings.rotation = r }
        guard let entry = take("device") else { return settings }
        guard case .array(let items) = entry.node.value else {
            d.add(entry.node.position, "\(name("device")) must be an array of tables ([[touchscreen.device]]), not \(entry.node.value.kindDescription)")
            return settings
        }
        var seen: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            guard case .table(let table) = item.value else {
                d.add(item.position, "\(name("device")) must hold tables with 'name' and 'rotation', not \(item.value.kindDescription)")
                continue
            }
            var r = TableReader(table, context: "in [[touchscreen.device]] #\(i + 1)", position: item.position)
            let named = r.string("name", &d)
            let rotation = r.rotation("rotation", &d)
            if table["name"] == nil { d.add(item.position, "missing key 'name' in [[touchscreen.device]] #\(i + 1) (the device's name, as `transitionctl devices` shows it)") }
            if table["rotation"] == nil { d.add(item.position, "missing key 'rotation' in [[touchscreen.device]] #\(i + 1)") }
            r.reportUnknownKeys(&d)
            guard let (deviceName, position) = named, let rotation else { continue }
            if let first = seen[deviceName] {
                d.add(position, "touchscreen \(TOMLWriter.basicString(deviceName)) is already given a rotation on line \(first)")
                continue
            }
            seen[deviceName] = position.line
            settings.devices.append(.init(name: deviceName, rotation: rotation))
        }
        return settings
    }

    /// A rotation: 0, 90, 180 or 270.
    mutating func rotation(_ key: String, _ d: inout Diagnostics) -> PanelRotation? {
        guard let entry = take(key) else { return nil }
        guard case .integer(let i) = entry.node.value, let rotation = PanelRotation(rawValue: Int(i)) else {
            d.add(entry.node.position, "\(name(key)) must be 0, 90, 180 or 270 (degrees), not \(Self.show(entry.node.value))")
            return nil
        }
        return rotation
    }

    /// 0 (no edge swipes) to 50 mm.
    static let edgeZoneBound = Bound(holds: { $0 >= 0 && $0 <= 50 }, words: "between 0 and 50 mm")
    /// 0 to a quarter of the range.
    static let shareBound = Bound(holds: { $0 >= 0 && $0 <= 0.25 }, words: "between 0 and 0.25")
}
