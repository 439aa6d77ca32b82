// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
@testable import TransitionRunner
import TransitionTestSupport

@Suite struct FileWatchTests {
    @Test func seesAFileWrittenInPlaceAndOneRenamedOverIt() throws {
        let dir = try Scratch.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let watch = try #require(FileWatch(path: dir + "/actions.toml"))
        #expect(watch.watchesDirectory)
        #expect(!watch.drain())
        try "a".write(toFile: dir + "/other.toml", atomically: false, encoding: .utf8)
        #expect(!watch.drain())
        try "a".write(toFile: dir + "/actions.toml", atomically: false, encoding: .utf8)
        #expect(watch.drain())
        try "b".replaceFile(dir + "/actions.toml") // temporary file + rename
        #expect(watch.drain())
        unlink(dir + "/actions.toml")
        #expect(watch.drain())
    }

    /// A directory that does not exist yet (a fresh ~/.config/transitiond) is waited for.
    @Test func followsTheDirectoryWhenItAppears() throws {
        let root = try Scratch.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watch = try #require(FileWatch(path: root + "/config/transitiond/actions.toml"))
        #expect(!watch.watchesDirectory)
        #expect(watch.watched == root)
        try FileManager.default.createDirectory(atPath: root + "/unrelated", withIntermediateDirectories: false)
        #expect(!watch.drain())
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: false)
        _ = watch.drain()
        #expect(watch.watched == root + "/config")
        try FileManager.default.createDirectory(atPath: root + "/config/transitiond", withIntermediateDirectories: false)
        #expect(watch.drain()) // the file may be there already: look
        #expect(watch.watchesDirectory)
        try "a".replaceFile(root + "/config/transitiond/actions.toml")
        #expect(watch.drain())
    }

    /// The actions file and the user's settings on one descriptor: beside each other, and one
    /// in a directory that appears later.
    @Test func watchesSeveralFilesOnOneDescriptor() throws {
        let root = try Scratch.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watch = try #require(FileWatch(paths: [root + "/actions.toml", root + "/config.toml", root + "/later/settings.toml"]))
        try "a".replaceFile(root + "/other.toml")
        #expect(!watch.drain())
        try "a".replaceFile(root + "/config.toml")
        #expect(watch.drain())
        try "a".write(toFile: root + "/actions.toml", atomically: false, encoding: .utf8)
        #expect(watch.drain())
        try FileManager.default.createDirectory(atPath: root + "/later", withIntermediateDirectories: false)
        #expect(watch.drain())
        try "a".replaceFile(root + "/later/settings.toml")
        #expect(watch.drain())
        // The shared directory's watch still sees both of its files.
        try "b".replaceFile(root + "/config.toml")
        #expect(watch.drain())
        try "b".replaceFile(root + "/actions.toml")
        #expect(watch.drain())
    }

    @Test func parentsOfPaths() {
        #expect(FileWatch.parent(of: "/a/b/c") == "/a/b")
        #expect(FileWatch.parent(of: "/a") == "/")
        #expect(FileWatch.parent(of: "/") == nil)
        #expect(FileWatch.parent(of: "name") == nil)
    }
}
