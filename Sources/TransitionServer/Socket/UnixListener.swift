// SPDX-License-Identifier: MIT
import CLinux
import Glibc

/// Why the server cannot listen.
public enum ListenerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another server answers on the path (or holds its lock file).
    case alreadyRunning(path: String)
    /// Something other than a socket sits at the path; it is left alone.
    case notASocket(path: String)
    /// The path does not fit in a `sockaddr_un`.
    case pathTooLong(path: String)
    /// The configured socket group does not exist.
    case unknownGroup(String)
    /// A descriptor handed over (socket activation) is not a listening Unix stream socket.
    case notAListeningSocket(fd: Int32, reason: String)
    /// A system call failed.
    case system(String, SystemError)

    public var description: String {
        switch self {
        case .alreadyRunning(let path):
            "another transitiond is already listening on \(path) (stop it, or give this one another --socket)"
        case .notASocket(let path):
            "\(path) exists and is not a socket; refusing to replace it"
        case .pathTooLong(let path):
            "socket path \(path) is longer than \(UnixAddress.maxPathBytes) bytes"
        case .unknownGroup(let name):
            "socket group \"\(name)\" does not exist"
        case .notAListeningSocket(let fd, let reason):
            "file descriptor \(fd) is not a listening Unix stream socket: \(reason)"
        case .system(let what, let error):
            "\(what): \(String(cString: strerror(error.errno)))"
        }
    }
}

/// A listening Unix stream socket: bound by the server in a directory of its own, or handed
/// over by systemd (socket activation) and used as is.
///
/// Binding is careful about what is already there: a lock file beside the socket (`PATH.lock`,
/// `flock`) and a connect probe refuse a live second instance; a socket nobody answers on is a
/// stale leftover and is replaced; anything that is not a socket is never touched. The socket is
/// created under a temporary name, given its mode and group, and renamed into place, so no
/// client ever sees it with looser permissions.
public final class UnixListener {
    /// The listening, non-blocking descriptor.
    public let fd: Int32
    /// The socket's path (`nil` for an adopted descriptor whose path is unknown).
    public let path: String?
    /// Whether binding replaced a stale socket left by a server that died.
    public private(set) var replacedStaleSocket = false

    private var lockFD: Int32 = -1
    private let ownsPath: Bool
    private var inode: ino_t = 0
    private var isClosed = false

    private init(fd: Int32, path: String?, ownsPath: Bool) {
        self.fd = fd; self.path = path; self.ownsPath = ownsPath
    }

    deinit { close() }

