// SPDX-License-Identifier: MIT
import Glibc

extension SocketPathFacts {
    /// What is at `path`: its type and owner, or, when the user may not look at it, the owner of
    /// the nearest directory above it that stops them; and whether the user joined that group
    /// since logging in (the group database lists them, this process's groups do not).
    public static func read(path: String) -> SocketPathFacts {
        var st = stat()
        if stat(path, &st) == 0 {
            let type: FileType = switch st.st_mode & S_IFMT {
            case S_IFSOCK: .socket
            case S_IFDIR: .directory
            case S_IFREG: .other("a regular file")
            default: .other("not a socket")
            }
            return facts(type: type, path: path, st)
        }
        // Not visible: the directory that refuses the search, if any.
        var directory = path
        while let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            directory = String(directory[..<slash])
            var above = stat()
            guard stat(directory, &above) == 0 else { continue }
            guard Glibc.access(directory, X_OK) != 0 else { break }
            return facts(type: .unknown, path: directory, above)
        }
        return SocketPathFacts(type: .unknown, checkedPath: path, owner: nil)
    }

    private static func facts(type: FileType, path: String, _ st: stat) -> SocketPathFacts {
        let name = groupName(st.st_gid)
        let inGroup = processGroups().contains(st.st_gid)
        return SocketPathFacts(type: type, checkedPath: path,
                               owner: Owner(uid: st.st_uid, gid: st.st_gid, groupName: name, mode: UInt32(st.st_mode) & 0o7777),
                               userJoinedSinceLogin: !inGroup && joinedSinceLogin(st.st_gid), userInGroup: inGroup)
    }

    private static func groupName(_ gid: gid_t) -> String? {
        var group = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getgrgid_r(gid, &group, &buffer, buffer.count, &result) == 0, let result else { return nil }
        return String(cString: result.pointee.gr_name)
    }

    /// This process's groups: its effective group and the supplementary ones.
    private static func processGroups() -> [gid_t] {
        let count = getgroups(0, nil)
        var current = [gid_t](repeating: 0, count: Int(max(count, 0)))
        if count > 0 { _ = getgroups(count, &current) }
        return current + [getegid()]
    }

    /// Whether the group database makes this user a member of `gid` (this process being no member).
    private static func joinedSinceLogin(_ gid: gid_t) -> Bool {
        var passwd = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getpwuid_r(geteuid(), &passwd, &buffer, buffer.count, &result) == 0, let result else { return false }
        var listed = [gid_t](repeating: 0, count: 256)
        var listedCount = Int32(listed.count)
        guard getgrouplist(result.pointee.pw_name, result.pointee.pw_gid, &listed, &listedCount) >= 0 else { return false }
        return listed.prefix(Int(listedCount)).contains(gid)
    }
}
