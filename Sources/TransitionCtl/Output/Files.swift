// SPDX-License-Identifier: MIT
import Glibc
import TransitionFiles
import TransitionIO

/// Whole-file reads and writes and running a converter, with errors as messages.
enum Files {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The bytes of `path` (`-`: standard input).
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        do {
            return path == "-" ? try FileBytes.read(fd: 0) : try FileBytes.read(path: path)
        } catch {
            throw Failure(description: "cannot \(error.operation) \(path): \(error.reason)")
        }
    }

    /// Creates or replaces `path` with `text`; with `replace` false, an existing file is an error
    /// (`O_EXCL`: nothing is overwritten, even by a file that appears meanwhile).
    static func write(_ text: String, to path: String, replace: Bool = true) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | (replace ? O_TRUNC : O_EXCL) | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST { throw Failure(description: "\(path) exists; pass --force to replace it") }
            throw Failure(description: "cannot create \(path): \(message(errno))")
        }
        if let error = WriteAll.write(fd, text) {
            close(fd)
            throw Failure(description: "cannot write \(path): \(message(error))")
        }
        guard close(fd) == 0 else { throw Failure(description: "cannot write \(path): \(message(errno))") }
    }

    /// Creates `directory` and any missing parents (mode 0755), as `mkdir -p`.
    static func makeDirectories(_ directory: String) throws(Failure) {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o755) != 0 && errno != EEXIST {
                throw Failure(description: "cannot create \(path): \(message(errno))")
            }
        }
    }

    /// The process ids and argument vectors of the processes this user can see (`/proc`).
    static func processes() -> [(pid: Int, arguments: [String])] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var result: [(pid: Int, arguments: [String])] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int(name), let bytes = try? FileBytes.read(path: "/proc/\(pid)/cmdline", limit: 65536) else { continue }
            let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            result.append((pid, arguments.last == "" ? Array(arguments.dropLast()) : arguments))
        }
        return result
    }

    /// The paths glob(3) finds for `pattern`, sorted as it sorts them; none when it finds none
    /// or fails.
    static func glob(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        guard Glibc.glob(pattern, 0, nil, &found) == 0 else { return [] }
        return (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0].map { String(cString: $0) } }
    }

    /// Whether an executable `name` is on `PATH`.
    static func onPath(_ name: String) -> Bool {
        let path = ProcessEnvironment.value("PATH") ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(name)", X_OK) == 0 }
    }

    /// Runs `arguments` (looked up on `PATH`), its output discarded; returns its exit status
    /// (128 + signal when killed, 127 when it could not be started).
    static func run(_ arguments: [String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return 127 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    static func message(_ code: Int32) -> String { String(cString: strerror(code)) }
}
