// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TransitionTestSupport

/// A real `transitiond --no-input` (the built-in configuration) on a socket in a private
/// directory, for the commands' messages.
final class TestDaemon {
    let directory: String
    let socket: String
    private let process: Process

    init(_ arguments: [String] = []) throws {
        directory = try Binaries.temporaryDirectory()
        socket = directory + "/d.sock"
        process = try Binaries.start("transitiond", ["--no-input", "--socket", socket] + arguments, log: directory + "/daemon.log")
        #expect(eventually { FileManager.default.fileExists(atPath: self.socket) })
    }

    var log: String { Binaries.read(directory + "/daemon.log") }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
