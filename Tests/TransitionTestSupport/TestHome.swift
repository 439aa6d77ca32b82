// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// A home of its own for every program a test runs, so that no test reads or writes the real
/// user's files (`~/.config/transitiond/config.toml` left by `transitionctl import` once made
/// `run --check` report the user's settings too).
public enum TestHome {
    /// The variables that lead a program to a user's files.
    public static let variables = ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
                                   "XDG_RUNTIME_DIR"]

    /// The directory this test process makes its homes in (mode 0700), removed with everything
    /// in it when the process exits: a run of the suite leaves no homes behind in the temporary
    /// directory.
    private static let root: String = {
        var template = Array((NSTemporaryDirectory() + "/transitiond-test-homes-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "cannot make a directory for test homes: \(String(cString: strerror(errno)))")
        atexit { try? FileManager.default.removeItem(atPath: TestHome.root) }
        return String(cString: made!)
    }()

    /// `base` (this process's environment when nil) with each of ``variables`` pointing into a new
    /// private directory (mode 0700, as `XDG_RUNTIME_DIR` must be), except where `base` already
    /// sets one to a value of the test's own (one that differs from this process's).
    /// `XDG_RUNTIME_DIR` is only ever replaced, never added (a test may leave it out on purpose: no
    /// session bus), and only when it is the user's own, `/run/user/UID`, not one a test script
    /// gave this process (headless sway's or KWin's).
    public static func environment(_ base: [String: String]? = nil) -> [String: String] {
        var inherited = ProcessInfo.processInfo.environment
        if let runtime = inherited["XDG_RUNTIME_DIR"], runtime != "/run/user/\(getuid())" { inherited["XDG_RUNTIME_DIR"] = nil }
        var environment = base ?? ProcessInfo.processInfo.environment
        let home = root + "/\(UUID().uuidString.prefix(8))"
        let paths = ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
                     "XDG_STATE_HOME": home + "/.local/state", "XDG_CACHE_HOME": home + "/.cache",
                     "XDG_RUNTIME_DIR": home + "/run"]
        for name in variables {
            let value = environment[name]
            let inheritedValue = value != nil && value == inherited[name]
            guard name == "XDG_RUNTIME_DIR" ? inheritedValue : value == nil || inheritedValue else { continue }
            let path = paths[name]!
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
            environment[name] = path
        }
        return environment
    }
}
