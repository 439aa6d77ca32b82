// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import TransitionTestSupport

/// What every connecting command says when it cannot connect, whole: the group to join, a
/// socket for root alone, a directory given as the socket (`ConnectAdvice`, through the one
/// place clients connect).
@Suite struct ConnectionErrorTests {
    /// `transitionctl` as nobody (uid and gid 65534, no other group), for permission errors:
    /// needs root, and setpriv(1).
    static var canDropPrivileges: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }

    static func asNobody(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", Binaries.path("transitionctl")] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func aDirectoryGivenAsTheSocketIsNamedAsSuch() throws {
        let directory = try Binaries.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for command in [["status"], ["list"], ["trigger", "swipe3-up"], ["watch", "--no-reconnect"], ["devices"]] {
            let run = try Binaries.run("transitionctl", command + ["--socket", directory])
            #expect(run.status == 69)
            #expect(run.output == "transitionctl: cannot connect to transitiond at \(directory): \(directory) is a directory, not a socket; "
                    + "pass the socket in it (such as --socket \(directory)/transitiond.sock)\n", "\(command)")
        }
    }

    @Test(.enabled(if: canDropPrivileges)) func aUserOutsideTheGroupIsToldToJoinIt() throws {
        let daemon = try TestDaemon()
        #expect(chmod(daemon.directory, 0o755) == 0)
        #expect(chown(daemon.socket, 0, 1) == 0)   // the group `daemon`, which nobody is not in
        for command in [["status"], ["doctor"], ["watch", "--no-reconnect"], ["trigger", "swipe3-up"], ["list"]] {
            let run = try Self.asNobody(command + ["--socket", daemon.socket])
            #expect(run.status == 69, "\(command)")
            #expect(run.output.contains("cannot connect to transitiond at \(daemon.socket): Permission denied: the socket belongs to the group "
                    + "daemon, which you are not in; join it with `sudo usermod -aG daemon $USER`, then log out and in again"),
                    "\(command): \(run.output)")
        }
        let status = try Self.asNobody(["status", "--socket", daemon.socket])
        #expect(status.output == "transitionctl: cannot connect to transitiond at \(daemon.socket): Permission denied: the socket belongs to "
                + "the group daemon, which you are not in; join it with `sudo usermod -aG daemon $USER`, then log out and in again\n")
    }

    @Test(.enabled(if: canDropPrivileges)) func aGroupTheModeShutsOutIsToldWhatTheAdministratorChanges() throws {
        let daemon = try TestDaemon()
        #expect(chmod(daemon.directory, 0o755) == 0)
        #expect(chown(daemon.socket, 0, 65534) == 0)   // nogroup, nobody's own
        #expect(chmod(daemon.socket, 0o640) == 0)
        let run = try Self.asNobody(["status", "--socket", daemon.socket])
        #expect(run.status == 69)
        #expect(run.output == "transitionctl: cannot connect to transitiond at \(daemon.socket): Permission denied: you are in the group "
                + "nogroup that the socket belongs to, but its mode 0640 does not let the group connect (that takes write permission); "
                + "the administrator makes it 0660 (SocketMode= in transitiond.socket)\n")
    }

    /// The runner says it too, as it waits for transitiond.
    @Test(.enabled(if: canDropPrivileges)) func theRunnerSaysItWhileItWaits() throws {
        let daemon = try TestDaemon()
        #expect(chmod(daemon.directory, 0o755) == 0)
        #expect(chown(daemon.socket, 0, 1) == 0)
        let log = daemon.directory + "/run.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", Binaries.path("transitionctl"),
                             "run", "--socket", daemon.socket]
        process.environment = ["HOME": "/nonexistent", "PATH": "/usr/bin:/bin"]
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        let advice = "Permission denied: the socket belongs to the group daemon, which you are not in; "
            + "join it with `sudo usermod -aG daemon $USER`, then log out and in again"
        #expect(eventually { Binaries.read(log).contains(advice) }, "\(Binaries.read(log))")
    }

    @Test(.enabled(if: canDropPrivileges)) func aSocketForRootAloneSaysWhatTheAdministratorConfigures() throws {
        let daemon = try TestDaemon()
        #expect(chmod(daemon.directory, 0o755) == 0)
        let run = try Self.asNobody(["status", "--socket", daemon.socket])
        #expect(run.status == 69)
        #expect(run.output == "transitionctl: cannot connect to transitiond at \(daemon.socket): Permission denied: the socket is reachable "
                + "by root alone (root:root); the administrator gives it a group: socket_group = \"transitiond\" in "
                + "/etc/transitiond/config.toml, or SocketGroup= in transitiond.socket (docs/service.md)\n")
    }

    @Test(.enabled(if: canDropPrivileges)) func aDirectoryThatStopsTheUserIsNamed() throws {
        let daemon = try TestDaemon()
        #expect(chown(daemon.directory, 0, 1) == 0)
        #expect(chmod(daemon.directory, 0o750) == 0)
        let run = try Self.asNobody(["status", "--socket", daemon.socket])
        #expect(run.status == 69)
        #expect(run.output == "transitionctl: cannot connect to transitiond at \(daemon.socket): Permission denied: its directory "
                + "\(daemon.directory) belongs to the group daemon, which you are not in; join it with `sudo usermod -aG daemon $USER`, "
                + "then log out and in again\n")
    }
}
