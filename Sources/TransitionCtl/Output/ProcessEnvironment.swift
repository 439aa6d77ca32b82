// SPDX-License-Identifier: MIT
import Glibc

/// The process's environment, read once per use by name: the commands hand the pure parts
/// (socket location, actions and settings paths, the desktop) a dictionary, never `getenv`.
enum ProcessEnvironment {
    /// The values of `names` that are set.
    static func values(_ names: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}
