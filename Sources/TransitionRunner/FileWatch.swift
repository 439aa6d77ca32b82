// SPDX-License-Identifier: MIT
import Glibc

/// Watches the directories of the runner's files (the actions file, the user's settings) with
/// one inotify descriptor, so a file that an editor replaces (write to a temporary file, rename
/// over) is seen as well as one written in place. While a directory does not exist yet (a fresh
/// `~/.config/transitiond`), its nearest existing ancestor is watched instead, and the watch
/// moves down as the directories appear.
final class FileWatch {
    /// One file and where its watch stands.
    private struct Target {
        let directory: String
        let name: String
        /// The directory watched now: ``directory``, or an ancestor while it is missing.
        var watched: String
        var descriptor: Int32 = -1
        var watchesDirectory: Bool { watched == directory }
    }

    let fd: Int32
    private var targets: [Target]

    private static let fileMask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
    private static let ancestorMask = UInt32(IN_CREATE | IN_MOVED_TO)

    /// Watches `path`'s directory (or its nearest existing ancestor); nil when inotify fails.
    convenience init?(path: String) { self.init(paths: [path]) }

    /// Watches the directory of each of `paths` (or its nearest existing ancestor); nil when
    /// inotify fails.
    init?(paths: [String]) {
        targets = paths.map { path in
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
            return Target(directory: directory, name: slash.map { String(path[path.index(after: $0)...]) } ?? path,
                          watched: directory)
        }
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        for i in targets.indices where !arm(i) { close(fd); return nil }
    }

    deinit { close(fd) }

    /// Whether the first file's directory itself is watched (not an ancestor waiting for it).
    var watchesDirectory: Bool { targets.first?.watchesDirectory ?? false }
    /// The first file's directory.
    var directory: String { targets.first?.directory ?? "." }
    /// The directory the first file's watch is on now.
    var watched: String { targets.first?.watched ?? "." }

    /// Watches the deepest existing directory on the way to target `i`'s directory. Masks are
    /// added (IN_MASK_ADD), since two files may share a directory and so a watch.
    private func arm(_ i: Int) -> Bool {
        var candidate = targets[i].directory
        while true {
            let mask = candidate == targets[i].directory ? Self.fileMask : Self.ancestorMask
            let wd = inotify_add_watch(fd, candidate, mask | UInt32(IN_MASK_ADD))
            if wd >= 0 {
                let old = targets[i].descriptor
                targets[i].descriptor = wd
                targets[i].watched = candidate
                if old >= 0 && old != wd && !targets.contains(where: { $0.descriptor == old }) { inotify_rm_watch(fd, old) }
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

    /// Whether any event since the last call concerns one of the files (or brought its
    /// directory into existence, in which case the file may be there already).
    func drain() -> Bool {
        var touched = false
        var rearm: Set<Int> = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            while offset + 16 <= n {
                let wd = Int32(bitPattern: UInt32(buffer[offset]) | UInt32(buffer[offset + 1]) << 8
                    | UInt32(buffer[offset + 2]) << 16 | UInt32(buffer[offset + 3]) << 24)
                let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8
                    | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + length)].prefix { $0 != 0 }
                let entry = String(decoding: nameBytes, as: UTF8.self)
                for (i, target) in targets.enumerated() where target.descriptor == wd {
                    if target.watchesDirectory {
                        if entry == target.name { touched = true }
                    } else {
                        let created = target.watched == "/" ? "/" + entry : target.watched + "/" + entry
                        if target.directory == created || target.directory.hasPrefix(created + "/") { rearm.insert(i) }
                    }
                }
                offset += 16 + length
            }
        }
        for i in rearm.sorted() where arm(i) && targets[i].watchesDirectory { touched = true }
        return touched
    }
}
