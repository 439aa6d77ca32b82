// SPDX-License-Identifier: MIT
import Glibc
import TransitionIO
import TransitionServer

/// Who holds an abstract socket name the daemon wanted (`@touchegg` when `[touchegg] enabled`
/// finds it taken), and what to tell the administrator about it.
struct ToucheggNameHolder: Equatable {
    var pid: Int32
    var uid: UInt32
    /// The user's name, when the uid has one.
    var user: String?
    /// `/proc/PID/comm`, when this process may read it.
    var command: String?

    /// Connects to `@name` without blocking and reads the listener's credentials (SO_PEERCRED of
    /// a connected Unix socket: the process that called listen()), then closes at once, having
    /// sent nothing; `nil` when the name cannot be reached (its backlog full, or freed since).
    static func identify(name: String) -> ToucheggNameHolder? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard UnixAddress.withAbstract(name, { connect(fd, $0, $1) }) == 0,
              let peer = PeerCredentials(socket: fd), peer.pid > 0 else { return nil }
        return ToucheggNameHolder(pid: peer.pid, uid: peer.uid, user: userName(peer.uid), command: command(of: peer.pid))
    }

    /// The log line for `@name` taken by `holder` (`nil`: it could not be learned).
    static func takenMessage(name: String, holder: ToucheggNameHolder?) -> String {
        let who: String
        if let holder {
            let user = holder.user.map { " (\($0))" } ?? ""
            let command = holder.command.map { ", \($0)" } ?? ""
            who = "another process holds @\(name): pid \(holder.pid)\(command), uid \(holder.uid)\(user)"
        } else {
            who = "another process holds @\(name) (which one could not be learned)"
        }
        return who + ". Touchégg's clients (GNOME's X11 extension, Cinnamon, elementary's Gala…) connect to that "
            + "process instead of transitiond and authenticate to it, and it may feed them any gestures it likes. "
            + "transitiond does not serve @\(name); the native socket works as usual. If it is Touchégg's own daemon, "
            + "`systemctl disable --now touchegg`; the safe way is transitiond-touchegg.socket, which systemd binds at boot "
            + "before any user can (docs/touchegg.md)"
    }

    private static func userName(_ uid: UInt32) -> String? {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    private static func command(of pid: Int32) -> String? {
        let fd = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        // A process names itself: keep printable ASCII only, so the log line cannot be forged.
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7f }))
        return clean.isEmpty ? nil : clean
    }
}
