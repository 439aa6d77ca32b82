// SPDX-License-Identifier: MIT
extension TableReader {
    /// The `[touchegg]` table: `enabled` (a boolean) and `end_percentage` (`"decision"`, `"last"`).
    mutating func toucheggSettings(_ d: inout Diagnostics) -> ToucheggSettings {
        var settings = ToucheggSettings.builtIn
        if let entry = take("enabled") {
            if case .boolean(let on) = entry.node.value {
                settings.enabled = on
            } else {
                d.add(entry.node.position, "\(name("enabled")) must be true or false, not \(entry.node.value.kindDescription)")
            }
        }
        if let choice = choice("end_percentage", ToucheggSettings.EndPercentage.allCases.map { ($0.rawValue, $0) }, &d) {
            settings.endPercentage = choice
        }
        return settings
    }
}
