// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// A directory for the runner's edges' tests.
enum Scratch {
    /// A new directory of its own under the temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "/transition-runner-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

}
