// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import TransitionConfig

@Suite struct ConfigReloaderTests {
    static let good = "log_level = \"debug\"\n[[transition]]\nname = \"a\"\nbinding = \"swipe3-left\"\n"
    static let better = "log_level = \"warning\"\n[[transition]]\nname = \"b\"\nbinding = \"swipe4-left\"\n"

    @Test func aBrokenReloadKeepsTheOldConfiguration() throws {
        let first = try ConfigLoader.parse(Self.good)
        var reloader = ConfigReloader(current: first, explicitPath: nil)
        let outcome = reloader.reload(text: "[[transition]]\nname = \"a\"\nstifness = 3\n", source: "config.toml")
        guard case .kept(let error) = outcome else { Issue.record("expected .kept, got \(outcome)"); return }
        #expect(error.description == "config.toml:3:1: unknown key 'stifness' in [[transition]] 'a'")
        #expect(reloader.current == first)
    }

    @Test func aGoodReloadIsAppliedAndAnIdenticalOneIsUnchanged() throws {
        let first = try ConfigLoader.parse(Self.good)
        var reloader = ConfigReloader(current: first, explicitPath: nil)
        #expect(reloader.reload(text: Self.good + "# only a comment\n", source: "c") == .unchanged)
        let second = try ConfigLoader.parse(Self.better)
        #expect(reloader.reload(text: Self.better, source: "c") == .applied(new: second, old: first))
        reloader.commit(second)
        #expect(reloader.current == second)
    }

    /// A valid file is only a proposal until the caller commits it (after the engine accepted
    /// it): a refused one leaves the old configuration in force, and the same file read again
    /// is proposed again rather than reported unchanged.
    @Test func aReloadIsInForceOnlyOnceCommitted() throws {
        let first = try ConfigLoader.parse(Self.good)
        let second = try ConfigLoader.parse(Self.better)
        var reloader = ConfigReloader(current: first, explicitPath: nil)
        #expect(reloader.reload(text: Self.better, source: "c") == .applied(new: second, old: first))
        #expect(reloader.current == first) // the engine refused it: nothing committed
        #expect(reloader.reload(text: Self.better, source: "c") == .applied(new: second, old: first))
        reloader.commit(second)
        #expect(reloader.current == second)
        #expect(reloader.reload(text: Self.better, source: "c") == .unchanged)
    }

    @Test func reloadFromFiles() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/config.toml"
        try dir.write(Self.good, to: "config.toml")
        let first = try ConfigLoader.load(path: path)
        var reloader = ConfigReloader(current: first, explicitPath: path)

        try dir.write("log_level = \"loud\"\n", to: "config.toml")
        guard case .kept(let error) = reloader.reload() else { Issue.record("expected .kept"); return }
        #expect(error.description.hasPrefix("\(path):1:13: 'log_level' at the top level must be one of"))
        #expect(reloader.current == first)

        unlink(path)
        guard case .kept(let missing) = reloader.reload() else { Issue.record("expected .kept"); return }
        #expect(missing.description == "\(path): cannot open: No such file or directory")
        #expect(reloader.current == first)

        try dir.write(Self.better, to: "config.toml")
        guard case .applied(let new, _) = reloader.reload() else { Issue.record("expected .applied"); return }
        #expect(new.logLevel == .warning)
    }

    @Test func withoutAnExplicitPathAMissingSystemFileMeansTheBuiltIn() throws {
        let dir = try TemporaryDirectory()
        let system = dir.path + "/config.toml"
        #expect(try ConfigLoader.loadSystem(path: system).path == nil)
        #expect(try ConfigLoader.loadSystem(path: system).configuration == .builtIn)

        try dir.write(Self.good, to: "config.toml")
        var reloader = ConfigReloader(current: .builtIn, explicitPath: nil, systemPath: system)
        guard case .applied(let new, _) = reloader.reload() else { Issue.record("expected .applied"); return }
        #expect(new.logLevel == .debug)
        reloader.commit(new)
        unlink(system)
        guard case .applied(let back, _) = reloader.reload() else { Issue.record("expected .applied"); return }
        #expect(back == .builtIn)
    }

    @Test func invalidUTF8IsReportedWhereItIs() throws {
        let dir = try TemporaryDirectory()
        try dir.write(bytes: Array("a = 1\nb = \"x".utf8) + [0xFF] + Array("\"\n".utf8), to: "bad.toml")
        #expect(throws: ConfigError(source: dir.path + "/bad.toml", position: SourcePosition(line: 2, column: 7),
                                    message: "the file is not valid UTF-8 here")) {
            try ConfigLoader.load(path: dir.path + "/bad.toml")
        }
    }
}

/// A directory under /tmp removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/transitiond-config-test.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(errno) }
        path = String(cString: made)
    }

    func write(_ text: String, to name: String) throws {
        try write(bytes: Array(text.utf8), to: name)
    }

    func write(bytes: [UInt8], to name: String) throws {
        let fd = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw POSIXError(errno) }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw POSIXError(errno) }
    }

    deinit {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(dir)
        }
        rmdir(path)
    }
}

struct POSIXError: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}
