import Glibc

/// Watches the directory of the actions file with inotify, so a file that an editor replaces
/// (write to a temporary file, rename over) is seen as well as one written in place.
final class FileWatch {
    let fd: Int32
    let directory: String
    let name: String

    /// Watches `path`'s directory; nil when it cannot (the directory does not exist, …).
    init?(path: String) {
        let slash = path.lastIndex(of: "/")
        directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        guard inotify_add_watch(fd, directory, mask) >= 0 else { close(fd); return nil }
    }

    deinit { close(fd) }

    /// Whether any event since the last call concerns the file.
    func drain() -> Bool {
        var touched = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return touched }
            var offset = 0
            while offset + 16 <= n {
                let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8
                    | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + length)].prefix { $0 != 0 }
                if String(decoding: nameBytes, as: UTF8.self) == name { touched = true }
                offset += 16 + length
            }
        }
    }
}
