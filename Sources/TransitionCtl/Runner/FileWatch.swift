// SPDX-License-Identifier: MIT
import Glibc

/// Watches the directory of the actions file with inotify, so a file that an editor replaces
/// (write to a temporary file, rename over) is seen as well as one written in place. While the
/// directory does not exist yet (a fresh `~/.config/transitiond`), the nearest existing ancestor
/// is watched instead, and the watch moves down as the directories appear.
final class FileWatch {
    let fd: Int32
    let directory: String
    let name: String
    /// The directory watched now: ``directory``, or an ancestor while it is missing.
    private(set) var watched: String
    private var descriptor: Int32 = -1

    private static let fileMask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
    private static let ancestorMask = UInt32(IN_CREATE | IN_MOVED_TO)

    /// Watches `path`'s directory (or its nearest existing ancestor); nil when inotify fails.
    init?(path: String) {
        let slash = path.lastIndex(of: "/")
        directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        watched = directory
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        guard arm() else { close(fd); return nil }
    }

    deinit { close(fd) }

    /// Whether the directory itself is watched (not an ancestor waiting for it).
    var watchesDirectory: Bool { watched == directory }

    /// Watches the deepest existing directory on the way to ``directory``.
    private func arm() -> Bool {
        var candidate = directory
        while true {
            let mask = candidate == directory ? Self.fileMask : Self.ancestorMask
            let wd = inotify_add_watch(fd, candidate, mask)
            if wd >= 0 {
                if descriptor >= 0 && descriptor != wd { inotify_rm_watch(fd, descriptor) }
                descriptor = wd
                watched = candidate
                return true
            }
            guard errno == ENOENT || errno == ENOTDIR, let up = Self.parent(of: candidate) else { return false }
            candidate = up
        }
    }

    /// `/a/b` for `/a/b/c`, `/` for `/a`, nil for `/` and relative names without a slash.
    static func parent(of path: String) -> String? {
        guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether any event since the last call concerns the file (or brought its directory into
    /// existence, in which case the file may be there already).
    func drain() -> Bool {
        var touched = false
        var rearm = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            while offset + 16 <= n {
                let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8
                    | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + length)].prefix { $0 != 0 }
                let entry = String(decoding: nameBytes, as: UTF8.self)
                if watchesDirectory {
                    if entry == name { touched = true }
                } else {
                    let created = watched == "/" ? "/" + entry : watched + "/" + entry
                    if directory == created || directory.hasPrefix(created + "/") { rearm = true }
                }
                offset += 16 + length
            }
        }
        if rearm, arm(), watchesDirectory { touched = true }
        return touched
    }
}
