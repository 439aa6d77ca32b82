// SPDX-License-Identifier: MIT
public import Foundation
import Glibc

extension String {
    /// Writes this text to `path` as UTF-8 the way configuration editors do: into a file beside
    /// it, then `rename(2)` over it, so a reader (a daemon reloading) sees the old text or the new,
    /// never half. Foundation's `write(toFile:atomically: true)` does the same on Linux through a
    /// `/tmp/TemporaryDirectory.*` it leaves behind at every write (about 3 600 after a few days
    /// of test runs).
    public func replaceFile(_ path: String) throws {
        let temporary = path + ".new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try write(toFile: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "rename to \(path): \(String(cString: strerror(error)))"])
        }
    }

    /// ``replaceFile(_:)-(String)`` for a file URL.
    public func replaceFile(_ url: URL) throws { try replaceFile(url.path) }
}
