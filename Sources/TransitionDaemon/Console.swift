// SPDX-License-Identifier: MIT
import Glibc
import TransitionIO

/// Unbuffered writes to the standard streams (Glibc's `stdout`/`stderr` globals are not
/// concurrency-safe in Swift 6).
public enum Console {
    /// Writes `text` to standard output.
    public static func out(_ text: String) { write(1, text) }
    /// Writes `text` to standard error.
    public static func err(_ text: String) { write(2, text) }

    private static func write(_ fd: Int32, _ text: String) {
        WriteAll.write(fd, text)
    }
}
