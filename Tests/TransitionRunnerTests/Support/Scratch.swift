// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// A directory and a wait for the runner's edges' tests.
enum Scratch {
    /// A new directory of its own under the temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "/transition-runner-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Whether `condition` holds within `seconds`, polled every 20 ms.
    static func eventually(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}
