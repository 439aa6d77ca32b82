// SPDX-License-Identifier: MIT
import Glibc

/// The process's environment, the one reader of it in every process here: the pure parts
/// (socket location, actions and settings paths, the desktop, the access mode's defaults) are
/// handed a dictionary or a value, never `getenv`.
public enum ProcessEnvironment {
    /// The value of `name`; nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The values of `names` that are set.
    public static func values(_ names: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for name in names {
            if let value = value(name) { result[name] = value }
        }
        return result
    }

    /// Every variable.
    public static var current: [String: String] {
        var result: [String: String] = [:]
        for entry in entries() {
            if let eq = entry.firstIndex(of: "=") {
                result[String(entry[..<eq])] = String(entry[entry.index(after: eq)...])
            }
        }
        return result
    }

    /// The environment as `NAME=value` entries, in order, with `extra` entries (`NAME=value`)
    /// added after it and replacing those of the same name: what a spawned command gets.
    public static func entries(adding extra: [String] = []) -> [String] {
        var names = Set<Substring>()
        for entry in extra { if let eq = entry.firstIndex(of: "=") { names.insert(entry[..<eq]) } }
        var result: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "="), !names.contains(text[..<eq]) { result.append(text) }
            pointer += 1
        }
        return result + extra
    }
}
