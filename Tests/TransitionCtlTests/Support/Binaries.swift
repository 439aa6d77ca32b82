// SPDX-License-Identifier: MIT
import Foundation
import TransitionTestSupport

/// The built executables (beside the test bundle; `swift build --build-tests` builds them) and
/// a private directory per test. Each runs with a home of its own (`TestHome`), whatever
/// `environment` says of the rest.
enum Binaries {
    static var directory: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("transitionctl").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug")
    }

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "/transitionctl-run-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Starts `name` with `arguments`, its standard error into `log`.
    static func start(_ name: String, _ arguments: [String], log: String, environment: [String: String]? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path(name))
        process.arguments = arguments
        process.environment = TestHome.environment(environment)
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardError = handle
        process.standardOutput = handle
        try process.run()
        return process
    }

    /// Runs `name` to completion (in `environment`, else this process's); its exit status and output.
    @discardableResult
    static func run(_ name: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path(name))
        process.arguments = arguments
        process.environment = TestHome.environment(environment)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
