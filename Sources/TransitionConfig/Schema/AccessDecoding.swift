// SPDX-License-Identifier: MIT
extension TableReader {
    /// The `[access]` table: `mode` (`"auto"`, `"active-session"`, `"group"`) and `always` (uids
    /// or user names, each resolved with `users` now, so a name that does not resolve is an error
    /// at its line).
    mutating func accessSettings(users: UserLookup, _ d: inout Diagnostics) -> AccessSettings {
        var settings = AccessSettings.builtIn
        if let mode = choice("mode", Self.accessModes, &d) { settings.mode = mode }
        guard let entry = take("always") else { return settings }
        guard case .array(let items) = entry.node.value else {
            d.add(entry.node.position, "\(name("always")) must be an array of uids or user names, not \(entry.node.value.kindDescription)")
            return settings
        }
        var seen: [UInt32: SourcePosition] = [:]
        for item in items {
            let exemption: AccessSettings.Exemption
            switch item.value {
            case .integer(let uid):
                guard uid >= 0, uid <= AccessSettings.maxUID else {
                    d.add(item.position, "\(name("always")): uid \(uid) is out of range (0 to \(AccessSettings.maxUID))")
                    continue
                }
                exemption = AccessSettings.Exemption(uid: UInt32(uid))
            case .string(let user):
                guard let uid = users(user) else {
                    d.add(item.position, "\(name("always")): no user named \(TOMLWriter.basicString(user)) on this system")
                    continue
                }
                exemption = AccessSettings.Exemption(uid: uid, name: user)
            default:
                d.add(item.position, "\(name("always")) must hold uids or user names, not \(item.value.kindDescription)")
                continue
            }
            if let first = seen[exemption.uid] {
                d.add(item.position, "\(name("always")): uid \(exemption.uid) is already listed on line \(first.line)")
                continue
            }
            seen[exemption.uid] = item.position
            settings.always.append(exemption)
        }
        return settings
    }

    /// `mode`'s values; `"auto"` is the default, written out.
    static let accessModes: [(String, AccessSettings.Mode?)] =
        [("auto", nil)] + AccessSettings.Mode.allCases.map { ($0.rawValue, $0) }
}
