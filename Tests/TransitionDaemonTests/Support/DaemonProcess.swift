// SPDX-License-Identifier: MIT
import Foundation
import TransitionTestSupport

/// Runs the built `transitiond` (or `transitionctl`) binary, as a user or systemd would, for
/// integration tests. The binaries sit beside the test bundle in the build folder
/// (`swift build --build-tests` builds them).
struct DaemonProcess {
    /// The build folder holding the executables.
    static var binDirectory: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("transitiond").path) {
                return url
            }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug")
    }

    static func executable(_ name: String) -> URL { binDirectory.appendingPathComponent(name) }

    /// The result of a finished run.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// Runs the executable `name` with `arguments` to completion (killing it after `timeout` seconds).
    static func run(_ arguments: [String], executable name: String = "transitiond", environment: [String: String]? = nil,
                    timeout: TimeInterval = 30) throws -> Output {
        let process = Process()
        process.executableURL = executable(name)
        process.arguments = arguments
        process.environment = TestHome.environment(environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A fresh private directory for sockets, traces and configs.
    static func temporaryDirectory() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("transitiond-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Gesture traces for `--replay`, in the trace format (`TraceFormat` in TransitionInput).
enum Traces {
    /// A 3-finger touchpad swipe of `steps` samples of (`dx`, `dy`) every `intervalUs`, then a
    /// rest of `holdUs` and a release.
    static func swipe(fingers: Int = 3, steps: Int, dx: Double, dy: Double, intervalUs: UInt64 = 8000,
                      holdUs: UInt64 = 0, start: UInt64 = 1_000_000, device: Int = 1,
                      cancel: String? = nil) -> String {
        var t = start
        var lines = [#"{"type":"begin","device":\#(device),"source":"swipe","fingers":\#(fingers),"time_us":\#(t)}"#]
        for _ in 0..<steps {
            t += intervalUs
            lines.append(#"{"type":"update","device":\#(device),"dx":\#(dx),"dy":\#(dy),"time_us":\#(t)}"#)
        }
        t += holdUs + intervalUs
        let cancelValue = cancel.map { "\"\($0)\"" } ?? "null"
        lines.append(#"{"type":"end","device":\#(device),"cancel":\#(cancelValue),"time_us":\#(t)}"#)
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Decodes JSON lines into dictionaries.
func jsonObjects(_ lines: [String]) -> [[String: Any]] {
    lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
}

/// A daemon started in the background; stopped with SIGTERM (and its stderr collected) by
/// ``stop()``.
final class RunningDaemon {
    let process = Process()
    let socketPath: String
    private let errorPipe = Pipe()

    /// Starts `transitiond --no-input --socket SOCKET` plus `arguments`, and waits (up to 20 s)
    /// for the socket to appear.
    init(socket: String, arguments: [String] = []) throws {
        socketPath = socket
        process.executableURL = DaemonProcess.executable("transitiond")
        process.arguments = ["--no-input", "--socket", socket] + arguments
        process.environment = TestHome.environment()
        process.standardError = errorPipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) {
            guard process.isRunning else { break }
            usleep(100_000)
        }
    }

    func signal(_ signo: Int32) { kill(process.processIdentifier, signo) }

    /// SIGTERM, wait, and return what the daemon logged.
    func stop() -> (status: Int32, stderr: String) {
        if process.isRunning { process.terminate() }
        let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