    /// Binds and listens on `path` with file mode `mode`, owned by `group` (a name or number)
    /// when given. Creates the socket's directory if it is missing (0755, or 0750 with a group).
    public static func bind(path: String, group: String? = nil, mode: UInt32 = 0o660,
                            backlog: Int32 = 128) throws(ListenerError) -> UnixListener {
        guard path.utf8.count <= UnixAddress.maxPathBytes, !path.isEmpty else { throw .pathTooLong(path: path) }
        let gid = try group.map { name throws(ListenerError) in try groupID(name) }
        try makeDirectory(of: path, gid: gid)

        // One server per path: the lock is held for the listener's lifetime.
        let lockFD = open("\(path).lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockFD >= 0 else { throw .system("open \(path).lock", SystemError("open")) }
        guard flock(lockFD, LOCK_EX | LOCK_NB) == 0 else {
            let error = SystemError("flock")
            Glibc.close(lockFD)
            if error.errno == EWOULDBLOCK { throw .alreadyRunning(path: path) }
            throw .system("lock \(path).lock", error)
        }
        do throws(ListenerError) {
            let replaced = try removeStaleSocket(at: path)
            let fd = try bindSocket(at: path, gid: gid, mode: mode, backlog: backlog)
            let listener = UnixListener(fd: fd, path: path, ownsPath: true)
            listener.lockFD = lockFD
            listener.replacedStaleSocket = replaced
            var st = stat()
            if stat(path, &st) == 0 { listener.inode = st.st_ino }
            return listener
        } catch {
            Glibc.close(lockFD)
            throw error
        }
    }

    /// Binds and listens on the abstract socket `@name` (Linux: no file, no permissions; it
    /// belongs to the network namespace). Throws ``ListenerError/alreadyRunning(path:)`` when
    /// another process holds the name.
    public static func bindAbstract(name: String, backlog: Int32 = 128) throws(ListenerError) -> UnixListener {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", SystemError("socket")) }
        guard let bound = UnixAddress.withAbstract(name, { Glibc.bind(fd, $0, $1) }) else {
            Glibc.close(fd)
            throw .pathTooLong(path: "@\(name)")
        }
        guard bound == 0 else {
            let error = SystemError("bind")
            Glibc.close(fd)
            if error.errno == EADDRINUSE { throw .alreadyRunning(path: "@\(name)") }
            throw .system("bind @\(name)", error)
        }
        guard listen(fd, backlog) == 0 else {
            let error = SystemError("listen")
            Glibc.close(fd)
            throw .system("listen @\(name)", error)
        }
        return UnixListener(fd: fd, path: "@\(name)", ownsPath: false)
    }

    /// Uses a descriptor that is already listening (systemd socket activation), as is: its
    /// path, mode and group are systemd's business. Makes it non-blocking.
    public static func adopt(fd: Int32, path: String? = nil) throws(ListenerError) -> UnixListener {
        func option(_ name: Int32) -> Int32? {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(fd, SOL_SOCKET, name, &value, &length) == 0 ? value : nil
        }
        guard let type = option(SO_TYPE) else {
            throw .notAListeningSocket(fd: fd, reason: String(cString: strerror(clinux_errno())))
        }
        guard type == Int32(SOCK_STREAM.rawValue) else { throw .notAListeningSocket(fd: fd, reason: "not a stream socket") }
        guard option(SO_DOMAIN) == AF_UNIX else { throw .notAListeningSocket(fd: fd, reason: "not a Unix socket") }
        guard option(SO_ACCEPTCONN) == 1 else { throw .notAListeningSocket(fd: fd, reason: "not listening") }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw .system("fcntl(O_NONBLOCK) on fd \(fd)", SystemError("fcntl"))
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return UnixListener(fd: fd, path: path, ownsPath: false)
    }

    /// The path the socket is bound to, as the kernel says (`getsockname`): known for an adopted
    /// descriptor too. `@name` for an abstract socket; `nil` for an unnamed one.
    public var boundPath: String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let pathLength = Int(length) - MemoryLayout<sa_family_t>.size
        guard result == 0, pathLength > 0 else { return nil }
        let bytes = withUnsafeBytes(of: &address.sun_path) { Array($0.prefix(pathLength)) }
        if bytes.first == 0 { return "@" + String(decoding: bytes.dropFirst(), as: UTF8.self) }
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Stops listening; removes the socket file if this listener created it and it is still
    /// the same file. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        if ownsPath, let path {
            var st = stat()
            if stat(path, &st) == 0 && st.st_ino == inode { unlink(path) }
        }
        Glibc.close(fd)
        if lockFD >= 0 { Glibc.close(lockFD) }
    }

    // MARK: Steps

    private static func groupID(_ name: String) throws(ListenerError) -> gid_t {
        if let number = UInt32(name) { return number }
        var group = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 16384)
        let status = getgrnam_r(name, &group, &buffer, buffer.count, &result)
        guard status == 0, let result else { throw .unknownGroup(name) }
        return result.pointee.gr_gid
    }

    private static func makeDirectory(of path: String, gid: gid_t?) throws(ListenerError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        var st = stat()
        if stat(directory, &st) == 0 { return }
        guard mkdir(directory, gid == nil ? 0o755 : 0o750) == 0 || clinux_errno() == EEXIST else {
            throw .system("create directory \(directory)", SystemError("mkdir"))
        }
        if let gid { _ = chown(directory, uid_t.max, gid) }
    }

    /// Returns whether a stale socket was removed; throws if a server answers.
    private static func removeStaleSocket(at path: String) throws(ListenerError) -> Bool {
        var st = stat()
        guard lstat(path, &st) == 0 else { return false }
        guard st.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path: path) }
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { throw .system("socket", SystemError("socket")) }
        defer { Glibc.close(probe) }
        let result = UnixAddress.with(path) { connect(probe, $0, $1) } ?? -1
        let error = clinux_errno()
        if result == 0 || error == EAGAIN || error == EINPROGRESS { throw .alreadyRunning(path: path) }
        guard error == ECONNREFUSED else { throw .system("probe \(path)", SystemError("connect", errno: error)) }
        guard unlink(path) == 0 || clinux_errno() == ENOENT else {
            throw .system("remove stale socket \(path)", SystemError("unlink"))
        }
        return true
    }

    private static func bindSocket(at path: String, gid: gid_t?, mode: UInt32, backlog: Int32) throws(ListenerError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", SystemError("socket")) }
        // Bind under a temporary name, fix mode and group, then rename into place.
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        let temporary = "\(directory).transitiond.\(getpid()).tmp"
        let staged = temporary.utf8.count <= UnixAddress.maxPathBytes
        let bindPath = staged ? temporary : path
        if staged { unlink(temporary) }
        do throws(ListenerError) {
            guard UnixAddress.with(bindPath, { Glibc.bind(fd, $0, $1) }) == 0 else {
                throw .system("bind \(bindPath)", SystemError("bind"))
            }
            if let gid, chown(bindPath, uid_t.max, gid) != 0 {
                throw .system("chown \(bindPath) to group \(gid)", SystemError("chown"))
            }
            guard chmod(bindPath, mode_t(mode)) == 0 else { throw .system("chmod \(bindPath)", SystemError("chmod")) }
            guard listen(fd, backlog) == 0 else { throw .system("listen \(bindPath)", SystemError("listen")) }
            if staged {
                guard rename(temporary, path) == 0 else { throw .system("rename \(temporary) to \(path)", SystemError("rename")) }
            }
            return fd
        } catch {
            Glibc.close(fd)
            if staged { unlink(temporary) }
            throw error
        }
    }
}
