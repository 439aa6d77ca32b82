// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// Whether `condition` holds within `seconds`, polled every 20 ms: the one wait of the tests that
/// watch another process (a daemon, a runner, a command it started) reach a state. A bound that
/// only cuts a hang, never a measure of speed.
public func eventually(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
